export { isCurrentUnsigned, signbookMachine } from './signbook.machine.ts';
export {
  type PersistedSignbookState,
  type SignbookSnapshot,
  persist,
  restoreSnapshot,
  signRefusal,
  snapshotFor,
  statusOf,
  stepOf,
} from './signbook.status.ts';
export { selectSignbook, type SignbookMachineView } from './signbook.selectors.ts';
export * from './signbook.types.ts';
