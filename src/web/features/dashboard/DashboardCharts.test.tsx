// @vitest-environment happy-dom
/**
 * The dashboard's charts (issue 15 §11): each chart is a figure with a French title and a text
 * alternative carrying its figures, its data table one click away; a chart the session may not see
 * is not drawn; and the figures are fetched again when a push says the counts moved.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardCharts as Charts } from '../../../contract/dashboard.ts';
import type { BadgeCounts } from '../../../contract/entities.ts';
import { AppProvider, type Services } from '../../app/index.ts';
import { createBus } from '../../bus/index.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { axisLabel, DashboardCharts, cut } from './DashboardCharts.tsx';
import { useDashboardCharts } from './useDashboardCharts.ts';

afterEach(cleanup);

const DATA: Charts = {
  documents: {
    months: ['2026-10', '2026-11'],
    types: [
      { code: 'BULLETIN_PAIE', label: 'Bulletin de paie' },
      { code: 'CONTRAT_TRAVAIL', label: 'Contrat de travail' },
    ],
    counts: [
      { month: '2026-10', typeCode: 'BULLETIN_PAIE', count: 70 },
      { month: '2026-11', typeCode: 'BULLETIN_PAIE', count: 12 },
      { month: '2026-11', typeCode: 'CONTRAT_TRAVAIL', count: 3 },
    ],
  },
  campaigns: [
    {
      id: 'c1',
      name: 'Bulletins de paie octobre 2026',
      status: 'DISPATCHED',
      createdAt: '2026-10-31T10:00:00Z',
      total: 84,
      distributed: 70,
      waitingSafe: 10,
      inError: 2,
      other: 2,
    },
  ],
  signbooks: {
    byStatus: [
      { status: 'IN_PROGRESS', count: 3 },
      { status: 'COMPLETE', count: 2 },
    ],
    completed: 2,
    averageHoursToComplete: 72,
  },
  safes: [{ organizationId: 'o1', name: 'Horizon Services Paris', active: 40, noSafe: 5, notActivated: 1 }],
};

describe('DashboardCharts', () => {
  it('draws every chart as a figure whose text alternative gives its figures', () => {
    renderWithProviders(<DashboardCharts data={DATA} />);
    expect(screen.getAllByRole('figure')).toHaveLength(4);
    expect(screen.getByRole('heading', { name: 'Documents distribués par mois et par type' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: /^85 documents distribués sur les 12 derniers mois, dont 15 ce mois-ci ; mois le plus chargé : octobre 2026\.$/,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Résultat de la dernière campagne' })).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: 'Sur la dernière campagne : 70 documents distribués, 10 en attente du coffre-fort du salarié, 2 en erreur.',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', {
        name: '5 parapheurs : En cours 3, Terminé 2. Délai moyen de signature : 3 jours.',
      }),
    ).toBeTruthy();
    expect(
      screen.getByRole('img', { name: '5 salariés actifs sans coffre-fort ; coffres-forts non activés : 1.' }),
    ).toBeTruthy();
  });

  it('makes each figure of the campaigns and the average delay agree with its number', () => {
    const one = { ...DATA.campaigns![0]!, total: 2, distributed: 1, waitingSafe: 1, inError: 0, other: 0 };
    renderWithProviders(
      <DashboardCharts
        data={{ ...DATA, campaigns: [one], signbooks: { ...DATA.signbooks!, averageHoursToComplete: 60 } }}
      />,
    );
    expect(
      screen.getByRole('img', {
        name: 'Sur la dernière campagne : 1 document distribué, 1 en attente du coffre-fort du salarié, 0 en erreur.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /Délai moyen de signature : 2,5 jours\.$/ })).toBeTruthy();
  });

  it('shows the same figures as a table on request', () => {
    renderWithProviders(<DashboardCharts data={DATA} />);
    const figure = screen.getByRole('figure', { name: 'Résultat de la dernière campagne' });
    const toggle = within(figure).getByRole('button', { name: 'Afficher le tableau des données' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(figure).getByRole('table');
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Bulletins de paie octobre 2026', '70', '10', '2', '2', '84']);
    expect(within(table).getByRole('columnheader', { name: 'En attente du coffre-fort' })).toBeTruthy();
  });

  it('leaves out the charts the session may not see, and says when one is empty', () => {
    renderWithProviders(<DashboardCharts data={{ documents: null, campaigns: [], signbooks: null, safes: [] }} />);
    expect(screen.getAllByRole('figure')).toHaveLength(2);
    expect(screen.queryByText(/Documents distribués/)).toBeNull();
    expect(screen.getByText('Aucune campagne pour le moment.')).toBeTruthy();
    expect(screen.getByText('Tous les salariés actifs ont un coffre-fort personnel activé.')).toBeTruthy();
  });
});

describe('useDashboardCharts', () => {
  const Probe = () => {
    const { state } = useDashboardCharts(0);
    return <p>{state.status === 'ready' ? `prêt ${state.data.safes?.[0]?.noSafe}` : state.status}</p>;
  };

  it('fetches again when the badge counts are pushed, documents deposited, or pushes lost to a reconnection', async () => {
    const bus = createBus();
    let calls = 0;
    // Like the real client, the answer goes on the bus with the caller's tag: the page's read machine takes it there.
    const api = {
      call: async (routeId: string, options: { request?: string } = {}) => {
        calls++;
        const result = { ...DATA, safes: [{ ...DATA.safes![0]!, noSafe: calls }] };
        bus.emit({ type: `api.${routeId}.succeeded`, routeId, params: {}, request: options.request, result } as never);
        return result;
      },
    };
    renderWithProviders(
      <AppProvider services={{ api, bus } as unknown as Services}>
        <Probe />
      </AppProvider>,
    );
    await screen.findByText('prêt 1');
    act(() => bus.emit({ type: 'push.badges.updated', payload: {} as BadgeCounts }));
    await screen.findByText('prêt 2');
    act(() => bus.emit({ type: 'push.documents.deposited', payload: { organizationId: 'o1', source: 'campaign' } }));
    await waitFor(() => expect(calls).toBe(3));
    await screen.findByText('prêt 3');
    // Back from a reconnection: read again only when the server could not give back what it missed.
    act(() => bus.emit({ type: 'push.reconnected', recovered: true }));
    act(() => bus.emit({ type: 'push.reconnected', recovered: false }));
    await screen.findByText('prêt 4');
    expect(calls).toBe(4);
  });
});

describe('axis labels (issue 15: two campaigns read alike when cut at their end)', () => {
  it('keeps the start and the last words of a long name, so names that differ at their end stay apart', () => {
    const marseille = cut('Bulletins de paie novembre 2026 — Marseille');
    const lyon = cut('Bulletins de paie novembre 2026 — Lyon');
    expect(marseille).toBe('Bulletins de…Marseille');
    expect(lyon).toBe('Bulletins de pa…— Lyon');
    expect(marseille.length).toBeLessThanOrEqual(22);
    expect(lyon.length).toBeLessThanOrEqual(22);
    expect(cut('Note de service')).toBe('Note de service');
    expect(cut('Abcdefghijklmnopqrstuvwxyz')).toBe('Abcdefghijk…qrstuvwxyz');
  });

  it('cuts every tick the same way, whatever index Recharts passes beside the value', () => {
    const name = 'Attestations employeur — Marseille';
    expect([0, 3, 5].map((index) => (axisLabel as (v: unknown, i: number) => string)(name, index))).toEqual([
      cut(name),
      cut(name),
      cut(name),
    ]);
    expect(cut(name)).toBe('Attestations…Marseille');
  });
});
