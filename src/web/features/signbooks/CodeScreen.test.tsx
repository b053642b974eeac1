// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  selectSigner,
  signerMachine,
  type SentCode,
  type SignerFailure,
  type SubmitCodeInput,
} from '../../../../machines/signer/index.ts';
import { AppProvider, createServices, type Services } from '../../app/index.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { CodeScreen } from './CodeScreen.tsx';

const SENT: SentCode = { mode: 'email', to: 'l•••@example.fr', expiresAt: '2999-01-01T10:00:00Z', outbox: true };
const flush = () => new Promise((r) => setTimeout(r, 0));

/** The walk's view after the server answered `answers` to the codes typed. */
async function viewAfter(answers: SignerFailure[]) {
  const actor = createActor(
    signerMachine.provide({
      actors: {
        requestCode: fromPromise(async () => SENT),
        submitCode: fromPromise<unknown, SubmitCodeInput>(async () => {
          throw answers.shift();
        }),
      },
    }),
    { input: { signbookId: 'sb', email: 'lea@example.fr', phone: null } },
  ).start();
  actor.send({ type: 'signer.read' });
  actor.send({ type: 'signer.code.request', mode: 'email', email: 'lea@example.fr' });
  await flush();
  for (let i = answers.length; i > 0; i -= 1) {
    actor.send({ type: 'signer.code.submit', code: '000000' });
    await flush();
  }
  return selectSigner(actor.getSnapshot());
}

let services: Services;
afterEach(() => {
  cleanup();
  services.stop();
});

const show = (view: Awaited<ReturnType<typeof viewAfter>>, submitted: string[] = []) => {
  services = createServices({ storage: null, socket: false });
  renderWithProviders(
    <AppProvider services={services}>
      <CodeScreen
        view={view}
        outboxCall={['outbox.list', {}]}
        onSubmit={(c) => submitted.push(c)}
        onRenew={() => undefined}
        onBack={() => undefined}
        onExpired={() => undefined}
      />
    </AppProvider>,
  );
};

describe('code screen', () => {
  it('says where the code went, links the demo outbox, and sends what is typed', async () => {
    const submitted: string[] = [];
    show(await viewAfter([]), submitted);
    expect(screen.getByText(/Un code vous a été envoyé par e-mail à l•••@example\.fr/)).toBeTruthy();
    expect(screen.getByRole('button', { name: "Ouvrir la boîte d'envoi" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code de signature'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Signer' }));
    expect(submitted).toEqual(['123456']);
  });

  it('a wrong code shows the seed key text and the tries left', async () => {
    show(await viewAfter([{ key: 'signworkflow.signatureFrame.invalideCode', status: 400 }]));
    expect(screen.getByRole('alert').textContent).toBe('Le code de signature est incorrect. Il vous reste 4 essais.');
  });

  it('a locked code says so clearly and leaves only a new code', async () => {
    show(await viewAfter([{ key: 'error.signature-code.locked', status: 423 }]));
    expect(screen.getByText('Code bloqué')).toBeTruthy();
    expect(screen.getByText('Trop de codes erronés : ce code est bloqué. Demandez un nouveau code.')).toBeTruthy();
    expect(screen.queryByLabelText('Code de signature')).toBeNull();
    expect(screen.getByRole('button', { name: 'Recevoir un nouveau code' })).toBeTruthy();
  });
});
