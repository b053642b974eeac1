// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP, USER } from '../../../../machines/rights-form/rightsForm.fixtures.ts';
import { renderRightsPage } from '../rights/testing.tsx';
import { UserGroupFormPage } from './UserGroupFormPage.tsx';

const WIDE = (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;
const JULIEN = {
  ...USER,
  id: 'user-2',
  firstName: 'Julien',
  lastName: 'Bernard',
  email: 'julien.bernard@horizon-demo.fr',
};
const click = (element: HTMLElement) =>
  act(() => {
    fireEvent.click(element);
  });

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
  vi.unstubAllGlobals();
});

describe('user group form', () => {
  it('adds a member found among the users and saves the group with its rights', async () => {
    vi.stubGlobal('matchMedia', WIDE);
    const page = await renderRightsPage('/user-groups', UserGroupFormPage, `/user-groups/${GROUP.id}`, {
      'userGroups.get': () => ({ ...GROUP, memberIds: [], memberCount: 0 }),
      'users.list': ({ body }) =>
        (body as { search?: string }).search ? { count: 1, items: [USER] } : { count: 1, items: [JULIEN] },
      'userGroups.update': ({ body }) => ({ ...GROUP, ...(body as object), version: 2 }),
    });
    stop = page.stop;
    await screen.findByRole('heading', { name: 'Paie Paris' });
    expect(screen.getByText('Aucun membre : recherchez des utilisateurs pour les ajouter.')).toBeTruthy();
    // Nothing changed yet: the disabled « Enregistrer » says so (issue 15).
    const save = screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(document.getElementById(save.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Aucune modification à enregistrer.',
    );
    act(() => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Ajouter des utilisateurs' }), {
        target: { value: 'léa' },
      });
    });
    click(await screen.findByRole('button', { name: 'Ajouter Martin Léa' }, { timeout: 3000 }));
    expect(within(screen.getByRole('list', { name: 'Membres du groupe' })).getByText('Martin Léa')).toBeTruthy();
    click(screen.getByRole('checkbox', { name: 'Documents : lister' }));
    click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(page.calls.find((c) => c.routeId === 'userGroups.update')?.body).toEqual({
        name: 'Paie Paris',
        features: ['DocSearch', 'EmpList'],
        memberIds: [USER.id],
        version: 1,
      }),
    );
  });

  it("shows the server's message when rules still use the group", async () => {
    vi.stubGlobal('matchMedia', WIDE);
    const page = await renderRightsPage('/user-groups', UserGroupFormPage, `/user-groups/${GROUP.id}`, {
      'userGroups.get': () => ({ ...GROUP, ruleIds: ['rule-1'] }),
      'users.list': () => ({ count: 1, items: [JULIEN] }),
      'userGroups.delete': () => {
        throw {
          key: 'error.user-group.used-by-rules',
          status: 409,
          errors: ['Règles qui utilisent ce groupe : Bulletins de Paris'],
        };
      },
    });
    stop = page.stop;
    await screen.findByRole('heading', { name: 'Paie Paris' });
    expect(within(screen.getByRole('list', { name: 'Membres du groupe' })).getByText('Bernard Julien')).toBeTruthy();
    click(screen.getByRole('button', { name: 'Supprimer le groupe' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Supprimer ce groupe ?' });
    expect(within(ask).getByText(/visé par 1 règle/)).toBeTruthy();
    click(within(ask).getByRole('button', { name: 'Supprimer' }));
    const message = await screen.findByText(/Règles qui utilisent ce groupe : Bulletins de Paris/, { selector: 'p' });
    expect(message.getAttribute('role')).toBe('alert');
    expect(page.router.state.location.pathname).toBe(`/user-groups/${GROUP.id}`);
  });
});
