// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign } from '../../../contract/entities.ts';
import { EMPLOYEE } from '../../../../machines/employee-sheet/employeeSheet.fixtures.ts';
import { IGNORED_CAMPAIGN, IGNORED_ITEMS } from '../../../../machines/ignored-pages/ignoredPages.fixtures.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { IgnoredPages } from './IgnoredPages.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const PATHS = ['/campaigns/$campaignId'] as const;

/** The box as the campaign page holds it: the campaign it hands back replaces the shown one. */
const mount = (canAssign: boolean) => () => {
  const [campaign, setCampaign] = useState<Campaign>(IGNORED_CAMPAIGN);
  return <IgnoredPages campaign={campaign} canAssign={canAssign} onAssigned={setCampaign} />;
};
const open = async (canAssign: boolean, answers: Parameters<typeof renderDocumentsPage>[2]) => {
  const page = await renderDocumentsPage(mount(canAssign), `/campaigns/${IGNORED_CAMPAIGN.id}`, answers, PATHS);
  stop = page.stop;
  await screen.findByRole('heading', { name: '2 pages ignorées' });
  await waitFor(() => expect(document.querySelectorAll('[data-ignored-page]')).toHaveLength(2));
  return page;
};
const alertsOf = (page: Awaited<ReturnType<typeof open>>) =>
  page.services.actors.alerts
    .getSnapshot()
    .context.alerts.map((a: { type: string; message: string }) => [a.type, a.message]);
const row = (n: number) => document.querySelector(`[data-ignored-page="${n}"]`) as HTMLElement;

describe('ignored pages', () => {
  it('lists what was read, searches with it, and gives the page to the employee chosen', async () => {
    let remaining = 2;
    const page = await open(true, {
      'campaigns.ignoredPagesList': () => ({ items: IGNORED_ITEMS.slice(2 - remaining) }),
      'employees.list': () => ({ count: 1, items: [EMPLOYEE], nextCursor: null }),
      'campaigns.assignIgnoredPage': () => {
        remaining = 1;
        return { ...IGNORED_CAMPAIGN, ignoredPages: 1 };
      },
    });
    expect(row(2).textContent).toContain('paie-mars-2026.pdf, page 2 · lu : « DURAND »');
    expect(row(5).textContent).toContain("rien n'a pu être lu");
    act(() => fireEvent.click(within(row(2)).getByRole('button', { name: 'Attribuer à un salarié' })));
    expect((within(row(2)).getByLabelText('Nom, prénom ou matricule') as HTMLInputElement).value).toBe('DURAND');
    const assign = await within(row(2)).findByRole('button', { name: 'Attribuer à Alice Durand' });
    expect((page.calls.find((c) => c.routeId === 'employees.list')?.body as { search: string }).search).toBe('DURAND');
    act(() => fireEvent.click(assign));
    await waitFor(() => expect(alertsOf(page)).toContainEqual(['success', 'campaigns.ignored.assigned']));
    expect(page.calls.find((c) => c.routeId === 'campaigns.assignIgnoredPage')?.body).toEqual({
      sourceId: IGNORED_ITEMS[0].sourceId,
      page: 2,
      employeeId: EMPLOYEE.id,
    });
    // The campaign handed back has one page fewer: the box reads its list again.
    expect(await screen.findByRole('heading', { name: '1 page ignorée' })).toBeTruthy();
    await waitFor(() => expect(document.querySelectorAll('[data-ignored-page]')).toHaveLength(1));
  });

  it('says when nobody is found, and offers no picker once the campaign is validated', async () => {
    await open(true, {
      'campaigns.ignoredPagesList': () => ({ items: IGNORED_ITEMS }),
      'employees.list': () => ({ count: 0, items: [], nextCursor: null }),
    });
    act(() => fireEvent.click(within(row(5)).getByRole('button', { name: 'Attribuer à un salarié' })));
    expect(await within(row(5)).findByText('Aucun salarié trouvé')).toBeTruthy();
    cleanup();
    stop();
    await open(false, { 'campaigns.ignoredPagesList': () => ({ items: IGNORED_ITEMS }) });
    expect(screen.queryByRole('button', { name: 'Attribuer à un salarié' })).toBeNull();
  });
});
