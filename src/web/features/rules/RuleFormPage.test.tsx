// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_PAYROLL, OPTIONS, ORG_PARIS, RULE } from '../../../../machines/rights-form/rightsForm.fixtures.ts';
import { renderRightsPage } from '../rights/testing.tsx';
import { RuleFormPage } from './RuleFormPage.tsx';

const NARROW = (query: string) =>
  ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }) as unknown as MediaQueryList;
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

describe('access rule form', () => {
  it('shows its criteria with names, checks the period, and saves criteria and targets (at 600 px)', async () => {
    vi.stubGlobal('matchMedia', NARROW);
    const page = await renderRightsPage('/rules', RuleFormPage, `/rules/${RULE.id}`, {
      'rules.get': () => RULE,
      'organizations.eligibleTree': () => OPTIONS.orgTree,
      'userGroups.list': () => ({ count: 1, items: [{ id: GROUP_PAYROLL, name: 'Paie Paris' }] }),
      'users.list': () => ({ count: 0, items: [] }),
      'documents.orgDocTypes': () => [
        { code: 'PAYSLIP', label: 'Bulletin de paie', enabled: true, hasMask: true },
        { code: 'CONTRACT', label: 'Contrat de travail', enabled: true, hasMask: false },
      ],
      'groups.list': () => ({ count: 0, items: [] }),
      'employees.get': () => ({ id: 'emp-1', name: 'Durand', firstName: 'Alice', email: 'alice.durand@example.fr' }),
      'rules.update': ({ body }) => ({ ...RULE, ...(body as object), version: 3 }),
    });
    stop = page.stop;
    await screen.findByRole('heading', { name: 'Bulletins de Paris' });
    const types = screen.getByRole('list', { name: 'Types de documents' });
    expect((within(types).getByRole('checkbox', { name: 'Bulletin de paie' }) as HTMLInputElement).checked).toBe(true);
    const orgs = screen.getByRole('list', { name: 'Organisations' });
    expect((within(orgs).getByRole('checkbox', { name: /^Horizon Services Paris/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(within(screen.getByRole('list', { name: 'Salariés' })).getByText('Durand Alice')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Paie Paris' }) as HTMLInputElement).checked).toBe(true);

    act(() => {
      fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2025-12-31' } });
    });
    expect(screen.getByText('La fin de période doit suivre son début')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => {
      fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-12-31' } });
    });
    click(within(types).getByRole('checkbox', { name: 'Contrat de travail' }));
    click(screen.getByRole('checkbox', { name: 'Salariés : tout' }));
    click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(page.calls.find((c) => c.routeId === 'rules.update')?.body).toEqual({
        name: 'Bulletins de Paris',
        features: ['DocSearch', 'EmpList'],
        criteria: {
          periodStart: '2026-01-01',
          periodEnd: '2026-12-31',
          docTypes: ['PAYSLIP', 'CONTRACT'],
          organizationIds: [ORG_PARIS],
          employeeIds: ['emp-1'],
          employeeGroupIds: [],
          metaKey: null,
          metaValue: null,
        },
        userGroupIds: [GROUP_PAYROLL],
        userIds: [],
        version: 2,
      }),
    );
  });
});
