export { maskEditorMachine, type MaskEditorMachine } from './maskEditor.machine.ts';
export { createMaskEditorActors, type MaskEditorPorts } from './maskEditor.actors.ts';
export { canBeSaved, maskProblem, zoneFits } from './maskEditor.rules.ts';
export { selectMaskEditor, type MaskEditorSnapshot, type MaskEditorView } from './maskEditor.selectors.ts';
export * from './maskEditor.types.ts';
