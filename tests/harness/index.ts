export {
  assertEveryTransitionCovered,
  assertFixturesComplete,
  CoverageError,
  uncoveredTransitions,
} from './assertions.ts';
export { transitionPaths, type Fixtures, type PathOptions, type TransitionPath } from './paths.ts';
export { createStubActors, replayPath, type ReplayResult } from './replay.ts';
export { acceptedEventTypes, allStateNodes, listTransitions, type TransitionRef } from './transitions.ts';
export { pathsReport, reportJson, type PathsReport } from './report.ts';
