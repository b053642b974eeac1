/**
 * Single sign-on on the client: which entries this server offers (`auth.ssoSettings`: read once for the
 * guards, and by the login screens through the read machine), and the start of a Microsoft (OpenID)
 * login, which leaves for the provider's page.
 */
import type { SsoSettings } from '../../../contract/entities.ts';
import type { Services } from '../../app/index.ts';
import { useRead } from '../../app/index.ts';

let settings: Promise<SsoSettings | null> | null = null;
const SETTINGS = {};

const read = (api: Services['api']): Promise<SsoSettings | null> => {
  settings ??= api.call<SsoSettings>('auth.ssoSettings').catch(() => {
    settings = null; // try again next time
    return null;
  });
  return settings;
};

/** Where an unauthenticated visitor logs in: `/Login-am` on the customer host that has its own page (seed 000 §2). */
export const loginPathFor = async (api: Services['api']): Promise<'/login' | '/Login-am'> =>
  (await read(api))?.specialLogin ? '/Login-am' : '/login';

/**
 * The server's single sign-on entries, for the login screens: one read through machines/read (its answer
 * from the bus); null while unknown (or when the server cannot say).
 */
export const useSsoSettings = (): SsoSettings | null =>
  useRead('auth.ssoSettings', SETTINGS).data as SsoSettings | null;

/** Asks the server for the provider's URL (state, nonce and PKCE kept there) and goes. Rejects with the keyed error. */
export const startMicrosoftLogin = async (api: Services['api']): Promise<void> => {
  const { url } = await api.call<{ url: string }>('auth.microsoftStart');
  window.location.assign(url);
};
