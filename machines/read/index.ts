export { readMachine, type ReadMachine } from './read.machine.ts';
export {
  selectAnswer,
  selectCanMore,
  selectCanReload,
  selectFailure,
  selectHasMore,
  selectLastAnswer,
  selectLoading,
  selectLoadingMore,
  selectMoreFailure,
  type ReadSnapshot,
} from './read.selectors.ts';
export * from './read.types.ts';
