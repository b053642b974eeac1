/**
 * Domain choice (seed 000 §2 `/domain-choice`, §4 « in domain choice »): a user whose root
 * organisations span both domains picks one after login — by password or by Microsoft, whose
 * switch is `switch-domain-for-microsoft` (the `switchDomain` actor the page provides goes through
 * the auth machine, which knows how the session was opened).
 * choosing → switching → entered (final); a refusal goes back to choosing with its error;
 * `domain.back` abandons (the page logs out and returns to login).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { errorInfo } from '../auth/auth.machine.ts';
import type { DomainChoiceContext, DomainChoiceEvent, DomainChoiceInput } from './domain-choice.types.ts';

export const domainChoiceMachine = setup({
  types: {} as { context: DomainChoiceContext; events: DomainChoiceEvent; input: DomainChoiceInput },
  actors: {
    /** Provided by the app: switches the session's domain, rejects with the server's keyed error. */
    switchDomain: fromPromise<void, { domain: DomainId }>(() =>
      Promise.reject(new Error('domain-choice machine: switchDomain not provided')),
    ),
  },
  guards: {
    isOffered: ({ context, event }) => event.type === 'domain.choose' && context.domains.includes(event.domain),
  },
  actions: {
    choose: assign({
      chosen: ({ event }) => (event.type === 'domain.choose' ? event.domain : null),
      error: null,
    }),
    storeError: assign({
      error: ({ event }) => errorInfo((event as { error?: unknown }).error, ALERT_KEYS.login.domainFailure),
    }),
  },
}).createMachine({
  id: 'domainChoice',
  context: ({ input }) => ({ domains: input.domains, chosen: null, error: null }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'domain.choose': { guard: 'isOffered', target: 'switching', actions: 'choose' },
        'domain.back': 'abandoned',
      },
    },
    switching: {
      invoke: {
        id: 'switchDomain',
        src: 'switchDomain',
        input: ({ context }) => ({ domain: context.chosen! }),
        onDone: 'entered',
        onError: { target: 'choosing', actions: 'storeError' },
      },
    },
    entered: { type: 'final' },
    abandoned: { type: 'final' },
  },
});

export type DomainChoiceMachine = typeof domainChoiceMachine;
