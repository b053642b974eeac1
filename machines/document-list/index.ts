export { documentListMachine, filterOf, type DocumentListMachine } from './documentList.machine.ts';
export { createDocumentListActors, type DocumentListApiPort, type DocumentListPorts } from './documentList.actors.ts';
export { selectDocumentList, type DocumentListSnapshot, type DocumentListView } from './documentList.selectors.ts';
export * from './documentList.types.ts';
