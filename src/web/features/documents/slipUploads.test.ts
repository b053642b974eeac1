import { afterEach, describe, expect, it } from 'vitest';
import { selectNotifications } from '../../../../machines/notifications/notifications.selectors.ts';
import { routeUrl } from '../../../contract/routes.ts';
import { createServices, type Services } from '../../app/services.ts';
import { type SlipUploadState, uploadSlip } from './slipUploads.ts';
import { slipForFile } from './slips.ts';
import { ScriptedXhr } from '../../testing/scriptedXhr.ts';

let services: Services | null = null;
afterEach(() => {
  services?.stop();
  ScriptedXhr.all = [];
});

const ORG = '0195f3a2-0000-7000-8000-0000000000aa';
const slip = slipForFile(new File(['%PDF-1.7\n'], 'bulletin.pdf'), {
  typeCode: 'PAYSLIP',
  destination: 'EMPLOYER_SAFE',
});

describe('one slip uploaded by the upload machine', () => {
  it('reports its progress in the notifications panel, fails with the server key, and a retry stores it', async () => {
    services = createServices({ storage: null, socket: false });
    const states: SlipUploadState[] = [];
    const first = uploadSlip(
      services,
      ORG,
      slip,
      (s) => states.push(s),
      () => new ScriptedXhr() as never,
    );
    const xhr = ScriptedXhr.all[0] as ScriptedXhr;
    expect(xhr.url).toBe(routeUrl('documents.upload'));
    expect(JSON.parse(xhr.body?.get('data') as string)).toMatchObject({
      organizationId: ORG,
      slips: [{ id: slip.id }],
    });
    xhr.progress(50, 100);
    expect(selectNotifications(services.actors.notifications.getSnapshot())[0]).toMatchObject({
      text: 'documents.upload.notification',
      values: { name: 'bulletin.pdf' },
      percentage: 50,
      state: 'running',
    });
    xhr.answer(400, { key: 'error.upload.not-pdf' });
    expect(await first.finished).toMatchObject({
      status: 'failed',
      failure: { key: 'error.upload.not-pdf', status: 400 },
    });
    expect(states.map((s) => `${s.status} ${s.percentage}`)).toEqual(['uploading 0', 'uploading 50', 'failed 50']);

    // « Réessayer »: the same upload machine sends the slip again, as it now reads.
    const corrected = { ...slip, description: 'Bulletin corrigé' };
    const again = first.retry(ORG, corrected);
    const resent = ScriptedXhr.all[1] as ScriptedXhr;
    expect(JSON.parse(resent.body?.get('data') as string)).toMatchObject({
      slips: [{ id: slip.id, description: 'Bulletin corrigé' }],
    });
    await expect(first.retry(ORG, corrected)).rejects.toThrow(/only a failed or canceled upload/);
    resent.answer(200, { documents: [{ slipId: slip.id, document: { id: 'doc-1' } }] });
    expect(await again).toMatchObject({ status: 'done', documentId: 'doc-1', percentage: 100 });
    expect(states.at(-1)).toMatchObject({ status: 'done', documentId: 'doc-1' });
    // Done, the upload is over: no third attempt.
    await expect(first.retry(ORG, corrected)).rejects.toThrow();
    const states2 = selectNotifications(services.actors.notifications.getSnapshot()).map((n) => n.state);
    expect(states2.sort()).toEqual(['done', 'error'].sort());
  });

  it('cancelled from the notifications panel, it aborts the request', async () => {
    services = createServices({ storage: null, socket: false });
    const run = uploadSlip(
      services,
      ORG,
      slip,
      () => undefined,
      () => new ScriptedXhr() as never,
    );
    const [notification] = selectNotifications(services.actors.notifications.getSnapshot());
    services.actors.notifications.send({ type: 'notification.cancel', id: notification?.id ?? '' });
    expect(await run.finished).toMatchObject({ status: 'canceled' });
    expect((ScriptedXhr.all[0] as ScriptedXhr).aborted).toBe(true);
  });
});
