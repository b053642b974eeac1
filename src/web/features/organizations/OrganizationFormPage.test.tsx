// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { COMPANY, PARENT, PAYROLL_MANAGED, SIRET_TAKEN } from '../../../../machines/org-form/orgForm.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { OrganizationFormPage } from './OrganizationFormPage.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
  vi.unstubAllGlobals();
});

const PATHS = ['/organizations', '/organizations/create', '/organizations/$id', '/organizations/item/$id'] as const;

const open = async (path: string, answers: Parameters<typeof renderDocumentsPage>[2], heading: string) => {
  const page = await renderDocumentsPage(OrganizationFormPage, path, answers, PATHS);
  stop = page.stop;
  await screen.findByRole('heading', { name: heading });
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
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** By its label, whatever follows it (the required fields' « * »). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\b`)) as HTMLInputElement;
const type = (label: string, value: string) => act(() => fireEvent.change(field(label), { target: { value } }));
const describedBy = (b: HTMLButtonElement) =>
  document.getElementById(b.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

describe('organisation form page', () => {
  it('creates: says what is missing, shows a taken SIRET, fills from the directory and opens the new sheet', async () => {
    let taken = true;
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const page = await open(
      `/organizations/create?parentId=${PARENT.id}`,
      {
        'organizations.eligible': () => [PARENT],
        'organizations.bySiret': () => COMPANY,
        'organizations.create': (call) => {
          if (taken) throw SIRET_TAKEN;
          return { ...PARENT, ...(call.body as object), id: 'org-new' };
        },
      },
      'Nouvelle organisation',
    );
    await screen.findByRole('option', { name: `${PARENT.name} (${PARENT.siret})` });
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe(PARENT.id);
    expect(describedBy(button('Créer'))).toBe('Il reste à renseigner : Nom, SIRET et Ville.');

    type('SIRET', '1234567890123');
    expect(screen.getByText('Le SIRET doit comporter 14 chiffres.', { exact: false })).toBeTruthy();
    type('SIRET', PARENT.siret);
    type('Nom', 'Doublon');
    type('Ville', 'Paris');
    expect(button('Créer').getAttribute('aria-describedby')).toBeNull();
    act(() => fireEvent.click(button('Créer')));
    expect((await screen.findByTestId('org-form-errors')).textContent).toBe(SIRET_TAKEN.errors[0]);
    expect(screen.getByText("La création de l'organisation a échoué.")).toBeTruthy();
    expect(screen.getByText('Ce SIRET est déjà utilisé par une autre organisation.')).toBeTruthy();
    expect(alertsOf(page)).toEqual([]);

    taken = false;
    type('SIRET', COMPANY.siret);
    act(() => fireEvent.click(button('Rechercher')));
    await screen.findByText("Nom et adresse repris de l'annuaire des entreprises.");
    expect(field('Nom').value).toBe(COMPANY.name);
    expect(field('Code postal').value).toBe(COMPANY.zipCode);
    act(() => fireEvent.click(button('Créer')));
    await waitFor(() => expect(page.router.state.location.pathname).toBe('/organizations/item/org-new'));
    expect(page.calls.filter((c) => c.routeId === 'organizations.create').at(-1)?.body).toMatchObject({
      name: COMPANY.name,
      parentId: PARENT.id,
    });
    expect(alertsOf(page)).toContainEqual(['success', ALERT_KEYS.organizations.createSuccess, undefined]);
    // The saved organisation's own way to its sheet is not held back by the leave warning.
    expect(confirm).not.toHaveBeenCalled();
  });

  it('edits: « Enregistrer » waits for a change, a failed save raises an alert, leaving unsaved asks first', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    const page = await open(
      `/organizations/${PARENT.id}`,
      {
        'organizations.get': () => PARENT,
        'organizations.noChildren': () => ({ items: [] }),
        'organizations.update': () => {
          throw { key: 'error.internal', status: 500, errors: ['Le service est indisponible.'] };
        },
      },
      "Modifier l'organisation",
    );
    expect(field('Nom').value).toBe(PARENT.name);
    expect(button('Enregistrer').disabled).toBe(true);
    expect(describedBy(button('Enregistrer'))).toBe('Aucune modification à enregistrer.');

    type('Référence$', 'HSP-2');
    expect(button('Enregistrer').disabled).toBe(false);
    act(() => fireEvent.click(button('Enregistrer')));
    await waitFor(() =>
      expect(alertsOf(page)).toContainEqual([
        'error',
        ALERT_KEYS.organizations.updateError,
        'Le service est indisponible.',
      ]),
    );
    expect(screen.getByTestId('org-form-errors').textContent).toBe('Le service est indisponible.');

    act(() => fireEvent.click(button('Annuler')));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Quitter quand même')));
    expect(page.router.state.location.pathname).toBe(`/organizations/${PARENT.id}`);
  });

  it('shows an organisation payroll manages read-only, and only the failure when it cannot be read', async () => {
    await open(
      `/organizations/${PAYROLL_MANAGED.id}`,
      { 'organizations.get': () => PAYROLL_MANAGED, 'organizations.noChildren': () => ({ items: [] }) },
      "Modifier l'organisation",
    );
    expect(screen.getByRole('alert').textContent).toContain("Vous n'avez pas les droits");
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rechercher' })).toBeNull();
    cleanup();
    stop();

    const page = await renderDocumentsPage(OrganizationFormPage, '/organizations/gone', {}, PATHS);
    stop = page.stop;
    expect((await screen.findByTestId('org-form-errors')).textContent).toBe("L'élément demandé est introuvable.");
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
