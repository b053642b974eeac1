import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../api/index.ts';
import type { AlertInput } from '../../app/index.ts';
import { memoryStorage } from '../../app/sessionStore.ts';
import { AUTH_TOKEN_NOT_VALID, SIGN_SESSION_KEY, createSignClient } from './signClient.ts';

const SESSION = { eDocSignVersion: 'v3', token: { sessionId: 's-1' }, hasEmail: true };

/** A fake API answering per route id, recording every call. */
const setup = (answers: Record<string, () => unknown>) => {
  const calls: string[] = [];
  const alerts: AlertInput[] = [];
  const storage = memoryStorage();
  const client = createSignClient({
    api: {
      call: async <T>(routeId: string) => {
        calls.push(routeId);
        return answers[routeId]!() as T;
      },
    },
    alert: (a) => alerts.push(a),
    storage,
  });
  return { client, calls, alerts, storage };
};

const failure = (status: number, message?: string) =>
  new ApiFailure({ routeId: 'signbooks.session', status, key: 'error.internal', ...(message ? { message } : {}) });

describe('signing client', () => {
  it("re-fetches the signing session and rejects a call whose data.message is 'Auth token not valid'", async () => {
    const { client, calls, storage } = setup({
      'signbooks.get': () => ({ data: { message: AUTH_TOKEN_NOT_VALID } }),
      'signbooks.session': () => SESSION,
    });
    await expect(client.call('signbooks.get', { params: { id: 'x' } })).rejects.toMatchObject({
      key: 'error.auth.invalid-token',
    });
    expect(calls).toEqual(['signbooks.get', 'signbooks.session']);
    expect(JSON.parse(storage.getItem(SIGN_SESSION_KEY) ?? 'null')).toEqual(SESSION);
    expect(client.state$.value.session).toEqual(SESSION);
  });

  it('does the same when the failure itself says the token is not valid', async () => {
    const { client, calls } = setup({
      'signbooks.sign': () => {
        throw failure(401, AUTH_TOKEN_NOT_VALID);
      },
      'signbooks.session': () => SESSION,
    });
    await expect(client.call('signbooks.sign')).rejects.toBeInstanceOf(ApiFailure);
    expect(calls).toEqual(['signbooks.sign', 'signbooks.session']);
  });

  it('passes other answers and failures through untouched', async () => {
    const { client, calls } = setup({
      'signbooks.get': () => ({ id: 'x', name: 'Contrat' }),
      'signbooks.sign': () => {
        throw failure(400);
      },
    });
    await expect(client.call('signbooks.get')).resolves.toEqual({ id: 'x', name: 'Contrat' });
    await expect(client.call('signbooks.sign')).rejects.toMatchObject({ status: 400 });
    expect(calls).toEqual(['signbooks.get', 'signbooks.sign']);
  });

  it('a 500 from the signing session clears it, keeps the status, hides the menu and alerts', async () => {
    const { client, alerts, storage } = setup({
      'signbooks.session': () => {
        throw failure(500);
      },
    });
    storage.setItem(SIGN_SESSION_KEY, JSON.stringify(SESSION));
    expect(await client.refreshSession()).toBeNull();
    expect(storage.getItem(SIGN_SESSION_KEY)).toBeNull();
    expect(client.state$.value).toEqual({ session: null, errorStatus: 500, menuHidden: true });
    expect(alerts).toEqual([{ message: 'alert.sidenav.signworkflows.alert', type: 'error' }]);
  });

  it('another session failure keeps the status but neither hides the menu nor alerts', async () => {
    const { client, alerts } = setup({
      'signbooks.session': () => {
        throw failure(503);
      },
    });
    await client.refreshSession();
    expect(client.state$.value).toEqual({ session: null, errorStatus: 503, menuHidden: false });
    expect(alerts).toEqual([]);
  });
});
