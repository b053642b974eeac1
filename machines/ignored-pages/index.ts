export { createIgnoredPagesActors, PICKER_SIZE, type IgnoredPagesApiPort } from './ignoredPages.actors.ts';
export { ignoredPagesMachine, itemKey, SEARCH_DELAY_MS, type IgnoredPagesMachine } from './ignoredPages.machine.ts';
export { selectIgnoredPages, type IgnoredPagesSnapshot, type IgnoredPagesView } from './ignoredPages.selectors.ts';
export * from './ignoredPages.types.ts';
