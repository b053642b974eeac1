import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DSN_RESULT } from '../../../../../machines/dsn-import/dsnImport.fixtures.ts';
import {
  createDsnImportActors,
  type DsnImportEmitted,
  dsnImportMachine,
  selectDsnImport,
} from '../../../../../machines/dsn-import/index.ts';
import { selectNotifications } from '../../../../../machines/notifications/notifications.selectors.ts';
import { createServices, type Services } from '../../../app/services.ts';
import { createDsnUpload } from './dsnUpload.ts';
import { ScriptedXhr } from '../../../testing/scriptedXhr.ts';

let services: Services | null = null;
afterEach(() => services?.stop());

const dsn = new File(["S10.G00.00.001,'Logiciel'\n"], 'paie.dsn', { type: 'text/plain' });
const settle = () => new Promise((r) => setTimeout(r, 0));

/** The real DSN machine wired as the dialog wires it, its file chosen. */
function dsnWithFile() {
  services = createServices({ storage: null, socket: false });
  services.sessionStore.setToken('access-1');
  const upload = createDsnUpload(
    services,
    () => dsn,
    () => new ScriptedXhr() as unknown as XMLHttpRequest,
  );
  const actor = createActor(dsnImportMachine.provide({ actors: createDsnImportActors({ upload }) }), { input: {} });
  const emitted: DsnImportEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  actor.send({ type: 'dsn.open' });
  actor.send({ type: 'dsn.file.choose', file: { name: dsn.name, size: dsn.size } });
  const notifications = () => selectNotifications(services!.actors.notifications.getSnapshot());
  return { actor, emitted, services, view: () => selectDsnImport(actor.getSnapshot()), notifications };
}

describe('importing a DSN through the shared upload machine', () => {
  it('posts the file as `dsn` with the session, follows progress here and in the panel, then shows the result', async () => {
    const { actor, view, notifications, emitted } = dsnWithFile();
    actor.send({ type: 'dsn.submit' });
    const xhr = ScriptedXhr.last!;
    expect(xhr.url).toMatch(/dsn/);
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer access-1' });
    expect((xhr.body?.get('dsn') as File).name).toBe('paie.dsn');
    expect(notifications()).toMatchObject([{ text: 'dsn.notification.upload', state: 'running' }]);
    xhr.progress(50, 100);
    expect(view()).toMatchObject({ percentage: 50, isUploading: true });
    expect(notifications()[0]?.percentage).toBe(50);
    xhr.progress(100, 100);
    expect(view()).toMatchObject({ percentage: 100, isImporting: true });
    xhr.answer(200, DSN_RESULT);
    await settle();
    expect(view()).toMatchObject({ isDone: true, result: DSN_RESULT });
    expect(emitted).toEqual([{ type: 'dsn.imported', result: DSN_RESULT }]);
    expect(notifications()[0]?.state).toBe('done');
  });

  it("a refused file shows the server's key, message and lines", async () => {
    const { actor, view } = dsnWithFile();
    actor.send({ type: 'dsn.submit' });
    ScriptedXhr.last!.answer(400, {
      key: 'employees.messages.dsnUpload.error',
      message: 'Ligne 46 : guillemet fermant manquant',
      errors: ['Ligne 46', 'Ligne 50'],
    });
    await settle();
    expect(view()).toMatchObject({
      isFailed: true,
      missingKey: 'dsn.import.missing.refused',
      failure: {
        key: 'employees.messages.dsnUpload.error',
        message: 'Ligne 46 : guillemet fermant manquant',
        errors: ['Ligne 46', 'Ligne 50'],
      },
    });
  });

  it('cancel from the notifications panel aborts the request and keeps the chosen file', async () => {
    const { actor, view, notifications, services: s } = dsnWithFile();
    actor.send({ type: 'dsn.submit' });
    const xhr = ScriptedXhr.last!;
    xhr.progress(10, 100);
    s.actors.notifications.send({ type: 'notification.cancel', id: notifications()[0]!.id });
    await settle();
    expect(xhr.aborted).toBe(true);
    expect(view()).toMatchObject({ isSending: false, file: { name: 'paie.dsn' }, canSubmit: true });
  });

  it('closing the dialog while sending does not abort the upload', () => {
    const { actor, view } = dsnWithFile();
    actor.send({ type: 'dsn.submit' });
    actor.send({ type: 'dsn.close' });
    expect(ScriptedXhr.last!.aborted).toBe(false);
    expect(view()).toMatchObject({ open: false, isSending: true });
  });
});
