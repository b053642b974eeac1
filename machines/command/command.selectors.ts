/** Snapshot → what a command's button and its view show; the button is offered exactly when the machine takes a submit. */
import type { SnapshotFrom } from 'xstate';
import type { CommandMachine } from './command.machine.ts';
import type { CommandFailure } from './command.types.ts';

export type CommandSnapshot = SnapshotFrom<CommandMachine>;

/** The call is on its way (the button shows it is busy). */
export const selectRunning = (s: CommandSnapshot): boolean => s.matches('running');
/** A person is asked to confirm (the confirmation dialog is open). */
export const selectConfirming = (s: CommandSnapshot): boolean => s.matches('confirming');
export const selectDone = (s: CommandSnapshot): boolean => s.matches({ ready: 'done' });
/** The last call's failure, while the view shows it (not once sent again or confirmed). */
export const selectFailure = (s: CommandSnapshot): CommandFailure | null =>
  s.matches({ ready: 'failed' }) ? s.context.failure : null;
/** The last call's answer, once done (a file to save). */
export const selectResult = (s: CommandSnapshot): unknown =>
  s.matches({ ready: 'done' }) ? (s.context.result?.value ?? null) : null;
/** Whether a click sends now (not while running or confirming): what the button reads. */
export const selectCanSubmit = (s: CommandSnapshot): boolean => s.can({ type: 'command.submit', call: {} });
export const selectCanConfirm = (s: CommandSnapshot): boolean => s.can({ type: 'command.confirm' });
export const selectCanCancel = (s: CommandSnapshot): boolean => s.can({ type: 'command.cancel' });
