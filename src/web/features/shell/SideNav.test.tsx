// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { BadgeCounts } from '../../../contract/entities.ts';
import type { Feature } from '../../../contract/features.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { buildNav } from './navModel.ts';
import { SideNav } from './SideNav.tsx';

afterEach(cleanup);

const ALL: Feature[] = ['DocSearch', 'EmpList', 'DocListDispatch', 'ParaphList', 'ParaphCreateUpdate'];
const badges: BadgeCounts = {
  employees: { all: 312, active: 99, inactive: 100, toValidate: 7 },
  campaigns: { validation: 2, finalized: 140, errorRetry: 1, errorDelete: 0, splitting: 0, dispatching: 0, refused: 3 },
  signbooks: { inProgress: 4, toSign: 2, done: 10, refused: 3, error: 1 },
};

/** SideNav inside a real (memory) router, since its entries are router links. */
const renderNav = async (features: Feature[], hasEmail = true, mini = false) => {
  const groups = buildNav({ features, badges, hasEmail });
  const rootRoute = createRootRoute({ component: () => <SideNav groups={groups} mini={mini} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  renderWithProviders(<RouterProvider router={router as never} />);
  return screen.findByRole('navigation', { name: 'Navigation principale' });
};

describe('SideNav feature gating', () => {
  it('shows only home without any feature', async () => {
    const nav = await renderNav([]);
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Accueil']);
  });

  it('hides the employees section without EmpList and shows it with', async () => {
    let nav = await renderNav(['DocSearch']);
    expect(within(nav).queryByText('Salariés')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Documents' })).toBeTruthy();
    cleanup();
    nav = await renderNav(['EmpList']);
    expect(within(nav).getByText('Salariés')).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Documents' })).toBeNull();
  });

  it('shows signbook templates only with ParaphCreateUpdate', async () => {
    let nav = await renderNav(['ParaphList']);
    expect(within(nav).queryByRole('link', { name: /Modèles/ })).toBeNull();
    cleanup();
    nav = await renderNav(['ParaphList', 'ParaphCreateUpdate']);
    expect(
      within(nav)
        .getByRole('link', { name: /Modèles/ })
        .getAttribute('href'),
    ).toBe('/signworkflows/templates');
  });

  it('reaches the document types (mask editor) from the campaigns section', async () => {
    let nav = await renderNav(['DocListDispatch']);
    expect(within(nav).getByRole('link', { name: 'Types de documents' }).getAttribute('href')).toBe('/doc-types');
    cleanup();
    nav = await renderNav(['DocSearch', 'EmpList']);
    expect(within(nav).queryByRole('link', { name: 'Types de documents' })).toBeNull();
  });

  it('drops the signing menu when the signing session failed with a 500', () => {
    const ids = (hidden: boolean) =>
      buildNav({ features: ALL, badges, hasEmail: true, signingMenuHidden: hidden }).map((g) => g.id);
    expect(ids(false)).toContain('signbooks');
    expect(ids(true)).not.toContain('signbooks');
    expect(ids(true)).toContain('campaigns');
  });

  it('disables the signbook section with an explanation when the profile has no e-mail', async () => {
    const nav = await renderNav(ALL, false);
    expect(within(nav).getByText('Parapheurs')).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: /À signer/ })).toBeNull();
    expect(within(nav).getByText(/nécessitent une adresse e-mail/)).toBeTruthy();
  });
});

describe('SideNav badges', () => {
  it('shows employee counts only under 100', async () => {
    const nav = await renderNav(ALL);
    expect(within(nav).getByRole('link', { name: 'Actifs 99' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Inactifs' })).toBeTruthy(); // 100: hidden
    // 312: hidden (the signbooks have their « Tous » too, without a count)
    expect(
      within(within(nav).getByRole('list', { name: 'Salariés' })).getByRole('link', { name: 'Tous' }),
    ).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /^À valider 7$/ })).toBeTruthy();
  });

  it('shows other counts whatever their size', async () => {
    const nav = await renderNav(ALL);
    expect(within(nav).getByRole('link', { name: 'Finalisées 140' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'À relancer 1' }).getAttribute('href')).toBe(
      '/campaigns/status/error/subStatus/error-retry',
    );
    expect(within(nav).getByRole('link', { name: 'À supprimer' })).toBeTruthy(); // 0: no badge
  });

  it('lists refused and unsealed signbooks with their own badges (issue 15)', async () => {
    const nav = await renderNav(ALL);
    const refused = within(nav).getByRole('link', { name: 'Refusés 3' });
    expect(refused.getAttribute('href')).toBe('/signworkflows/status/refused');
    // Campaigns have their own « En erreur »: the signbook one is told apart by its path.
    const errors = within(nav)
      .getAllByRole('link', { name: /^En erreur/ })
      .map((l) => [l.getAttribute('href'), l.textContent]);
    expect(errors).toContainEqual(['/signworkflows/status/error', 'En erreur1']);
    cleanup();
    const quiet = { ...badges, signbooks: { ...badges.signbooks, refused: 0, error: 0 } };
    const groups = buildNav({ features: ALL, badges: quiet, hasEmail: true });
    const signbooks = groups.find((g) => g.id === 'signbooks')!.children;
    expect(signbooks.filter((l) => l.id === 'signbooks.refused' || l.id === 'signbooks.error')).toEqual([
      { id: 'signbooks.refused', label: 'shell.nav.signbooksRefused', to: '/signworkflows/status/refused' },
      { id: 'signbooks.error', label: 'shell.nav.signbooksError', to: '/signworkflows/status/error' },
    ]);
  });

  it('opens every campaign and every signbook from the menu: the group headings are not links (issue 15)', async () => {
    const nav = await renderNav(ALL);
    const campaigns = within(within(nav).getByRole('list', { name: 'Campagnes' }));
    expect(campaigns.getAllByRole('link')[0]!.textContent).toBe('Toutes');
    expect(campaigns.getByRole('link', { name: 'Toutes' }).getAttribute('href')).toBe('/campaigns');
    const signbooks = within(within(nav).getByRole('list', { name: 'Parapheurs' }));
    expect(signbooks.getAllByRole('link')[0]!.textContent).toBe('Tous');
    expect(signbooks.getByRole('link', { name: 'Tous' }).getAttribute('href')).toBe('/signworkflows');
  });

  it('keeps an accessible name on every entry in the mini variant', async () => {
    const nav = await renderNav(ALL, true, true);
    const names = within(nav)
      .getAllByRole('link')
      .map((l) => l.getAttribute('aria-label'));
    expect(names).toEqual(['Accueil', 'Documents', 'Salariés', 'Campagnes', 'Parapheurs']);
  });
});
