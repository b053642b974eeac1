import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { campaignCreationMachine, selectCreation } from '../../../../machines/campaign-creation/index.ts';
import { PAYSLIP } from '../../../../machines/campaign-creation/creation.fixtures.ts';
import { selectNotifications } from '../../../../machines/notifications/notifications.selectors.ts';
import { createServices, type Services } from '../../app/services.ts';
import { createSubmitCampaign } from './submitCampaign.ts';
import { ScriptedXhr } from '../../testing/scriptedXhr.ts';

let services: Services | null = null;
afterEach(() => services?.stop());

const pdf = new File(['%PDF-1.7\n…%%EOF'], 'paie.pdf', { type: 'application/pdf' });

/** The real creation machine wired as the page wires it, up to the review step with one file. */
function creationAtReview() {
  services = createServices({ storage: null, socket: false });
  services.sessionStore.setToken('access-1');
  services.sessionStore.setRefreshToken('refresh-1');
  const files = new Map([['f1', pdf]]);
  const submitCampaign = createSubmitCampaign({
    services,
    fileOf: (id) => files.get(id),
    createXhr: () => new ScriptedXhr() as unknown as XMLHttpRequest,
  });
  const actor = createActor(campaignCreationMachine.provide({ actors: { submitCampaign } }), { input: {} }).start();
  for (const event of [
    { type: 'creation.type.select', docType: PAYSLIP },
    { type: 'creation.next' },
    { type: 'creation.document.add', document: { id: 'f1', name: 'paie.pdf', size: pdf.size } },
    { type: 'creation.next' },
    { type: 'creation.next' },
    { type: 'creation.name.change', value: 'Paie novembre' },
    { type: 'creation.next' },
  ] as const)
    actor.send(event);
  const notifications = () => selectNotifications(services!.actors.notifications.getSnapshot());
  return { actor, services, view: () => selectCreation(actor.getSnapshot()), notifications };
}

describe('sending a campaign', () => {
  it('posts the json part and the file with the session headers, follows progress in a notification, then succeeds', async () => {
    const { actor, view, notifications, services: s } = creationAtReview();
    actor.send({ type: 'creation.send' });
    const xhr = ScriptedXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/dispatch/dispatch');
    expect(xhr.headers).toMatchObject({ Authorization: 'Bearer access-1', 'Refresh-Token': 'refresh-1' });
    expect(JSON.parse(String(xhr.body?.get('json')))).toMatchObject({
      name: 'Paie novembre',
      docTypeCode: 'BULLETIN_PAIE',
    });
    expect((xhr.body?.get('files') as File).name).toBe('paie.pdf');
    expect(notifications()).toMatchObject([
      {
        text: 'campaignCreate.upload.notification',
        values: { name: 'Paie novembre' },
        state: 'running',
        percentage: 0,
      },
    ]);

    xhr.progress(50, 100);
    expect(notifications()[0]?.percentage).toBe(50);
    expect(view()).toMatchObject({ percentage: 50, uploadCompleted: false });
    xhr.progress(100, 100);
    expect(view()).toMatchObject({ percentage: 100, uploadCompleted: true, isSending: true });

    xhr.answer(200, { id: 'c-1' }, { 'set-authorization': 'Bearer access-2', 'set-refresh-token': 'refresh-2' });
    await new Promise((r) => setTimeout(r, 0));
    expect(view()).toMatchObject({ isSent: true, campaignId: 'c-1' });
    expect(notifications()[0]?.state).toBe('done');
    expect(s.sessionStore.getToken()).toBe('access-2');
    expect(s.sessionStore.getRefreshToken()).toBe('refresh-2');
  });

  it('cancel from the notifications panel aborts the request and returns to the review step', async () => {
    const { actor, view, notifications, services: s } = creationAtReview();
    actor.send({ type: 'creation.send' });
    const xhr = ScriptedXhr.last!;
    xhr.progress(10, 100);
    s.actors.notifications.send({ type: 'notification.cancel', id: notifications()[0]!.id });
    await new Promise((r) => setTimeout(r, 0));
    expect(xhr.aborted).toBe(true);
    expect(view()).toMatchObject({ step: 'review', isSending: false });
    expect(notifications()[0]?.state).toBe('canceled');
  });

  it("leaving the sending state (the page's cancel) aborts too and marks the notification canceled", () => {
    const { actor, notifications } = creationAtReview();
    actor.send({ type: 'creation.send' });
    const xhr = ScriptedXhr.last!;
    actor.send({ type: 'creation.cancel' });
    expect(xhr.aborted).toBe(true);
    expect(notifications()[0]?.state).toBe('canceled');
  });

  it("a server refusal keeps the server's key and the file name, and the notification ends in error", async () => {
    const { actor, view, notifications } = creationAtReview();
    actor.send({ type: 'creation.send' });
    ScriptedXhr.last!.answer(400, {
      key: 'error.upload.not-pdf',
      status: 400,
      errors: ['paie.pdf'],
      fields: { file: 'paie.pdf' },
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(view()).toMatchObject({
      isFailed: true,
      failure: {
        key: 'alert.dispatch.creation.error',
        detailKey: 'error.upload.not-pdf',
        detail: 'paie.pdf',
        fields: { file: 'paie.pdf' },
      },
    });
    expect(notifications()[0]?.state).toBe('error');
  });
});
