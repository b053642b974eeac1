import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createDsnImportActors, type DsnUploadEnd } from './dsnImport.actors.ts';
import { DSN_RESULT } from './dsnImport.fixtures.ts';
import { dsnImportMachine } from './dsnImport.machine.ts';
import { selectDsnImport } from './dsnImport.selectors.ts';
import type { DsnFile, DsnImportEmitted, DsnImportEvent } from './dsnImport.types.ts';

/** The web's upload port replaced by a handle the test drives: `progress` and `end` play the upload. */
const start = () => {
  const upload = {
    started: [] as DsnFile[],
    progress: (_p: number) => {},
    end: (_e: DsnUploadEnd) => {},
  };
  const actors = createDsnImportActors({
    upload: {
      start: (file, onProgress) => {
        upload.started.push(file);
        upload.progress = onProgress;
        return { finished: new Promise<DsnUploadEnd>((resolve) => (upload.end = resolve)) };
      },
    },
  });
  const actor = createActor(dsnImportMachine.provide({ actors }), { input: { maxBytes: 1000 } });
  const emitted: DsnImportEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const send = (...events: DsnImportEvent[]) => events.forEach((e) => actor.send(e));
  return { actor, upload, emitted, send, view: () => selectDsnImport(actor.getSnapshot()) };
};

const FILE = { name: 'paie.dsn', size: 500 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('dsn import', () => {
  it('waits for a file, uploads it with progress, imports, then shows the counts and announces them', async () => {
    const { send, view, upload, emitted } = start();
    send({ type: 'dsn.open' });
    expect(view()).toMatchObject({ open: true, canSubmit: false, missingKey: 'dsn.import.missing.file' });
    send({ type: 'dsn.file.choose', file: FILE });
    expect(view()).toMatchObject({ file: FILE, canSubmit: true, missingKey: null });
    send({ type: 'dsn.submit' });
    expect(upload.started).toEqual([FILE]);
    expect(view()).toMatchObject({ isSending: true, isUploading: true, percentage: 0, canChooseFile: false });
    upload.progress(40);
    expect(view()).toMatchObject({ percentage: 40, isUploading: true });
    upload.progress(100);
    expect(view()).toMatchObject({ percentage: 100, uploadCompleted: true, isImporting: true });
    upload.end({ status: 'done', result: DSN_RESULT });
    await settle();
    expect(view()).toMatchObject({
      isDone: true,
      result: DSN_RESULT,
      counts: { individuals: 4, created: 2, toValidate: 1, updated: 0, deactivated: 1, conflicts: 1, rejected: 1 },
    });
    expect(emitted).toEqual([{ type: 'dsn.imported', result: DSN_RESULT }]);
    send({ type: 'dsn.reset' });
    expect(view()).toMatchObject({ isDone: false, file: null, result: null, open: true });
  });

  it('refuses a file over the limit before upload, and asks for another', () => {
    const { send, view, upload } = start();
    send({ type: 'dsn.open' }, { type: 'dsn.file.choose', file: { name: 'huge.dsn', size: 5000 } });
    send({ type: 'dsn.submit' });
    expect(upload.started).toEqual([]);
    expect(view()).toMatchObject({
      isFailed: true,
      failure: { key: 'error.upload.too-large', messageKey: 'dsn.import.tooLarge' },
      canSubmit: false,
      missingKey: 'dsn.import.missing.refused',
    });
    send({ type: 'dsn.file.choose', file: FILE });
    expect(view()).toMatchObject({ isFailed: false, failure: null, canSubmit: true });
  });

  it('keeps the server refusal (key, French message, lines); removing the file goes back to the start', async () => {
    const { send, view, upload } = start();
    send({ type: 'dsn.open' }, { type: 'dsn.file.choose', file: FILE }, { type: 'dsn.submit' });
    upload.end({
      status: 'failed',
      failure: { key: 'employees.messages.dsnUpload.error', status: 400, message: 'Ligne 46', errors: ['a', 'b'] },
    });
    await settle();
    expect(view()).toMatchObject({
      isFailed: true,
      failure: { key: 'employees.messages.dsnUpload.error', message: 'Ligne 46', errors: ['a', 'b'] },
    });
    send({ type: 'dsn.file.remove' });
    expect(view()).toMatchObject({ file: null, failure: null, missingKey: 'dsn.import.missing.file' });
  });

  it('closing while sending keeps the upload; its end shows when the dialog opens again', async () => {
    const { send, view, upload, emitted } = start();
    send({ type: 'dsn.open' }, { type: 'dsn.file.choose', file: FILE }, { type: 'dsn.submit' });
    send({ type: 'dsn.close' });
    expect(view()).toMatchObject({ open: false, isSending: true });
    upload.end({ status: 'done', result: DSN_RESULT });
    await settle();
    expect(emitted).toHaveLength(1);
    send({ type: 'dsn.open' });
    expect(view()).toMatchObject({ open: true, isDone: true });
    send({ type: 'dsn.close' });
    expect(view()).toMatchObject({ open: false, isDone: false, file: null, result: null });
  });

  it('a cancel from the notifications panel comes back to the chosen file', async () => {
    const { send, view, upload } = start();
    send({ type: 'dsn.open' }, { type: 'dsn.file.choose', file: FILE }, { type: 'dsn.submit' });
    upload.end({ status: 'canceled' });
    await settle();
    expect(view()).toMatchObject({ isSending: false, file: FILE, canSubmit: true });
  });

  it('stopping the machine does not cancel the upload, and a late end is not sent to it', async () => {
    const { actor, send, upload } = start();
    send({ type: 'dsn.open' }, { type: 'dsn.file.choose', file: FILE }, { type: 'dsn.submit' });
    actor.stop();
    upload.end({ status: 'done', result: DSN_RESULT });
    await settle();
    expect(actor.getSnapshot().status).toBe('stopped');
  });

  it('without a provided import actor, fails at once with a network key', () => {
    const actor = createActor(dsnImportMachine, { input: {} }).start();
    actor.send({ type: 'dsn.file.choose', file: FILE });
    actor.send({ type: 'dsn.submit' });
    expect(selectDsnImport(actor.getSnapshot())).toMatchObject({ isFailed: true, failure: { key: 'error.network' } });
  });
});
