// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { CONF, DOC_TYPES } from '../../../../machines/org-conf/orgConf.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { OrgConfPanel } from './OrgConfPanel.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const open = async (canEdit: boolean, answers: Parameters<typeof renderDocumentsPage>[2]) => {
  const Panel = () => <OrgConfPanel orgId="org-paris" canEdit={canEdit} />;
  const page = await renderDocumentsPage(Panel, '/organizations/item/org-paris', answers, ['/organizations/item/$id']);
  stop = page.stop;
  return page;
};
const alertsOf = (page: Awaited<ReturnType<typeof open>>) =>
  page.services.actors.alerts
    .getSnapshot()
    .context.alerts.map((a: { type: string; message: string; values?: { detail?: string } }) => [
      a.type,
      a.message,
      a.values?.detail,
    ]);
const read = { 'organizations.conf': () => CONF, 'documents.orgDocTypes': () => DOC_TYPES };
const failure = { key: 'error.internal', status: 500, errors: ['Le service est indisponible.'] };

describe('organisation configuration panel', () => {
  it('saves the choices through the machine, and waits for an https style sheet', async () => {
    const page = await open(true, { ...read, 'organizations.updateConf': (call) => call.body });
    await screen.findByRole('heading', { name: 'Configuration' });
    const save = screen.getByRole('button', { name: 'Enregistrer la configuration' }) as HTMLButtonElement;
    // The checkbox reports its change a turn later: each click is awaited.
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Camille Martin (camille.martin@example.fr)' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Contrat de travail' }));
    });
    const css = screen.getByPlaceholderText('https://');
    act(() => fireEvent.change(css, { target: { value: 'http://cdn.example.fr/rh.css' } }));
    expect(
      screen.getByText('Format incorrect : adresse attendue commençant par https://', { exact: false }),
    ).toBeTruthy();
    expect(save.disabled).toBe(true);
    act(() => fireEvent.change(css, { target: { value: 'https://cdn.example.fr/rh.css' } }));
    expect(save.disabled).toBe(false);
    act(() => fireEvent.click(save));
    await waitFor(() =>
      expect(alertsOf(page)).toContainEqual(['success', ALERT_KEYS.organizations.confUpdateSuccess, undefined]),
    );
    expect(page.calls.at(-1)).toMatchObject({
      routeId: 'organizations.updateConf',
      params: { id: 'org-paris' },
      body: {
        usersToNotify: ['user-1'],
        extraOptions: { specificCSSUrl: 'https://cdn.example.fr/rh.css' },
        docTypes: [
          { code: 'PAYSLIP', enabled: true },
          { code: 'CONTRACT', enabled: true },
        ],
      },
    });
  });

  it('offers no save to a reader, and steps aside with an alert when the configuration cannot be read', async () => {
    await open(false, read);
    await screen.findByRole('heading', { name: 'Configuration' });
    expect(screen.queryByRole('button', { name: 'Enregistrer la configuration' })).toBeNull();
    cleanup();
    stop();

    const page = await open(true, {
      'organizations.conf': () => {
        throw failure;
      },
      'documents.orgDocTypes': () => DOC_TYPES,
    });
    await waitFor(() =>
      expect(alertsOf(page)).toContainEqual([
        'error',
        ALERT_KEYS.organizations.confGetFailure,
        'Le service est indisponible.',
      ]),
    );
    expect(screen.queryByRole('heading', { name: 'Configuration' })).toBeNull();
  });
});
