/** Snapshot → what the domain-choice page shows. */
import type { SnapshotFrom } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import type { ErrorInfo } from '../auth/auth.types.ts';
import type { domainChoiceMachine } from './domain-choice.machine.ts';

export type DomainChoiceSnapshot = SnapshotFrom<typeof domainChoiceMachine>;

export interface DomainChoiceView {
  readonly isSwitching: boolean;
  readonly isEntered: boolean;
  readonly isAbandoned: boolean;
  readonly chosen: DomainId | null;
  readonly error: ErrorInfo | null;
  readonly canChoose: boolean;
}

export const selectDomainChoice = (s: DomainChoiceSnapshot): DomainChoiceView => ({
  isSwitching: s.matches('switching'),
  isEntered: s.matches('entered'),
  isAbandoned: s.matches('abandoned'),
  chosen: s.context.chosen,
  error: s.context.error,
  canChoose: s.matches('choosing'),
});
