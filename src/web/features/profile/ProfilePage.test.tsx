// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { NEW_PASSWORD } from '../../../../machines/profile/profile.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { ProfilePage } from './ProfilePage.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const USER: CurrentUser = {
  login: 'camille.martin',
  userId: 'u-camille',
  firstName: 'Camille',
  name: 'Martin',
  email: null,
  features: [],
  domain: 'main',
  userRootOrgs: [],
  orgId: 'org-root',
  orgName: 'Groupe Martin',
  baseOrgId: 'org-root',
  baseOrgName: 'Groupe Martin',
  isFreeTrial: false,
  signatureV3: true,
  locale: 'fr',
};

/** The page on the route the app mounts it on: `/app/profile`, its loader reading the user. */
const open = async (answers: Parameters<typeof renderDocumentsPage>[2]) => {
  const page = await renderDocumentsPage(
    ProfilePage,
    '/app/profile',
    { 'users.current': () => USER, ...answers },
    ['/app/profile'],
    'users.current',
  );
  stop = page.stop;
  await screen.findByRole('heading', { name: 'Identité' });
  return page;
};
const alertsOf = (page: Awaited<ReturnType<typeof open>>) =>
  page.services.actors.alerts
    .getSnapshot()
    .context.alerts.map((a: { type: string; message: string }) => [a.type, a.message]);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const type = (label: string, value: string) =>
  act(() => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } }));

describe('profile page', () => {
  it('saves the changed names through the machine, says so and reads the session again', async () => {
    const page = await open({ 'users.updateBasic': () => undefined });
    const sentToAuth: string[] = [];
    const auth = page.services.actors.auth;
    const send = auth.send.bind(auth);
    auth.send = (event) => {
      sentToAuth.push(event.type);
      send(event);
    };
    expect(screen.getByText('Aucune adresse e-mail : les parapheurs ne sont pas accessibles.')).toBeTruthy();
    expect(button('Enregistrer').disabled).toBe(true);
    type('Nom', ' ');
    expect(button('Enregistrer').disabled).toBe(true);
    type('Nom', 'Martin');
    type('Prénom', ' Camille-Paule ');
    expect(button('Enregistrer').disabled).toBe(false);
    act(() => fireEvent.click(button('Enregistrer')));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['success', 'profile.identity.saved']));
    expect(page.calls.find((c) => c.routeId === 'users.updateBasic')).toEqual({
      routeId: 'users.updateBasic',
      params: { id: USER.userId },
      body: { firstName: 'Camille-Paule', lastName: 'Martin' },
    });
    expect(sentToAuth).toEqual(['auth.session.refresh']);
    await waitFor(() => expect(button('Enregistrer').disabled).toBe(true));
  });

  it("shows the server's reason under the identity form", async () => {
    await open({
      'users.updateBasic': () => {
        throw { key: 'error.validation.body', status: 400 };
      },
    });
    type('Prénom', 'Paule');
    act(() => fireEvent.click(button('Enregistrer')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Les informations envoyées sont incomplètes ou incorrectes.',
    );
  });

  it('changes the password only under the rules, then empties the fields; a refusal shows under the form', async () => {
    let refuse = true;
    const page = await open({
      'users.changePassword': () => {
        if (refuse) throw { key: 'error.some-unknown-refusal', status: 400 };
        return undefined;
      },
    });
    const submit = () => button('Changer le mot de passe');
    type('Mot de passe actuel', 'Hiver-2025');
    type('Nouveau mot de passe', NEW_PASSWORD);
    type('Confirmation du nouveau mot de passe', 'printemps');
    expect(submit().disabled).toBe(true);
    type('Confirmation du nouveau mot de passe', NEW_PASSWORD);
    expect(submit().disabled).toBe(false);
    act(() => fireEvent.click(submit()));
    expect((await screen.findByRole('alert')).textContent).toBe('Le changement de mot de passe a échoué.');
    refuse = false;
    act(() => fireEvent.click(submit()));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['success', ALERT_KEYS.users.passwordChangeSuccess]));
    expect((screen.getByLabelText('Mot de passe actuel', { selector: 'input' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(page.calls.filter((c) => c.routeId === 'users.changePassword').at(-1)?.body).toEqual({
      oldPassword: 'Hiver-2025',
      password: NEW_PASSWORD,
      confirmation: NEW_PASSWORD,
    });
  });
});
