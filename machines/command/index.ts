export { commandMachine, type CommandMachine } from './command.machine.ts';
export {
  selectCanCancel,
  selectCanConfirm,
  selectCanSubmit,
  selectConfirming,
  selectDone,
  selectFailure,
  selectResult,
  selectRunning,
  type CommandSnapshot,
} from './command.selectors.ts';
export * from './command.types.ts';
