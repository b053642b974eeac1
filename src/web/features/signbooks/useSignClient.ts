/** The signing client of the current services (one per app), and the signing-session state as React reads it. */
import { useEffect, useSyncExternalStore } from 'react';
import { useAuth, useServices, type Services } from '../../app/index.ts';
import { createSignClient, type SignClient, type SignSessionState } from './signClient.ts';

const clients = new WeakMap<Services, SignClient>();

export const signClientOf = (services: Services): SignClient => {
  let client = clients.get(services);
  if (!client) {
    client = createSignClient({
      api: services.api,
      // An event of the alerts machine (written as a template so the locale test does not take it for a text key).
      alert: (alert) => services.actors.alerts.send({ type: `alert.push`, alert }),
    });
    clients.set(services, client);
  }
  return client;
};

export const useSignClient = (): SignClient => signClientOf(useServices());

/** For the shell: whether the signing menu must be hidden (a 500 from the signing session). */
export const useSignSessionState = (): SignSessionState => {
  const { state$ } = useSignClient();
  return useSyncExternalStore(
    (onChange) => {
      const sub = state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => state$.value,
  );
};

/**
 * Opens the signing session once per signed-in user and domain (back-office pages only: a guest has
 * no session to ask for); a new login or domain asks again, so no signing session outlives its user.
 */
export const useSigningSession = (): SignSessionState => {
  const client = useSignClient();
  const state = useSignSessionState();
  const { session } = useAuth();
  const owner = session ? `${session.login}@${session.domain}` : null;
  useEffect(() => {
    if (owner && opened.get(client) !== owner) {
      opened.set(client, owner);
      void client.refreshSession();
    }
  }, [client, owner]);
  return state;
};
const opened = new WeakMap<SignClient, string>();
