export { createDispatchedDocActors, type DispatchedDocPorts } from './dispatchedDoc.actors.ts';
export { dispatchedDocMachine, type DispatchedDocMachine } from './dispatchedDoc.machine.ts';
export { docActionFor } from './dispatchedDoc.rules.ts';
export { selectDispatchedDoc, type DispatchedDocSnapshot, type DispatchedDocView } from './dispatchedDoc.selectors.ts';
export * from './dispatchedDoc.types.ts';
