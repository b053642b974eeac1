export {
  signbookTemplateMachine,
  initialSignbookTemplateContext,
  type SignbookTemplateMachine,
} from './signbookTemplate.machine.ts';
export { createSignbookTemplateActors, type SignbookTemplateDeps } from './signbookTemplate.actors.ts';
export {
  selectSignbookTemplate,
  type SignbookTemplateSnapshot,
  type SignbookTemplateView,
} from './signbookTemplate.selectors.ts';
export * from './signbookTemplate.model.ts';
export * from './signbookTemplate.types.ts';
