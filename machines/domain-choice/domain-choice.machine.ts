/**
 * Domain choice (seed 000 §2 `/domain-choice`, §4 « in domain choice »): a user whose root
 * organisations span both domains picks one after login — by password or by Microsoft, whose
 * switch is `switch-domain-for-microsoft` (`input.microsoft`). The auth machine invokes it as its
 * child while the session is in domain choice, provides its `switchDomain` (the call) and takes its
 * output: the session in the chosen domain, or null when the user abandons (auth then logs out).
 * choosing → switching → entered (final); a refusal goes back to choosing with its error;
 * `domain.back` abandons.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { errorInfo } from '../auth/auth.errors.ts';
import type { SessionView } from '../auth/auth.types.ts';
import type { DomainChoiceContext, DomainChoiceEvent, DomainChoiceInput } from './domain-choice.types.ts';

export const domainChoiceMachine = setup({
  types: {} as {
    context: DomainChoiceContext;
    events: DomainChoiceEvent;
    input: DomainChoiceInput;
    output: SessionView | null;
  },
  actors: {
    /** Provided by auth: switches the session's domain (its session view), rejects with the server's keyed error. */
    switchDomain: fromPromise<SessionView, { domain: DomainId; microsoft?: boolean }>(() =>
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
    storeSession: assign({
      session: ({ event }) => (event.type === 'xstate.done.actor.switchDomain' ? event.output : null),
    }),
    storeError: assign({
      error: ({ event }) => errorInfo((event as { error?: unknown }).error, ALERT_KEYS.login.domainFailure),
    }),
  },
}).createMachine({
  id: 'domainChoice',
  context: ({ input }) => ({
    domains: input.domains,
    microsoft: input.microsoft ?? false,
    chosen: null,
    error: null,
    session: null,
  }),
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
        input: ({ context }) => ({ domain: context.chosen!, microsoft: context.microsoft }),
        onDone: { target: 'entered', actions: 'storeSession' },
        onError: { target: 'choosing', actions: 'storeError' },
      },
    },
    entered: { type: 'final' },
    abandoned: { type: 'final' },
  },
  output: ({ context }) => context.session,
});

export type DomainChoiceMachine = typeof domainChoiceMachine;
