import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDocumentUploadActors } from './documentUpload.actors.ts';
import { ORG_PARIS } from './documentUpload.fixtures.ts';
import { documentUploadMachine } from './documentUpload.machine.ts';
import { selectDocumentUpload } from './documentUpload.selectors.ts';
import type {
  DocumentUploadEmitted,
  DocumentUploadEvent,
  SlipDraft,
  SlipFile,
  SlipUploadState,
} from './documentUpload.types.ts';

interface Sent {
  readonly organizationId: string;
  readonly slip: SlipDraft;
  readonly onState: (state: SlipUploadState) => void;
  readonly end: (state: SlipUploadState) => void;
  canceled: boolean;
}

/** The web's ports replaced by handles the test drives: the check refuses names given, each send is played by hand. */
const start = (refused: Record<string, string> = {}, maxSlips = 20) => {
  const sent: Sent[] = [];
  const actors = createDocumentUploadActors({
    check: { refusalOf: (file) => Promise.resolve(refused[file.name] ?? null) },
    upload: {
      send: (organizationId, slip, onState) => {
        let end = (_s: SlipUploadState) => {};
        const finished = new Promise<SlipUploadState>((resolve) => (end = resolve));
        const entry: Sent = { organizationId, slip, onState, end, canceled: false };
        sent.push(entry);
        return {
          finished,
          cancel: () => {
            entry.canceled = true;
          },
        };
      },
    },
  });
  const actor = createActor(documentUploadMachine.provide({ actors }), {
    input: { maxSlips, orgIds: [ORG_PARIS], defaultOrgId: ORG_PARIS },
  });
  const emitted: DocumentUploadEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const send = (...events: DocumentUploadEvent[]) => events.forEach((e) => actor.send(e));
  return { actor, sent, emitted, send, view: () => selectDocumentUpload(actor.getSnapshot()) };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const file = (name: string): SlipFile => ({ name, size: 1000 });
const NOTE = { typeCode: 'NOTE', destination: 'EMPLOYER_SAFE' } as const;
const state = (status: SlipUploadState['status'], percentage = 100): SlipUploadState => ({
  status,
  percentage,
  failure: status === 'failed' ? { key: 'error.network', status: 0 } : null,
  documentId: status === 'done' ? 'doc-1' : null,
});

describe('document upload dialog', () => {
  it('checks the dropped files, lists the refusals, and makes one slip per accepted PDF named after it', async () => {
    const { send, view } = start({ 'renamed.pdf': 'error.upload.not-pdf' }, 2);
    send({
      type: 'upload.files.drop',
      files: [file('renamed.pdf'), file('bulletin-mars.pdf'), file('a.pdf'), file('b.pdf')],
    });
    expect(view().isChecking).toBe(true);
    await settle();
    expect(view().slips.map((s) => s.slip.description)).toEqual(['bulletin-mars', 'a']);
    expect(view().refusals).toEqual([
      { name: 'renamed.pdf', key: 'error.upload.not-pdf' },
      { name: 'b.pdf', key: 'documents.upload.errors.tooManySlips' },
    ]);
    expect(view()).toMatchObject({ room: 0, canDrop: false, canAddSlip: false });
  });

  it('shows what is missing, sends the complete slips one after the other, leaves an incomplete last slip behind', async () => {
    const { send, view, sent, emitted } = start();
    send({ type: 'upload.files.drop', files: [file('a.pdf'), file('b.pdf'), file('c.pdf')] });
    await settle();
    expect(view()).toMatchObject({ canSend: true, sendCount: 0, showErrors: false });
    send({ type: 'upload.send' });
    expect(view()).toMatchObject({ showErrors: true, isSending: false, blockingCount: 2 });
    send(
      { type: 'upload.slip.change', slipId: 'slip-1', changes: NOTE },
      { type: 'upload.slip.change', slipId: 'slip-2', changes: NOTE },
    );
    expect(view()).toMatchObject({ sendCount: 2, blockingCount: 0 });
    expect(view().slips[2]).toMatchObject({ leftBehind: true });
    send({ type: 'upload.send' });
    expect(view()).toMatchObject({ isSending: true, canSend: false, canChooseOrg: false });
    expect(sent.map((s) => [s.organizationId, s.slip.id])).toEqual([[ORG_PARIS, 'slip-1']]);
    expect(view().slips[0]).toMatchObject({ upload: { status: 'queued' }, canRemove: false, canCancel: true });
    sent[0]?.onState(state('uploading', 40));
    expect(view().slips[0]?.upload).toMatchObject({ status: 'uploading', percentage: 40 });
    sent[0]?.end(state('done'));
    await settle();
    expect(sent.map((s) => s.slip.id)).toEqual(['slip-1', 'slip-2']);
    sent[1]?.end(state('failed', 10));
    await settle();
    expect(view()).toMatchObject({ isSending: false, pendingCount: 2, sendCount: 1 });
    expect(view().slips[1]).toMatchObject({ upload: { status: 'failed' }, canRetry: true, canRemove: true });
    // The slip left behind keeps the dialog open.
    expect(emitted).toEqual([{ type: 'upload.finished', done: 1, failed: 1 }]);
  });

  it('retries a failed slip alone, as it now reads; one that lost a field shows its errors instead', async () => {
    const { send, view, sent, emitted } = start();
    send({ type: 'upload.files.drop', files: [file('a.pdf')] });
    await settle();
    send({ type: 'upload.slip.change', slipId: 'slip-1', changes: NOTE }, { type: 'upload.send' });
    sent[0]?.end(state('canceled', 30));
    await settle();
    expect(view().slips[0]).toMatchObject({ upload: { status: 'canceled' }, canEdit: true, canRetry: true });
    send({ type: 'upload.slip.change', slipId: 'slip-1', changes: { description: '' } });
    send({ type: 'upload.slip.retry', slipId: 'slip-1' });
    expect(sent).toHaveLength(1);
    send({ type: 'upload.slip.change', slipId: 'slip-1', changes: { description: 'Note corrigée' } });
    send({ type: 'upload.slip.retry', slipId: 'slip-1' });
    expect(sent[1]?.slip).toMatchObject({ id: 'slip-1', description: 'Note corrigée' });
    sent[1]?.end(state('done'));
    await settle();
    // A retry never closes the dialog; it announces the stored slip.
    expect(emitted).toEqual([
      { type: 'upload.finished', done: 0, failed: 0 },
      { type: 'upload.finished', done: 1, failed: 0 },
    ]);
    send({ type: 'upload.close' });
    expect(emitted.slice(2)).toEqual([{ type: 'upload.reset' }, { type: 'upload.closed' }]);
    expect(view().slips).toEqual([]);
  });

  it('a run that stores every slip with none left behind forgets the slips and closes', async () => {
    const { send, view, sent, emitted } = start();
    send({ type: 'upload.files.drop', files: [file('a.pdf')] });
    await settle();
    send({ type: 'upload.slip.change', slipId: 'slip-1', changes: NOTE }, { type: 'upload.send' });
    sent[0]?.end(state('done'));
    await settle();
    expect(emitted).toEqual([
      { type: 'upload.finished', done: 1, failed: 0 },
      { type: 'upload.reset' },
      { type: 'upload.closed' },
    ]);
    expect(view()).toMatchObject({ slips: [], showErrors: false, canSend: false });
  });

  it('cancels the slip being sent; closing while sending keeps the slips and the run', async () => {
    const { send, view, sent, emitted } = start();
    send({ type: 'upload.files.drop', files: [file('a.pdf')] });
    await settle();
    send({ type: 'upload.slip.change', slipId: 'slip-1', changes: NOTE }, { type: 'upload.send' });
    send({ type: 'upload.close' });
    expect(emitted).toEqual([{ type: 'upload.closed' }]);
    expect(view()).toMatchObject({ isSending: true });
    send({ type: 'upload.slip.cancel', slipId: 'slip-1' });
    expect(sent[0]?.canceled).toBe(true);
  });

  it('replaces the file of a slip dropped on it, removes a slip, and goes to the organisation chosen', async () => {
    const { send, view, sent, emitted } = start({ 'bad.pdf': 'error.upload.not-pdf' });
    send({ type: 'upload.slip.add' }, { type: 'upload.slip.add' });
    send({ type: 'upload.slip.file.drop', slipId: 'slip-1', file: file('bad.pdf') });
    await settle();
    expect(view().slips[0]?.slip.file).toBeNull();
    send({ type: 'upload.slip.file.drop', slipId: 'slip-1', file: file('good.pdf') });
    await settle();
    expect(view().slips[0]?.slip).toMatchObject({ file: { name: 'good.pdf' }, description: '' });
    send({ type: 'upload.slip.remove', slipId: 'slip-2' });
    expect(emitted).toEqual([{ type: 'upload.slip.removed', slipId: 'slip-2' }]);
    send(
      { type: 'upload.org.choose', orgId: 'org-lyon' },
      { type: 'upload.slip.change', slipId: 'slip-1', changes: { ...NOTE, description: 'Note' } },
      { type: 'upload.send' },
    );
    expect(sent[0]).toMatchObject({ organizationId: 'org-lyon' });
  });

  it('takes the organisation types once known: a type the organisation does not offer is no type', async () => {
    const { send, view } = start();
    send({ type: 'upload.files.drop', files: [file('a.pdf')] });
    await settle();
    send({ type: 'upload.slip.change', slipId: 'slip-1', changes: { ...NOTE, typeCode: 'CONTRACT' } });
    expect(view().sendCount).toBe(1);
    send({ type: 'upload.types.known', codes: ['NOTE'] });
    expect(view().sendCount).toBe(0);
    expect(view().slips[0]?.errors).toEqual({ typeCode: 'documents.upload.errors.typeRequired' });
  });

  it('without an organisation it shows the organisation missing and sends nothing', async () => {
    const { send, view, sent } = start();
    send({ type: 'upload.orgs.known', orgIds: [], defaultOrgId: '' });
    send({ type: 'upload.files.drop', files: [file('a.pdf')] });
    await settle();
    send({ type: 'upload.slip.change', slipId: 'slip-1', changes: NOTE }, { type: 'upload.send' });
    expect(view()).toMatchObject({ orgMissing: true, isSending: false });
    expect(sent).toEqual([]);
  });
});
