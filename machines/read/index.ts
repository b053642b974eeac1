export { readMachine, type ReadMachine } from './read.machine.ts';
export {
  selectAnswer,
  selectCanReload,
  selectFailure,
  selectLastAnswer,
  selectLoading,
  type ReadSnapshot,
} from './read.selectors.ts';
export * from './read.types.ts';
