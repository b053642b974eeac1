import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import type { ErrorInfo, SessionView } from '../auth/auth.types.ts';

export interface DomainChoiceInput {
  /** The domains the user has a root organisation in (legacy first). */
  readonly domains: readonly DomainId[];
  /** The session was opened by Microsoft: the switch is `switch-domain-for-microsoft`. */
  readonly microsoft?: boolean;
}

export interface DomainChoiceContext {
  readonly domains: readonly DomainId[];
  readonly microsoft: boolean;
  readonly chosen: DomainId | null;
  /** Why the last switch was refused (`alert.login.domain.failure` by default). */
  readonly error: ErrorInfo | null;
  /** The session in the chosen domain, once entered (the machine's output). */
  readonly session: SessionView | null;
}

export type DomainChoiceInputEvent =
  { readonly type: 'domain.choose'; readonly domain: DomainId } | { readonly type: 'domain.back' };

export type DomainChoiceEvent =
  DomainChoiceInputEvent | DoneActorEvent<SessionView, 'switchDomain'> | ErrorActorEvent<unknown, 'switchDomain'>;
export type DomainChoiceEventType = DomainChoiceEvent['type'];
