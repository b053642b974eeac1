import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise } from 'xstate';
import { SESSIONS } from '../../../machines/auth/auth.fixtures.ts';
import { authMachine } from '../../../machines/auth/auth.machine.ts';
import type { SessionView } from '../../../machines/auth/auth.types.ts';
import type { Services } from '../app/index.ts';
import { requireSession, type RouterContext } from './guards.ts';

/** The auth machine behind the guard, its session restored; the bus a stream the test drives. */
const contextWithSession = () => {
  let expire: (() => void) | null = null;
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<SessionView | null> => SESSIONS.singleDomain),
        logout: fromPromise(async (): Promise<void> => {}),
        sessionFacts: fromEventObservable(() => ({
          subscribe: (observer: unknown) => {
            const next = typeof observer === 'function' ? observer : (observer as { next: (e: unknown) => void }).next;
            expire = () =>
              (next as (e: unknown) => void)({ type: 'api.session.expired', key: 'error.auth.expired-token' });
            return { unsubscribe: () => (expire = null) };
          },
        })),
      },
    }),
  ).start();
  const api = { call: () => Promise.resolve(null) };
  const context = { services: { actors: { auth }, api } as unknown as Services } satisfies RouterContext;
  return { auth, context, expire: () => expire?.() };
};

/** Where the guard sends a visitor of `href`: the redirect it throws (its `to` and search). */
const guardOf = async (context: RouterContext, href: string) => {
  try {
    await requireSession({ context, location: { href } as Parameters<typeof requireSession>[0]['location'] });
    return null;
  } catch (thrown) {
    const { options } = thrown as { options: { to: string; search: Record<string, unknown> } };
    return { to: options.to, search: options.search };
  }
};

describe('requireSession', () => {
  it('lets a logged-in user through', async () => {
    const { context } = contextWithSession();
    expect(await guardOf(context, '/campaigns')).toBeNull();
  });

  it('after an explicit logout, sends to the login with no page to go back to', async () => {
    const { auth, context } = contextWithSession();
    await guardOf(context, '/campaigns');
    auth.send({ type: 'auth.logout' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await guardOf(context, '/access-denied?right=UserList')).toEqual({ to: '/login', search: {} });
  });

  it('after an expired session, keeps the page so the same user gets back to it', async () => {
    const { context, expire } = contextWithSession();
    await guardOf(context, '/campaigns');
    expire();
    expect(await guardOf(context, '/campaigns/c1')).toEqual({ to: '/login', search: { redirect: '/campaigns/c1' } });
  });
});
