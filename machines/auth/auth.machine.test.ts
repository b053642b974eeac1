import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor, type ActorRefFrom, type Subscribable } from 'xstate';
import type { DomainId } from '../../src/contract/constants.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import { SESSIONS } from './auth.fixtures.ts';
import { authMachine } from './auth.machine.ts';
import { selectAuth } from './auth.selectors.ts';
import type { AuthEmitted, SessionView } from './auth.types.ts';
import type { AuthFact } from './auth.actors.ts';
import { domainChoiceMachine } from '../domain-choice/domain-choice.machine.ts';

/** A tiny hand-driven stream standing in for the bus, counting its subscribers. */
const factStream = () => {
  const listeners = new Set<(e: AuthFact) => void>();
  const stream: Subscribable<AuthFact> = {
    subscribe: (observer: unknown) => {
      const next = typeof observer === 'function' ? observer : (observer as { next: (e: AuthFact) => void }).next;
      listeners.add(next as (e: AuthFact) => void);
      return { unsubscribe: () => listeners.delete(next as (e: AuthFact) => void) };
    },
  } as Subscribable<AuthFact>;
  return { stream, emit: (e: AuthFact) => listeners.forEach((l) => l(e)), count: () => listeners.size };
};

const start = (
  over: {
    restore?: SessionView | null;
    login?: (input: { login: string; password: string }) => Promise<SessionView>;
    switchOrg?: (input: { orgId: string }) => Promise<SessionView>;
    switchDomain?: (domain: DomainId) => Promise<SessionView>;
  } = {},
) => {
  const facts = factStream();
  const calls: string[] = [];
  const switchDomain = fromPromise(async ({ input }: { input: { domain: DomainId; microsoft?: boolean } }) => {
    calls.push(`domain:${input.domain}${input.microsoft ? ' (microsoft)' : ''}`);
    return over.switchDomain ? over.switchDomain(input.domain) : { ...SESSIONS.singleDomain, domain: input.domain };
  });
  const actor = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => over.restore ?? null),
        login: fromPromise(async ({ input }: { input: { login: string; password: string } }) => {
          calls.push(`login:${input.login}`);
          return over.login ? over.login(input) : SESSIONS.singleDomain;
        }),
        switchDomain,
        domainChoice: domainChoiceMachine.provide({ actors: { switchDomain } }),
        switchOrg: fromPromise(async ({ input }: { input: { orgId: string } }) => {
          calls.push(`org:${input.orgId}`);
          return over.switchOrg ? over.switchOrg(input) : { ...SESSIONS.singleDomain, orgId: input.orgId };
        }),
        refreshSession: fromPromise(async () => SESSIONS.singleDomain),
        logout: fromPromise(async () => {
          calls.push('logout');
        }),
        sessionFacts: fromEventObservable(() => facts.stream),
      },
    }),
  );
  const emitted: AuthEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, facts, calls, emitted };
};

const settled = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(
    actor,
    (s) =>
      !['restoring', 'loggingIn', 'loggingOut'].includes(selectAuth(s).status) &&
      !selectAuth(s).isSwitchingOrg &&
      selectAuth(s).status !== 'switchingDomain',
  );

describe('auth machine', () => {
  it('resumes a stored session straight into loggedIn, and goes to login without one', async () => {
    const resumed = start({ restore: SESSIONS.singleDomain });
    expect(selectAuth(await settled(resumed.actor)).status).toBe('loggedIn');
    const fresh = start({ restore: null });
    expect(selectAuth(await settled(fresh.actor)).status).toBe('loggedOut');
  });

  it('resumes a session whose domain was not chosen yet into the domain choice, then into the chosen domain', async () => {
    const { actor, calls } = start({ restore: { ...SESSIONS.multiDomain, domainChoicePending: true } });
    const choosing = selectAuth(await settled(actor));
    expect(choosing.status).toBe('choosingDomain');
    expect(choosing.domains.map((d) => d.domain)).toEqual(['legacy', 'main']);
    actor.send({ type: 'auth.domain.choose', domain: 'main' });
    const inside = selectAuth(await settled(actor));
    expect([inside.status, inside.session?.domain, calls]).toEqual(['loggedIn', 'main', ['domain:main']]);
  });

  it('logs in a single-domain user to loggedIn with the session (no token) in context', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'auth.login', login: '  admin ', password: 'x' });
    const view = selectAuth(await settled(actor));
    expect(calls).toEqual(['login:admin']);
    expect(view.status).toBe('loggedIn');
    expect(view.session?.fullName).toBe('Camille Martin');
    expect(view.session && 'token' in view.session).toBe(false);
    expect(view.hasFeature('UserAccess')).toBe(true);
  });

  it('sends a user whose root organisations span two domains to domain choice, then into the chosen domain', async () => {
    const { actor, calls } = start({ login: async () => SESSIONS.multiDomain });
    await settled(actor);
    actor.send({ type: 'auth.login', login: 'multi', password: 'x' });
    const choosing = selectAuth(await settled(actor));
    expect(choosing.status).toBe('choosingDomain');
    expect(choosing.domains.map((d) => d.domain)).toEqual(['legacy', 'main']);
    actor.send({ type: 'auth.domain.choose', domain: 'main' });
    expect(selectAuth(await settled(actor)).status).toBe('loggedIn');
    expect(calls).toContain('domain:main');
    expect(selectAuth(actor.getSnapshot()).session?.domain).toBe('main');
  });

  it('runs domain choice as its child machine, only while choosing, and follows its refusals', async () => {
    const { actor } = start({ login: async () => SESSIONS.multiDomain });
    await settled(actor);
    expect(actor.getSnapshot().children.domainChoice).toBeUndefined();
    actor.send({ type: 'auth.login', login: 'multi', password: 'x' });
    await settled(actor);
    const child = actor.getSnapshot().children.domainChoice as ActorRefFrom<typeof domainChoiceMachine> | undefined;
    expect(child?.getSnapshot().value).toBe('choosing');
    // Abandoning ends the session.
    child?.send({ type: 'domain.back' });
    await waitFor(actor, (s) => selectAuth(s).status === 'loggedOut');
    expect(actor.getSnapshot().children.domainChoice).toBeUndefined();
  });

  it('abandons domain choice at the page’s « Retour à la connexion »: the session is logged out', async () => {
    const { actor, calls } = start({ login: async () => SESSIONS.multiDomain });
    await settled(actor);
    actor.send({ type: 'auth.login', login: 'multi', password: 'x' });
    expect(selectAuth(await settled(actor)).status).toBe('choosingDomain');
    actor.send({ type: 'auth.domain.back' });
    await waitFor(actor, (s) => selectAuth(s).status === 'loggedOut');
    expect(calls).toContain('logout');
    expect(calls.some((c) => c.startsWith('domain:'))).toBe(false);
    expect(actor.getSnapshot().children.domainChoice).toBeUndefined();
  });

  it('shows a refused domain switch as the choice error, and lets the user choose again', async () => {
    let refuse = true;
    const { actor } = start({
      login: async () => SESSIONS.multiDomain,
      switchDomain: async (domain) => {
        if (refuse) throw { key: 'error.auth.domain-denied', status: 403 };
        return { ...SESSIONS.singleDomain, domain };
      },
    });
    await settled(actor);
    actor.send({ type: 'auth.login', login: 'multi', password: 'x' });
    await settled(actor);
    actor.send({ type: 'auth.domain.choose', domain: 'legacy' });
    const refused = selectAuth(await waitFor(actor, (s) => s.context.domainError !== null));
    expect(refused.status).toBe('choosingDomain');
    expect(refused.domainError).toEqual({ key: 'error.auth.domain-denied' });
    refuse = false;
    actor.send({ type: 'auth.domain.choose', domain: 'legacy' });
    const entered = selectAuth(await waitFor(actor, (s) => selectAuth(s).status === 'loggedIn'));
    expect(entered.session?.domain).toBe('legacy');
    expect(entered.domainError).toBeNull();
  });

  it('keeps the server text of a failed login and flags a blocked account', async () => {
    const { actor } = start({
      login: async (input) => {
        throw input.login === 'bloque'
          ? { key: 'error.auth.blocked', status: 423 }
          : { key: 'error.auth.bad-credentials', status: 401, message: 'Mot de passe incorrect' };
      },
    });
    await settled(actor);
    actor.send({ type: 'auth.login', login: 'admin', password: 'bad' });
    let view = selectAuth(await settled(actor));
    expect(view.loginError).toEqual({ key: 'error.auth.bad-credentials', message: 'Mot de passe incorrect' });
    expect(view.isBlocked).toBe(false);
    actor.send({ type: 'auth.login', login: 'bloque', password: 'bad' });
    view = selectAuth(await settled(actor));
    expect(view.isBlocked).toBe(true);
  });

  it('ignores a login without credentials', async () => {
    const { actor, calls } = start();
    await settled(actor);
    actor.send({ type: 'auth.login', login: '', password: '' });
    expect(selectAuth(actor.getSnapshot()).status).toBe('loggedOut');
    expect(calls).toEqual([]);
  });

  it('ends the session on a bus 401 with the expiry reason, tells the app, and stops listening', async () => {
    const { actor, facts, emitted } = start({ restore: SESSIONS.singleDomain });
    await settled(actor);
    expect(facts.count()).toBe(1);
    facts.emit({ type: 'api.session.expired', key: 'error.auth.expired-token' });
    const view = selectAuth(actor.getSnapshot());
    expect(view.status).toBe('loggedOut');
    expect(view.session).toBeNull();
    expect(view.expiredReason).toBe(ALERT_KEYS.sessionExpired);
    expect(view.loggedOutByUser).toBe(false);
    expect(emitted).toContainEqual({
      type: 'auth.session.expired',
      reason: ALERT_KEYS.sessionExpired,
      key: 'error.auth.expired-token',
    });
    expect(facts.count()).toBe(0);
  });

  it('ends the session on a pushed session.expired too', async () => {
    const { actor, facts } = start({ restore: SESSIONS.singleDomain });
    await settled(actor);
    facts.emit({ type: 'push.session.expired', payload: { key: 'error.auth.refresh-reused' } });
    expect(selectAuth(actor.getSnapshot()).expiredReason).toBe(ALERT_KEYS.sessionExpired);
  });

  it('switches organisation and back to the base one; a refused switch keeps the session and reports', async () => {
    let refuse = false;
    const { actor, calls, emitted } = start({
      restore: SESSIONS.singleDomain,
      switchOrg: async (input) => {
        if (refuse) throw { key: 'error.org.switch-while-splitting', status: 409 };
        return { ...SESSIONS.singleDomain, orgId: input.orgId, orgName: 'Martin Services' };
      },
    });
    await settled(actor);
    expect(selectAuth(actor.getSnapshot()).can.resetOrg).toBe(false);
    actor.send({ type: 'auth.org.switch', orgId: 'org-child' });
    let view = selectAuth(await settled(actor));
    expect(view.session?.orgName).toBe('Martin Services');
    expect(view.isOnBaseOrg).toBe(false);
    actor.send({ type: 'auth.org.reset' });
    view = selectAuth(await settled(actor));
    expect(calls).toEqual(['org:org-child', 'org:org-root']);
    expect(view.isOnBaseOrg).toBe(true);
    refuse = true;
    actor.send({ type: 'auth.org.switch', orgId: 'org-child' });
    view = selectAuth(await settled(actor));
    expect(view.status).toBe('loggedIn');
    expect(view.orgSwitchError?.key).toBe('error.org.switch-while-splitting');
    expect(emitted.some((e) => e.type === 'auth.org.switch.failed')).toBe(true);
  });

  it('logs out through the logout call and forgets the session', async () => {
    const { actor, calls } = start({ restore: SESSIONS.singleDomain });
    await settled(actor);
    actor.send({ type: 'auth.logout' });
    const view = selectAuth(await settled(actor));
    expect(calls).toContain('logout');
    expect(view.status).toBe('loggedOut');
    expect(view.session).toBeNull();
    expect(view.expiredReason).toBeNull();
    expect(view.loggedOutByUser).toBe(true);
  });

  it('forgets the logout once someone logs in again', async () => {
    const { actor } = start({ restore: SESSIONS.singleDomain });
    await settled(actor);
    actor.send({ type: 'auth.logout' });
    expect(selectAuth(await settled(actor)).loggedOutByUser).toBe(true);
    actor.send({ type: 'auth.login', login: 'admin', password: 'x' });
    const view = selectAuth(await settled(actor));
    expect(view.status).toBe('loggedIn');
    expect(view.loggedOutByUser).toBe(false);
  });
});
