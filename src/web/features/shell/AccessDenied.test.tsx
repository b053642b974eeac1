// @vitest-environment happy-dom
/**
 * A page the session's rights do not open (issue 15): the guard sends to « Accès refusé » with the
 * missing right and the page asked for, and the page says both — never a silent bounce home.
 */
import { cleanup, screen } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  isRedirect,
} from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Feature } from '../../../contract/features.ts';
import type { Services } from '../../app/index.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { type RouterContext, requireFeature } from '../../routes/guards.ts';
import { AccessDeniedRoutePage } from './AccessDeniedRoutePage.tsx';

afterEach(cleanup);

/** A logged-in auth actor holding `features`, as far as the guards read it. */
const contextWith = (features: Feature[]): RouterContext => {
  const snapshot = {
    matches: (value: unknown) => JSON.stringify(value) === JSON.stringify({ session: 'loggedIn' }),
    can: () => false,
    status: 'active',
    context: { session: { features, domains: [], orgId: 'o', baseOrgId: 'o' }, blocked: false },
  };
  const auth = { getSnapshot: () => snapshot, subscribe: () => ({ unsubscribe: () => undefined }) };
  return { services: { actors: { auth } } as unknown as Services };
};

describe('requireFeature', () => {
  it('sends a page the rights do not open to « Accès refusé », naming the right and the page', async () => {
    const thrown = await requireFeature(contextWith(['DocSearch']), 'UserAccess', '/users').catch((e: unknown) => e);
    expect(isRedirect(thrown)).toBe(true);
    const options = (thrown as { options: { to: string; search: unknown } }).options;
    expect(options.to).toBe('/access-denied');
    expect(options.search).toEqual({ right: 'UserAccess', from: '/users' });
  });

  it('lets a session with the right through', async () => {
    await expect(requireFeature(contextWith(['UserAccess']), 'UserAccess', '/users')).resolves.toBeUndefined();
  });
});

/** A memory router with a guarded `/users`, the « Accès refusé » route and the dashboard, opened at `url`. */
const openAt = async (url: string, features: Feature[]) => {
  const rootRoute = createRootRoute();
  const context = contextWith(features);
  const users = createRoute({
    getParentRoute: () => rootRoute,
    path: 'users',
    beforeLoad: ({ location }) => requireFeature(context, 'UserAccess', location.pathname),
    component: () => <p>liste des utilisateurs</p>,
  });
  const denied = createRoute({
    getParentRoute: () => rootRoute,
    path: 'access-denied',
    validateSearch: (s: Record<string, unknown>) => s as { right?: string; from?: string },
    component: AccessDeniedRoutePage,
  });
  const dashboard = createRoute({ getParentRoute: () => rootRoute, path: 'dashboard', component: () => null });
  const router = createRouter({
    routeTree: rootRoute.addChildren([users, denied, dashboard]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  await router.load();
  renderWithProviders(<RouterProvider router={router as never} />);
  return router;
};

describe('the « Accès refusé » page', () => {
  it('opening /users without the users right shows the page, the missing right and the way home', async () => {
    const router = await openAt('/users', ['DocSearch', 'DocListDispatch']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
    expect(screen.queryByText('liste des utilisateurs')).toBeNull();
    expect(router.state.location.pathname).toBe('/access-denied');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Cette page demande le droit « Utilisateurs et droits : autres »');
    expect(alert.textContent).toContain('Page demandée : /users');
    expect(screen.getByRole('link', { name: 'Retour au tableau de bord' }).getAttribute('href')).toBe('/dashboard');
  });

  it('with the right, /users opens', async () => {
    await openAt('/users', ['UserAccess']);
    expect(await screen.findByText('liste des utilisateurs')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Accès refusé' })).toBeNull();
  });

  it('names no right it does not know', async () => {
    await openAt('/access-denied?right=SomethingElse', []);
    await screen.findByRole('heading', { level: 1, name: 'Accès refusé' });
    expect(screen.getByRole('alert').textContent).toContain("Votre compte n'a pas les droits que demande cette page.");
  });
});
