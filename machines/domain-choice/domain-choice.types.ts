import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import type { ErrorInfo } from '../auth/auth.types.ts';

export interface DomainChoiceInput {
  /** The domains the user has a root organisation in (legacy first). */
  readonly domains: readonly DomainId[];
}

export interface DomainChoiceContext {
  readonly domains: readonly DomainId[];
  readonly chosen: DomainId | null;
  /** Why the last switch was refused (`alert.login.domain.failure` by default). */
  readonly error: ErrorInfo | null;
}

export type DomainChoiceInputEvent =
  { readonly type: 'domain.choose'; readonly domain: DomainId } | { readonly type: 'domain.back' };

export type DomainChoiceEvent =
  DomainChoiceInputEvent | DoneActorEvent<void, 'switchDomain'> | ErrorActorEvent<unknown, 'switchDomain'>;
export type DomainChoiceEventType = DomainChoiceEvent['type'];
