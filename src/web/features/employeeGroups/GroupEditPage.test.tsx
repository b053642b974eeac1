// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { GROUP, MEMBER, ORG } from '../../../../machines/group-form/groupForm.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { GroupEditPage } from './GroupEditPage.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const PATHS = ['/employee-groups', '/employee-groups/create', '/employee-groups/$id'] as const;

const open = async (path: string, answers: Parameters<typeof renderDocumentsPage>[2], heading: string) => {
  const page = await renderDocumentsPage(GroupEditPage, path, answers, PATHS);
  stop = page.stop;
  await screen.findByRole('heading', { level: 1, name: heading });
  return page;
};
const alertsOf = (page: Awaited<ReturnType<typeof open>>) =>
  page.services.actors.alerts
    .getSnapshot()
    .context.alerts.map((a: { type: string; message: string }) => [a.type, a.message]);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('employee group page', () => {
  it('creates: asks before leaving unsaved, then creates in the chosen organisation and goes back to the list', async () => {
    const page = await open(
      '/employee-groups/create',
      {
        'organizations.eligible': () => [ORG],
        'groups.create': (call) => ({ ...GROUP, ...(call.body as object), id: 'group-new', members: [] }),
      },
      'Nouveau groupe de salariés',
    );
    expect(button('Créer le groupe').disabled).toBe(true);
    act(() => fireEvent.change(screen.getByLabelText(/^Nom du groupe/), { target: { value: 'Équipe RH' } }));
    act(() => fireEvent.click(button('Retour à la liste')));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('Modifications non enregistrées');
    act(() => fireEvent.click(within(ask).getByRole('button', { name: 'Annuler' })));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(page.router.state.location.pathname).toBe('/employee-groups/create');

    const org = await screen.findByRole('option', { name: ORG.name });
    act(() => fireEvent.change(org.closest('select') as HTMLSelectElement, { target: { value: ORG.id } }));
    await screen.findByLabelText(/^Ajouter des salariés/);
    act(() => fireEvent.click(button('Créer le groupe')));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/employee-groups'));
    expect(page.calls.find((c) => c.routeId === 'groups.create')?.body).toEqual({
      name: 'Équipe RH',
      orgId: ORG.id,
      employeesIds: [],
    });
    expect(alertsOf(page)).toContainEqual(['success', ALERT_KEYS.groups.createSuccess]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('edits: saves a removed member and stays, then deletes once confirmed', async () => {
    const page = await open(
      `/employee-groups/${GROUP.id}`,
      {
        'groups.get': () => GROUP,
        'groups.update': (call) => ({ ...GROUP, ...(call.body as object), members: [] }),
        'groups.delete': () => undefined,
      },
      GROUP.name,
    );
    expect(button('Enregistrer').disabled).toBe(true);
    act(() => fireEvent.click(button(`Retirer ${MEMBER.name} ${MEMBER.firstName} du groupe`)));
    expect(button('Enregistrer').disabled).toBe(false);
    act(() => fireEvent.click(button('Enregistrer')));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['success', ALERT_KEYS.groups.updateSuccess]));
    expect(page.calls.find((c) => c.routeId === 'groups.update')).toMatchObject({
      params: { id: GROUP.id },
      body: { name: GROUP.name, employeesIds: [] },
    });
    await waitFor(() => expect(button('Enregistrer').disabled).toBe(true));
    expect(page.router.state.location.pathname).toBe(`/employee-groups/${GROUP.id}`);

    act(() => fireEvent.click(button('Supprimer le groupe')));
    const confirm = await screen.findByRole('alertdialog');
    expect(page.calls.some((c) => c.routeId === 'groups.delete')).toBe(false);
    act(() => fireEvent.click(within(confirm).getByRole('button', { name: 'Supprimer' })));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/employee-groups'));
    expect(alertsOf(page)).toContainEqual(['success', ALERT_KEYS.groups.deleteSuccess]);
  });

  it('says why when the group cannot be read', async () => {
    const page = await open('/employee-groups/gone', {}, 'Groupe de salariés');
    expect(screen.getByRole('alert').textContent).toBe("L'élément demandé est introuvable.");
    expect(alertsOf(page)).toContainEqual(['error', ALERT_KEYS.groups.getError]);
  });
});
