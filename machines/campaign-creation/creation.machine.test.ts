import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { ALICE, NOMAIL, NOTE, PAYSLIP, TEAM, TEAM_NOMAIL } from './creation.fixtures.ts';
import { type CampaignCreationMachine, campaignCreationMachine } from './creation.machine.ts';
import { selectCreation } from './creation.selectors.ts';
import type { CreationEmitted, CreationEvent, SubmitInput } from './creation.types.ts';

/** The web's upload replaced by a handle the test drives; `stopped` tells whether it was aborted. */
const start = () => {
  const upload = { input: null as SubmitInput | null, stopped: 0, send: (_e: CreationEvent) => {} };
  const submitCampaign = fromCallback<CreationEvent, SubmitInput>(({ input, sendBack }) => {
    upload.input = input;
    upload.send = sendBack;
    return () => {
      upload.stopped += 1;
    };
  });
  const machine: CampaignCreationMachine = campaignCreationMachine.provide({ actors: { submitCampaign } });
  const actor = createActor(machine, { input: {} });
  const emitted: CreationEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  const send = (...events: CreationEvent[]) => events.forEach((e) => actor.send(e));
  return { actor, upload, emitted, send, view: () => selectCreation(actor.getSnapshot()) };
};

const doc = { id: 'f1', name: 'paie.pdf', size: 2048 };

describe('campaign creation', () => {
  it('says what each step still needs while « Suivant » / « Envoyer » is disabled (issue 15)', () => {
    const { send, view } = start();
    expect(view()).toMatchObject({ canNext: false, missingKey: 'campaignCreate.missing.type' });
    send({ type: 'creation.type.select', docType: PAYSLIP }, { type: 'creation.next' });
    expect(view()).toMatchObject({ step: 'documents', missingKey: 'campaignCreate.missing.documents' });
    send({ type: 'creation.document.add', document: doc });
    expect(view()).toMatchObject({ canNext: true, missingKey: null });
    send({ type: 'creation.next' }, { type: 'creation.next' });
    expect(view()).toMatchObject({ step: 'options', canNext: false, missingKey: 'campaignCreate.missing.name' });
    send({ type: 'creation.name.change', value: 'Paie novembre' }, { type: 'creation.next' });
    expect(view()).toMatchObject({ step: 'review', canSend: true, missingKey: null });
  });

  it('refuses documents before a type, then walks an automatic campaign to its json', () => {
    const { send, view, upload } = start();
    send({ type: 'creation.document.add', document: doc });
    expect(view()).toMatchObject({ documents: [], canAddDocuments: false, canNext: false, step: 'type' });
    send({ type: 'creation.type.select', docType: PAYSLIP }, { type: 'creation.next' });
    expect(view().canNext).toBe(false);
    send({ type: 'creation.document.add', document: doc }, { type: 'creation.next' });
    expect(view()).toMatchObject({
      step: 'recipients',
      mode: 'automatic',
      needsManualConfirmation: false,
      canNext: true,
    });
    send({ type: 'creation.next' }, { type: 'creation.next' });
    expect(view().step).toBe('options'); // a campaign needs a name
    send(
      { type: 'creation.name.change', value: 'Paie novembre' },
      { type: 'creation.option.set', option: 'onError', value: true },
      { type: 'creation.next' },
      { type: 'creation.send' },
    );
    expect(view().isSending).toBe(true);
    expect(upload.input).toEqual({
      routeId: 'campaigns.create',
      name: 'Paie novembre',
      documentIds: ['f1'],
      json: {
        name: 'Paie novembre',
        docName: 'Paie novembre',
        docIds: [],
        groupIds: [],
        empIds: [],
        review: true,
        onRefuse: false,
        onError: true,
        usersToNotify: [],
        docTypeCode: 'BULLETIN_PAIE',
        automaticRecipients: true,
      },
    });
  });

  it('documents from the safe travel as docIds, not as file parts, and leave when the type changes', () => {
    const { send, view, upload } = start();
    const safe = { id: 'doc-safe-1', name: 'Bulletin octobre', size: 4096, fromSafe: true } as const;
    send({ type: 'creation.type.select', docType: PAYSLIP }, { type: 'creation.document.add', document: safe });
    send({ type: 'creation.type.select', docType: NOTE });
    expect(view().documents).toEqual([]);
    send(
      { type: 'creation.type.select', docType: PAYSLIP },
      { type: 'creation.document.add', document: safe },
      { type: 'creation.document.add', document: doc },
      { type: 'creation.type.select', docType: PAYSLIP },
    );
    expect(view().documents).toHaveLength(2);
    send(
      { type: 'creation.next' },
      { type: 'creation.next' },
      { type: 'creation.next' },
      { type: 'creation.name.change', value: 'Paie octobre' },
      { type: 'creation.next' },
      { type: 'creation.send' },
    );
    expect(upload.input?.documentIds).toEqual(['f1']);
    expect(upload.input?.json.docIds).toEqual(['doc-safe-1']);
  });

  it('manual recipients: confirmation first, irreversible, e-mail required', () => {
    const { send, view, upload } = start();
    send({ type: 'creation.type.select', docType: NOTE }, { type: 'creation.next' });
    send({ type: 'creation.document.add', document: doc }, { type: 'creation.next' });
    expect(view()).toMatchObject({ mode: 'manual', needsManualConfirmation: true, canNext: false });
    send({ type: 'creation.recipient.add', recipient: ALICE });
    expect(view().recipients).toEqual([]); // not before the confirmation
    send({ type: 'creation.manual.confirm' });
    send({ type: 'creation.type.select', docType: PAYSLIP });
    expect(view()).toMatchObject({ docType: NOTE, mode: 'manual' }); // no way back to automatic
    send({ type: 'creation.recipient.add', recipient: NOMAIL });
    expect(view()).toMatchObject({ recipients: [], refusedRecipient: NOMAIL, canNext: false });
    send({ type: 'creation.recipient.add', recipient: TEAM_NOMAIL });
    expect(view()).toMatchObject({ recipients: [], refusedRecipient: TEAM_NOMAIL });
    send({ type: 'creation.recipient.add', recipient: ALICE }, { type: 'creation.recipient.add', recipient: TEAM });
    expect(view()).toMatchObject({ recipients: [ALICE, TEAM], refusedRecipient: null, canNext: true });
    send(
      { type: 'creation.next' },
      { type: 'creation.name.change', value: 'Note de rentrée' },
      { type: 'creation.docName.change', value: 'Note aux salariés' },
      { type: 'creation.next' },
      { type: 'creation.send' },
    );
    expect(upload.input).toMatchObject({
      routeId: 'campaigns.createManual',
      json: {
        docName: 'Note aux salariés',
        empIds: ['emp-alice'],
        groupIds: ['grp-paris'],
        automaticRecipients: false,
        files: [{ name: 'paie.pdf', docTypeCode: 'NOTE_SERVICE' }],
      },
    });
  });

  const toReview = () => {
    const s = start();
    s.send(
      { type: 'creation.type.select', docType: PAYSLIP },
      { type: 'creation.next' },
      { type: 'creation.document.add', document: doc },
      { type: 'creation.next' },
      { type: 'creation.next' },
      { type: 'creation.name.change', value: 'Paie' },
      { type: 'creation.next' },
    );
    return s;
  };

  it('follows the upload, sets the upload-completed flag, then announces the new campaign', () => {
    const { send, view, upload, emitted } = toReview();
    send({ type: 'creation.send' });
    upload.send({ type: 'api.creation.progressed', percentage: 40, uploadCompleted: false });
    expect(view()).toMatchObject({ percentage: 40, uploadCompleted: false, isBusy: true });
    upload.send({ type: 'api.creation.progressed', percentage: 100, uploadCompleted: true });
    expect(view().uploadCompleted).toBe(true);
    upload.send({ type: 'api.creation.succeeded', campaign: { id: 'c-9' } });
    expect(view()).toMatchObject({ isSent: true, campaignId: 'c-9', isBusy: false });
    expect(emitted).toEqual([
      { type: 'creation.alert', alert: { type: 'success', key: ALERT_KEYS.campaigns.dispatchCreationSuccess } },
      { type: 'creation.sent', campaignId: 'c-9' },
    ]);
  });

  it('a refused upload shows the seed alert with the names the server lists, and can be sent again', () => {
    const { send, view, upload, emitted } = toReview();
    send({ type: 'creation.send' });
    upload.send({
      type: 'api.creation.failed',
      error: { key: 'error.campaign.recipient-without-email', status: 400, errors: ['Paul Martin', 'Léa Roy'] },
    });
    expect(view()).toMatchObject({
      isFailed: true,
      canSend: true,
      failure: { key: ALERT_KEYS.campaigns.dispatchCreationError, detailKey: 'error.campaign.recipient-without-email' },
    });
    expect(emitted).toEqual([
      {
        type: 'creation.alert',
        alert: {
          type: 'error',
          key: ALERT_KEYS.campaigns.dispatchCreationError,
          cause: 'error.campaign.recipient-without-email',
          detail: 'Paul Martin, Léa Roy',
        },
      },
    ]);
    send({ type: 'creation.send' });
    expect(view()).toMatchObject({ isSending: true, failure: null });
  });

  it('cancel stops the upload and returns to the review step', () => {
    const { send, view, upload } = toReview();
    send({ type: 'creation.send' }, { type: 'creation.cancel' });
    expect(upload.stopped).toBe(1);
    expect(view()).toMatchObject({ step: 'review', isSending: false });
  });
});
