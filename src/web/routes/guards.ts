/**
 * Route guards, run in `beforeLoad`. They read the auth actor through the same selector as the
 * views; the app calls `router.invalidate()` whenever the auth status changes so a login, a
 * logout or a session expiry re-runs them and lands the user on the right page.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { Feature } from '../../contract/features.ts';
import { selectAuth, waitForAuthSettled, type Services } from '../app/index.ts';
import { loginPathFor } from '../features/auth/sso.ts';

export interface RouterContext {
  services: Services;
}

const authOf = async (services: Services) => {
  await waitForAuthSettled(services);
  return selectAuth(services.actors.auth.getSnapshot());
};

/** Only same-site paths, so a crafted `?redirect=` cannot send the user elsewhere. */
export const safeRedirect = (target: unknown): string | undefined =>
  typeof target === 'string' && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/login')
    ? target
    : undefined;

/** A session is usable once the user is past login and domain choice (switches keep it usable). */
export const hasUsableSession = (status: string): boolean =>
  status === 'loggedIn' || status === 'switchingDomain' || status === 'loggingOut';

export const requireSession = async ({ context, location }: { context: RouterContext; location: ParsedLocation }) => {
  const auth = await authOf(context.services);
  if (auth.isChoosingDomain)
    throw redirect({ to: '/domain-choice', search: { redirect: safeRedirect(location.href) } });
  // An explicit logout leaves no page behind for whoever logs in next; an expired session keeps its page.
  if (!hasUsableSession(auth.status))
    throw redirect({
      to: await loginPathFor(context.services.api),
      search: auth.loggedOutByUser ? {} : { redirect: safeRedirect(location.href) },
    });
};

/** A page the rights do not open says so (« Accès refusé », the missing right), never a silent bounce home. */
export const requireFeature = async (context: RouterContext, feature: Feature | undefined, from?: string) => {
  if (!feature) return;
  const auth = await authOf(context.services);
  if (!auth.hasFeature(feature)) {
    const page = safeRedirect(from);
    throw redirect({ to: '/access-denied', search: { right: feature, ...(page ? { from: page } : {}) } });
  }
};

/** `/login` when already authenticated: run the login logic (go home, or to domain choice). */
export const leaveLoginWhenAuthenticated = async ({
  context,
  search,
}: {
  context: RouterContext;
  search: { redirect?: string };
}) => {
  const auth = await authOf(context.services);
  if (auth.isChoosingDomain)
    throw redirect({ to: '/domain-choice', search: { redirect: safeRedirect(search.redirect) } });
  if (hasUsableSession(auth.status)) throw redirect({ href: safeRedirect(search.redirect) ?? '/' });
};

/** `/domain-choice` only when logged in or coming from login; otherwise back to login. */
export const requireDomainChoice = async ({ context }: { context: RouterContext }) => {
  const auth = await authOf(context.services);
  if (!auth.isChoosingDomain && !hasUsableSession(auth.status)) throw redirect({ to: '/login' });
};

export const redirectSearch = (search: Record<string, unknown>): { redirect?: string } => {
  const target = safeRedirect(search.redirect);
  return target ? { redirect: target } : {};
};
