// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { initialTransition, transition } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { campaignFixtures } from '../../../../machines/campaign/campaign.fixtures.ts';
import {
  campaignMachine,
  snapshotFor,
  statusOf,
  type CampaignEvent,
  type CampaignSnapshot,
} from '../../../../machines/campaign/index.ts';
import type { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { ACTION_EVENTS, type CampaignAction } from './CampaignActions.tsx';
import { CampaignPage } from './CampaignPage.tsx';
import { topStateOf } from './lifecycleGraph.ts';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const ID = '0195f3a2-0000-7000-8000-0000000000c1';
const CAMPAIGN: Campaign = {
  id: ID,
  name: 'Bulletins novembre',
  docName: 'Bulletin de paie',
  siret: '12345678900011',
  codeSignature: null,
  canRetry: false,
  canDelete: false,
  organizationId: '0195f3a2-0000-7000-8000-0000000000aa',
  status: 'SPLITTING',
  creationDate: '2026-11-26T10:00:00.000Z',
  sendDate: null,
  documentCount: 0,
  mainDocType: 'PAYSLIP',
  recipientsCount: 0,
  review: true,
  automaticRecipients: true,
  onRefuse: false,
  onError: false,
  usersToNotify: [],
  counts: {},
  pagesTotal: 2,
  pagesSplit: 0,
  ignoredPages: 0,
};
const DOC: DispatchedDocument = {
  id: '0195f3a2-0000-7000-8000-0000000000d1',
  campaignId: ID,
  employeeId: '0195f3a2-0000-7000-8000-0000000000e1',
  recipientName: 'Alice Durand',
  status: 'NEEDS_DISPATCHING',
  reason: null,
  failureCause: null,
  documentId: null,
  pages: [1],
  postal: null,
};

describe('campaign page', () => {
  it('reads the documents again when the split ends, though the page opened while it ran', async () => {
    let split = false;
    const page = await renderDocumentsPage(
      CampaignPage,
      `/campaigns/${ID}`,
      {
        'campaigns.get': () => CAMPAIGN,
        'organizations.get': () => ({ name: 'Horizon' }),
        'campaigns.dispatchedDocs': () => (split ? { count: 1, items: [DOC] } : { count: 0, items: [] }),
      },
      ['/campaigns/$campaignId'],
    );
    stop = page.stop;
    await screen.findByText('Aucun document pour ce filtre');

    split = true;
    act(() => {
      page.services.bus.emit({
        type: 'push.campaign.updated',
        payload: { ...CAMPAIGN, status: 'NEEDS_VALIDATION', documentCount: 1, pagesSplit: 2 },
      });
    });
    await screen.findByText('Alice Durand');
    const reads = page.calls.filter((c) => c.routeId === 'campaigns.dispatchedDocs');
    expect(reads).toHaveLength(2);
  });

  it('reads the campaign and its documents again after a reconnection that lost pushes, not one that recovered them', async () => {
    const page = await renderDocumentsPage(
      CampaignPage,
      `/campaigns/${ID}`,
      {
        'campaigns.get': () => ({ ...CAMPAIGN, status: 'NEEDS_VALIDATION', documentCount: 1, pagesSplit: 2 }),
        'organizations.get': () => ({ name: 'Horizon' }),
        'campaigns.dispatchedDocs': () => ({ count: 1, items: [DOC] }),
      },
      ['/campaigns/$campaignId'],
    );
    stop = page.stop;
    await screen.findByText('Alice Durand');
    const count = (routeId: string) => page.calls.filter((c) => c.routeId === routeId).length;
    const before = { campaign: count('campaigns.get'), docs: count('campaigns.dispatchedDocs') };

    act(() => page.services.bus.emit({ type: 'push.reconnected', recovered: true }));
    await new Promise((r) => setTimeout(r, 50));
    expect(count('campaigns.get')).toBe(before.campaign);
    expect(count('campaigns.dispatchedDocs')).toBe(before.docs);

    act(() => page.services.bus.emit({ type: 'push.reconnected', recovered: false }));
    await waitFor(() => expect(count('campaigns.dispatchedDocs')).toBe(before.docs + 1));
    await waitFor(() => expect(count('campaigns.get')).toBe(before.campaign + 1));
  });

  it('says so in the table when its documents cannot be read, rather than loading forever, and reads them on a new query', async () => {
    let down = true;
    const page = await renderDocumentsPage(
      CampaignPage,
      `/campaigns/${ID}`,
      {
        'campaigns.get': () => ({ ...CAMPAIGN, status: 'NEEDS_VALIDATION', documentCount: 1, pagesSplit: 2 }),
        'organizations.get': () => ({ name: 'Horizon' }),
        'campaigns.dispatchedDocs': () => {
          if (down) throw { key: 'error.network', status: 0 };
          return { count: 1, items: [DOC] };
        },
      },
      ['/campaigns/$campaignId'],
    );
    stop = page.stop;
    const table = await screen.findByRole('table', { name: 'Documents distribués de la campagne' });
    await within(table).findByText("Les documents de la campagne n'ont pas pu être chargés.");
    expect(table.getAttribute('aria-busy')).toBe('false');

    down = false;
    act(() => {
      const size = screen.getByRole('combobox', { name: 'Lignes par page' }) as HTMLSelectElement;
      size.value = '50';
      size.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await within(table).findByText('Alice Durand');
    expect(within(table).queryByText("Les documents de la campagne n'ont pas pu être chargés.")).toBeNull();
  });
});

describe('campaign confirmations', () => {
  const renderAwaitingValidation = async (ignoredPages: number) => {
    const page = await renderDocumentsPage(
      CampaignPage,
      `/campaigns/${ID}`,
      {
        'campaigns.get': () => ({
          ...CAMPAIGN,
          status: 'NEEDS_VALIDATION',
          documentCount: 1,
          pagesSplit: 2,
          ignoredPages,
        }),
        'organizations.get': () => ({ name: 'Horizon' }),
        'campaigns.dispatchedDocs': () => ({ count: 1, items: [DOC] }),
        'campaigns.ignoredPagesList': () => ({ items: [] }),
      },
      ['/campaigns/$campaignId'],
    );
    stop = page.stop;
    await screen.findByText('Alice Durand');
    return page;
  };
  const openConfirmation = async (action: string) => {
    act(() => screen.getByRole('button', { name: action }).click());
    return screen.findByRole('alertdialog');
  };

  it('says, before validating, how many pages no employee was given and that they will not be sent', async () => {
    await renderAwaitingValidation(1);
    const dialog = await openConfirmation('Valider et distribuer');
    within(dialog).getByText('Les documents non refusés seront distribués dans les coffres-forts des salariés.');
    within(dialog).getByText("1 page n'est attribuée à aucun salarié : elle ne sera pas distribuée.");
  });

  it('agrees the warning with several unassigned pages, and says nothing of them when there are none', async () => {
    await renderAwaitingValidation(3);
    const dialog = await openConfirmation('Valider et distribuer');
    within(dialog).getByText('3 pages ne sont attribuées à aucun salarié : elles ne seront pas distribuées.');
    cleanup();
    stop();
    await renderAwaitingValidation(0);
    const none = await openConfirmation('Valider et distribuer');
    expect(within(none).queryByText(/attribuée/)).toBeNull();
  });

  it('closes the cancel confirmation with « Fermer », not a second « Annuler »', async () => {
    await renderAwaitingValidation(0);
    const dialog = await openConfirmation('Annuler la campagne');
    const names = within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toContain('Fermer');
    expect(names).not.toContain('Annuler');
  });
});

/** Every snapshot of the campaign chart reachable from its start with the fixtures' events. */
const reachableSnapshots = (): CampaignSnapshot[] => {
  const key = (s: CampaignSnapshot) => JSON.stringify([s.value, s.context]);
  const [first] = initialTransition(campaignMachine);
  const seen = new Map([[key(first), first]]);
  const queue = [first];
  const events = Object.values(campaignFixtures).flat() as CampaignEvent[];
  for (let at = queue.shift(); at; at = queue.shift()) {
    for (const event of events) {
      const [next] = transition(campaignMachine, at, event);
      if (seen.has(key(next))) continue;
      seen.set(key(next), next);
      queue.push(next);
    }
  }
  return [...seen.values()];
};

/** The leaf states of the chart (`dispatching.queued`…), each of which the walk must reach. */
const leafStates = (): string[] => {
  const leaves: string[] = [];
  const walk = (node: (typeof campaignMachine)['root'], path: string[]) => {
    const children = Object.entries(node.states);
    if (children.length === 0) leaves.push(path.join('.'));
    for (const [name, child] of children) walk(child, [...path, name]);
  };
  walk(campaignMachine.root, []);
  return leaves;
};
const leafOf = (value: CampaignSnapshot['value']): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${String(v)}`)[0]!;

const SNAPSHOTS = reachableSnapshots();

describe('campaign page and its chart', () => {
  it('walks every state of the chart (and each failure set of inError)', () => {
    expect(new Set(SNAPSHOTS.map((s) => leafOf(s.value)))).toEqual(new Set(leafStates()));
    expect(SNAPSHOTS.filter((s) => s.value === 'inError').length).toBeGreaterThanOrEqual(3);
  });

  it.each(SNAPSHOTS.map((s) => [`${leafOf(s.value)} ${JSON.stringify(s.context)}`, s] as const))(
    'offers in %s exactly the actions snapshot.can() accepts',
    async (_, snapshot) => {
      // What the server answers for a campaign in this state: its status and failure flags.
      const served: Campaign = {
        ...CAMPAIGN,
        status: statusOf(snapshot),
        canRetry: snapshot.context.canRetry,
        canDelete: snapshot.context.canDelete,
      };
      // The server restores the same snapshot from them (the chart both sides run).
      expect(snapshotFor(served.status, served).value).toEqual(snapshot.value);
      const page = await renderDocumentsPage(
        CampaignPage,
        `/campaigns/${ID}`,
        {
          'campaigns.get': () => served,
          'organizations.get': () => ({ name: 'Horizon' }),
          'campaigns.dispatchedDocs': () => ({ count: 1, items: [DOC] }),
        },
        ['/campaigns/$campaignId'],
      );
      stop = page.stop;
      const group = await screen.findByRole('group', { name: 'Actions sur la campagne' });
      const offered = within(group)
        .queryAllByRole('button')
        .map((b) => b.dataset.action);
      const accepted = (Object.keys(ACTION_EVENTS) as CampaignAction[]).filter((action) =>
        campaignFixtures[ACTION_EVENTS[action].event].some((event) => snapshot.can(event as CampaignEvent)),
      );
      expect(offered).toEqual(accepted);
      const lit = within(screen.getByRole('list', { name: 'Cycle de vie de la campagne' })).getAllByRole('listitem');
      expect(lit.filter((s) => s.getAttribute('aria-current') === 'step').map((s) => s.dataset.state)).toEqual([
        topStateOf(snapshot.value),
      ]);
    },
  );

  it('never ticks « À valider » for a campaign created without review', async () => {
    const page = await renderDocumentsPage(
      CampaignPage,
      `/campaigns/${ID}`,
      {
        'campaigns.get': () => ({ ...CAMPAIGN, review: false, status: 'DISPATCHED' }) satisfies Campaign,
        'organizations.get': () => ({ name: 'Horizon' }),
        'campaigns.dispatchedDocs': () => ({ count: 0, items: [] }),
      },
      ['/campaigns/$campaignId'],
    );
    stop = page.stop;
    const steps = await screen.findByRole('list', { name: 'Cycle de vie de la campagne' });
    const marks = within(steps)
      .getAllByRole('listitem')
      .map((s) => [s.dataset.state, s.dataset.mark]);
    expect(marks).toEqual([
      ['splitting', 'done'],
      ['awaitingValidation', 'skipped'],
      ['dispatching', 'done'],
      ['dispatched', 'current'],
    ]);
    expect(steps.textContent).toContain('étape non prévue pour cette campagne');
  });
});
