import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { RequestCodeInput, SentCode, SignerFailure, SubmitCodeInput, SubmitRefusalInput } from './signer.types.ts';
import { signerInput } from './signer.fixtures.ts';
import { isWellFormedCode, signerMachine } from './signer.machine.ts';
import { selectSigner } from './signer.selectors.ts';

const SENT: SentCode = { mode: 'email', to: 'l•••@example.fr', expiresAt: '2026-11-21T10:10:00Z', outbox: true };
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A walk against a fake server: `answers` decides each sign call. */
const walk = (answers: (SignerFailure | null)[]) => {
  const requested: RequestCodeInput[] = [];
  const submitted: SubmitCodeInput[] = [];
  const actor = createActor(
    signerMachine.provide({
      actors: {
        requestCode: fromPromise<SentCode, RequestCodeInput>(async ({ input }) => {
          requested.push(input);
          return SENT;
        }),
        submitCode: fromPromise<unknown, SubmitCodeInput>(async ({ input }) => {
          submitted.push(input);
          const answer = answers.shift();
          if (answer) throw answer;
          return {};
        }),
        submitRefusal: fromPromise<unknown, SubmitRefusalInput>(async () => ({})),
      },
    }),
    { input: signerInput },
  ).start();
  return { actor, requested, submitted, view: () => selectSigner(actor.getSnapshot()) };
};

describe('signer walk', () => {
  it('reads, asks a code by e-mail, signs with it', async () => {
    const { actor, requested, submitted, view } = walk([null]);
    expect(view().screen).toBe('read');
    actor.send({ type: 'signer.read' });
    expect(view().screen).toBe('channel');
    actor.send({ type: 'signer.code.request', mode: 'email', email: 'lea.dupont@example.fr' });
    expect(view()).toMatchObject({ screen: 'channel', requesting: true });
    await flush();
    expect(requested).toEqual([{ signbookId: 'sb-1', mode: 'email', email: 'lea.dupont@example.fr' }]);
    expect(view()).toMatchObject({ screen: 'code', canEnterCode: true, sent: SENT, triesLeft: 5 });
    actor.send({ type: 'signer.code.submit', code: ' 123 456 ' });
    await flush();
    expect(submitted).toEqual([{ signbookId: 'sb-1', code: '123456' }]);
    expect(view().screen).toBe('done');
  });

  it('a wrong code costs a try and says so; the sixth try locks; a new code unlocks', async () => {
    const wrong = { key: 'signworkflow.signatureFrame.invalideCode', status: 400 };
    const { actor, requested, view } = walk([wrong, wrong, { key: 'error.signature-code.locked', status: 423 }, null]);
    actor.send({ type: 'signer.read' });
    actor.send({ type: 'signer.code.request', mode: 'sms', phone: '0612345678' });
    await flush();
    expect(requested[0]).toEqual({ signbookId: 'sb-1', mode: 'sms', phone: '0612345678' });
    for (const left of [4, 3]) {
      actor.send({ type: 'signer.code.submit', code: '000000' });
      await flush();
      expect(view()).toMatchObject({ canEnterCode: true, triesLeft: left, errorKey: wrong.key });
    }
    actor.send({ type: 'signer.code.submit', code: '000000' });
    await flush();
    expect(view()).toMatchObject({ locked: true, canEnterCode: false, errorKey: 'error.signature-code.locked' });
    actor.send({ type: 'signer.code.submit', code: '123456' }); // ignored while locked
    expect(view().locked).toBe(true);
    actor.send({ type: 'signer.code.renew' });
    await flush();
    expect(requested).toHaveLength(2);
    expect(view()).toMatchObject({ canEnterCode: true, triesLeft: 5, errorKey: null });
    actor.send({ type: 'signer.code.submit', code: '123456' });
    await flush();
    expect(view().screen).toBe('done');
  });

  it('refuses a malformed code without calling, and an empty destination without calling', async () => {
    const { actor, requested, submitted, view } = walk([]);
    actor.send({ type: 'signer.read' });
    actor.send({ type: 'signer.code.request', mode: 'voicemail', phone: '' });
    expect(view()).toMatchObject({ screen: 'channel', errorKey: 'error.signature-code.no-phone' });
    expect(requested).toHaveLength(0);
    actor.send({ type: 'signer.code.request', mode: 'voicemail', phone: '01 02 03 04 05' });
    await flush();
    actor.send({ type: 'signer.code.submit', code: '12' });
    expect(view()).toMatchObject({ canEnterCode: true, errorKey: 'validation.validationCode' });
    expect(submitted).toHaveLength(0);
  });

  it('an expired code (server or clock) asks for a new one', async () => {
    const { actor, view } = walk([{ key: 'error.signature-code.expired', status: 400 }]);
    actor.send({ type: 'signer.read' });
    actor.send({ type: 'signer.code.request', mode: 'email', email: 'a@b.fr' });
    await flush();
    actor.send({ type: 'signer.code.submit', code: '123456' });
    await flush();
    expect(view()).toMatchObject({ expired: true, screen: 'code', errorKey: 'error.signature-code.expired' });
    actor.send({ type: 'signer.code.renew' });
    await flush();
    actor.send({ type: 'signer.code.expired' });
    expect(view().expired).toBe(true);
  });

  it('refusal needs a reason and ends the walk', async () => {
    const { actor, view } = walk([]);
    actor.send({ type: 'signer.refuse', reason: '  ' });
    expect(view().screen).toBe('read');
    actor.send({ type: 'signer.refuse', reason: 'Montant erroné' });
    expect(view()).toMatchObject({ refusing: true, reason: 'Montant erroné' });
    await flush();
    expect(view().screen).toBe('refused');
  });

  it('resumes a pending code after a reload', () => {
    const { actor, view } = walk([]);
    actor.send({ type: 'signer.resume', mode: 'sms', expiresAt: SENT.expiresAt, triesLeft: 2, locked: false });
    expect(view()).toMatchObject({ canEnterCode: true, triesLeft: 2, mode: 'sms' });
  });

  it('knows a well-formed code', () => {
    expect(isWellFormedCode('123456')).toBe(true);
    expect(isWellFormedCode('12 34 56')).toBe(true);
    expect(isWellFormedCode('12345')).toBe(false);
    expect(isWellFormedCode('12345a')).toBe(false);
  });
});
