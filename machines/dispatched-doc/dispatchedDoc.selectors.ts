/** Snapshot → what the document page's view needs. */
import type { SnapshotFrom } from 'xstate';
import { type DispatchedDocMachine, offeredAction } from './dispatchedDoc.machine.ts';

export type DispatchedDocSnapshot = SnapshotFrom<DispatchedDocMachine>;

export const selectDispatchedDoc = (s: DispatchedDocSnapshot) => ({
  doc: s.context.doc,
  file: s.context.file,
  problem: s.context.problem,
  /** The action offered (retry or send), if any: a button that sends `doc.action.run`. */
  action: offeredAction(s.context),
  acting: s.matches({ document: { ready: { action: 'running' } } }),
});
export type DispatchedDocView = ReturnType<typeof selectDispatchedDoc>;
