// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_PAYROLL, OPTIONS, ORG_PARIS, USER } from '../../../../machines/rights-form/rightsForm.fixtures.ts';
import { renderRightsPage } from '../rights/testing.tsx';
import { UserFormPage } from './UserFormPage.tsx';

const WIDE = (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;

const common = {
  'organizations.eligibleTree': () => OPTIONS.orgTree,
  'userGroups.list': () => ({ count: 1, items: [{ id: GROUP_PAYROLL, name: 'Paie Paris' }] }),
};

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const type = (name: string, value: string) =>
  act(() => {
    fireEvent.change(field(name), { target: { value } });
  });
const click = (element: HTMLElement) =>
  act(() => {
    fireEvent.click(element);
  });

describe('user form', () => {
  it('creates a payroll officer seeing one sub-organisation with only employees and campaigns, then opens them', async () => {
    vi.stubGlobal('matchMedia', WIDE);
    const created = { ...USER, id: 'user-new', features: ['EmpList', 'DocListDispatch', 'DocCreateDispatch'] as const };
    const page = await renderRightsPage('/users', UserFormPage, '/users/create', {
      ...common,
      'users.create': () => created,
      'users.get': () => created,
    });
    stop = page.stop;
    await screen.findByRole('heading', { name: 'Nouvel utilisateur' });
    const save = screen.getByRole('button', { name: "Créer l'utilisateur" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    // The disabled button says what it waits for, as its description (issue 15), untouched fields included.
    const waitsFor = () => document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(waitsFor()).toMatch(/^Il reste à renseigner : Nom, Prénom, Identifiant et Organisation racine\.$/);

    type('Nom', 'Martin');
    type('Prénom', 'Léa');
    type('Identifiant', 'lea.martin');
    expect(waitsFor()).toBe('Il reste à renseigner : Organisation racine.');
    type('E-mail', 'lea@');
    expect(screen.getByText(/^Format incorrect : adresse e-mail attendue/)).toBeTruthy();
    expect(waitsFor()).toBe('Il reste à renseigner : Organisation racine. À corriger : E-mail.');
    type('E-mail', 'lea.martin@horizon-demo.fr');
    expect(screen.queryByText(/^Format incorrect/)).toBeNull();
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: /Organisation racine/ }), { target: { value: ORG_PARIS } });
    });
    const tree = screen.getByRole('list', { name: 'Organisations visibles' });
    const paris = within(tree).getByRole('checkbox', { name: /^Horizon Services Paris(?! :)/ }) as HTMLInputElement;
    expect(paris).toMatchObject({ checked: true, disabled: true });
    expect((within(tree).getByRole('checkbox', { name: /^Groupe Horizon/ }) as HTMLInputElement).checked).toBe(false);
    click(screen.getByRole('checkbox', { name: 'Salariés : lister' }));
    click(screen.getByRole('checkbox', { name: 'Campagnes : tout' }));
    expect(save.disabled).toBe(false);
    expect(save.getAttribute('aria-describedby')).toBeNull();
    click(save);

    await waitFor(() => expect(page.router.state.location.pathname).toBe('/users/user-new'));
    expect(page.calls.find((c) => c.routeId === 'users.create')?.body).toEqual({
      login: 'lea.martin',
      firstName: 'Léa',
      lastName: 'Martin',
      email: 'lea.martin@horizon-demo.fr',
      rootOrgId: ORG_PARIS,
      access: [],
      rootIncludesChildren: true,
      features: ['EmpList', 'DocListDispatch', 'DocCreateDispatch'],
      userGroupIds: [],
      linkedToMicrosoft: false,
    });
    expect(await screen.findByRole('heading', { name: 'Léa Martin' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Envoyer un mot de passe généré' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('sends the generated password after confirmation, never asking for a password; not without an e-mail', async () => {
    vi.stubGlobal('matchMedia', WIDE);
    let email: string | null = USER.email;
    const page = await renderRightsPage('/users', UserFormPage, `/users/${USER.id}`, {
      ...common,
      'users.get': () => ({ ...USER, email }),
      'users.reinitPassword': () => ({}),
    });
    stop = page.stop;
    await screen.findByRole('heading', { name: 'Léa Martin' });
    expect(document.querySelector('input[type="password"]')).toBeNull();
    click(screen.getByRole('button', { name: 'Envoyer un mot de passe généré' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Envoyer un mot de passe généré ?' });
    expect(within(ask).getByText(/lea\.martin@horizon-demo\.fr/)).toBeTruthy();
    click(within(ask).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() =>
      expect(page.calls.find((c) => c.routeId === 'users.reinitPassword')?.body).toEqual({ userId: USER.id }),
    );
    cleanup();
    page.stop();

    email = null;
    const again = await renderRightsPage('/users', UserFormPage, `/users/${USER.id}`, {
      ...common,
      'users.get': () => ({ ...USER, email }),
    });
    stop = again.stop;
    await screen.findByRole('heading', { name: 'Léa Martin' });
    const send = screen.getByRole('button', { name: 'Envoyer un mot de passe généré' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText('Pour envoyer un mot de passe, veuillez saisir un e-mail puis enregistrer')).toBeTruthy();
  });

  it('warns before leaving unsaved changes, and leaves when asked', async () => {
    vi.stubGlobal('matchMedia', WIDE);
    const page = await renderRightsPage('/users', UserFormPage, `/users/${USER.id}`, {
      ...common,
      'users.get': () => USER,
    });
    stop = page.stop;
    await screen.findByRole('heading', { name: 'Léa Martin' });
    type('Prénom', 'Léonie');
    click(screen.getByRole('button', { name: 'Retour à la liste' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Modifications non enregistrées' });
    click(within(ask).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(page.router.state.location.pathname).toBe(`/users/${USER.id}`);
    click(screen.getByRole('button', { name: 'Retour à la liste' }));
    click(
      within(await screen.findByRole('alertdialog', { name: 'Modifications non enregistrées' })).getByRole('button', {
        name: 'Quitter sans enregistrer',
      }),
    );
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/users'));
  });

  it('on a conflict, keeps what was typed on screen and reloads the saved version on demand', async () => {
    vi.stubGlobal('matchMedia', WIDE);
    let version = USER.version;
    const page = await renderRightsPage('/users', UserFormPage, `/users/${USER.id}`, {
      ...common,
      'users.get': () => ({ ...USER, version, lastName: version > USER.version ? 'Martin-Roux' : USER.lastName }),
      'users.update': () => {
        throw { key: 'error.rights.conflict', status: 409 };
      },
    });
    stop = page.stop;
    await screen.findByRole('heading', { name: 'Léa Martin' });
    version += 1;
    type('Prénom', 'Léonie');
    click(screen.getByRole('button', { name: 'Enregistrer' }));
    await screen.findByText("Quelqu'un d'autre a modifié cet élément pendant que vous le modifiiez.");
    expect((field('Prénom') as HTMLInputElement).value).toBe('Léonie');
    click(screen.getByRole('button', { name: 'Recharger la version enregistrée' }));
    await screen.findByText('Vos saisies non enregistrées');
    expect((field('Prénom') as HTMLInputElement).value).toBe('Léa');
    expect((field('Nom') as HTMLInputElement).value).toBe('Martin-Roux');
    expect(screen.getByText('Prénom : Léonie')).toBeTruthy();
    click(screen.getByRole('button', { name: 'Reprendre mes saisies' }));
    expect((field('Prénom') as HTMLInputElement).value).toBe('Léonie');
    expect(page.calls.filter((c) => c.routeId === 'users.get')).toHaveLength(2);
  });
});
