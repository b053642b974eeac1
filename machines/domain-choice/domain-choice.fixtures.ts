/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import { SESSIONS } from '../auth/auth.fixtures.ts';
import type { DomainChoiceEvent, DomainChoiceEventType, DomainChoiceInput } from './domain-choice.types.ts';

type EventOf<T extends DomainChoiceEventType> = Extract<DomainChoiceEvent, { type: T }>;
type Fixtures = { readonly [T in DomainChoiceEventType]: readonly EventOf<T>[] };

export const DOMAIN_CHOICE_INPUT: DomainChoiceInput = { domains: ['legacy', 'main'] };

export const domainChoiceFixtures = {
  'domain.choose': [{ type: 'domain.choose', domain: 'main' }],
  'domain.back': [{ type: 'domain.back' }],
  'xstate.done.actor.switchDomain': [
    {
      type: 'xstate.done.actor.switchDomain',
      actorId: 'switchDomain',
      output: { ...SESSIONS.multiDomain, domain: 'main' },
    },
  ],
  'xstate.error.actor.switchDomain': [
    {
      type: 'xstate.error.actor.switchDomain',
      actorId: 'switchDomain',
      error: { key: 'error.auth.domain-denied', status: 403 },
    },
  ],
} satisfies Fixtures;
