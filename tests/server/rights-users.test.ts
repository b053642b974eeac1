/**
 * The users of the rights screens through the API (seed 000 §3 User, §5; seed 001 §7.8): list with
 * status and paging, detail with the trail, creation without a password and the mailed link, updates
 * with their version, deletion or deactivation, and every refusal with its key.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS, SEED_TEXTS } from '../../src/contract/keys.ts';
import type { RightsChange, UserAdminDetail, UserAdminPage, UserAdminView } from '../../src/contract/rights.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY } from '../../src/server/db/seed/personas.ts';
import {
  LYON,
  NEW_PASSWORD,
  PARIS,
  PAYROLL_GROUP,
  SIGNERS_GROUP,
  TRIAL_ROOT,
  asInput,
  caller,
  createUser,
  loginWith,
  mailedToken,
  onboard,
  userInput,
  viewOf,
} from './rights-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
const call = caller(() => app);

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const list = async (body: object, who = admin): Promise<UserAdminPage> => {
  const res = await call('POST', '/rh-users', who, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserAdminPage;
};

describe('the users list', () => {
  it('answers the administrator view: own and effective rights, groups, access, version', async () => {
    const page = await list({ search: 'julien' });
    expect(page.count).toBe(1);
    const paie = page.items[0]!;
    expect(paie).toMatchObject({ login: 'paie', active: true, rootOrgId: expect.any(String), version: 1 });
    // paie's own flags lack UserAccess; their group gives what it gives, never more than the union.
    expect(paie.features).not.toContain('UserAccess');
    expect(paie.effectiveFeatures).toEqual(expect.arrayContaining([...paie.features]));
    expect(paie.userGroupIds).toContain(PAYROLL_GROUP);
  });

  it('pages by 20 by default with the total, and filters by status', async () => {
    for (let i = 0; i < 21; i++)
      await createUser(call, admin, { lastName: `Pagination ${String(i).padStart(2, '0')}` });
    const first = await list({ search: 'Pagination' });
    expect(first.count).toBe(21);
    expect(first.items).toHaveLength(20);
    const second = await list({ search: 'Pagination', offset: 20 });
    expect(second.items).toHaveLength(1);

    const gone = first.items[0]!;
    const res = await call('PUT', `/rh-user/${gone.id}`, admin, asInput(gone, { active: false }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await list({ search: 'Pagination', status: 'inactive' })).items.map((u) => u.id)).toEqual([gone.id]);
    expect((await list({ search: 'Pagination', status: 'active' })).count).toBe(20);
  });

  it('keeps its totals exact across changes (they are kept per scope version): create, rename, deactivate', async () => {
    const count = async (body: object) => (await list(body)).count;
    expect(await count({ search: 'Totalcheck' })).toBe(0);
    const made = await createUser(call, admin, { lastName: 'Totalcheck' });
    expect(await count({ search: 'Totalcheck' })).toBe(1);
    const [view] = (await list({ search: 'Totalcheck' })).items;
    const renamed = await call('PUT', `/rh-user/${made.id}`, admin, asInput(view!, { lastName: 'Autrenom' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await count({ search: 'Totalcheck' })).toBe(0);
    expect(await count({ search: 'Autrenom' })).toBe(1);
    const again = (await list({ search: 'Autrenom' })).items[0]!;
    const off = await call('PUT', `/rh-user/${made.id}`, admin, asInput(again, { active: false }));
    expect(off.statusCode, off.body).toBe(200);
    expect(await count({ search: 'Autrenom', status: 'active' })).toBe(0);
    expect(await count({ search: 'Autrenom', status: 'inactive' })).toBe(1);
  });

  it('pages deep (from page 11 on) through the same order as the first pages, and follows a rename at once', async () => {
    // 230 users of PARIS (one statement): pages 11 and 12 are read from the order kept per scope version.
    await t.db.query(
      `WITH made AS (
         INSERT INTO directory.users (id, login, first_name, last_name, email, password_hash)
         SELECT gen_random_uuid(), 'profond' || i, 'Prénom ' || lpad(i::text, 3, '0'), 'Profond ' || lpad((i % 7)::text, 2, '0'),
                NULL, 'scrypt$none'
           FROM generate_series(1, 230) AS i RETURNING id)
       INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
       SELECT id, 'main', $1, true, false FROM made`,
      [PARIS],
    );
    for (const order of [undefined, { field: 'login', sens: 'desc' }, { field: 'firstName', sens: 'asc' }] as const) {
      const shallow = (await list({ search: 'Profond', order, limit: 200 })).items.map((u) => u.login);
      const rest = (await list({ search: 'Profond', order, offset: 200, limit: 20 })).items.map((u) => u.login);
      const last = await list({ search: 'Profond', order, offset: 220, limit: 20 });
      expect(last.count).toBe(230);
      expect(new Set([...shallow, ...rest, ...last.items.map((u) => u.login)]).size).toBe(230);
      // The shallow statement sorted the first 220 the same way as the kept order.
      const firstRead = (await list({ search: 'Profond', order, limit: 200, offset: 20 })).items.map((u) => u.login);
      expect(firstRead.slice(180)).toEqual(rest);
      expect(last.items).toHaveLength(10);
    }
    // A rename moves the user on the very next call, on the deep page too.
    const before = await list({ search: 'Profond', offset: 220 });
    const moved = before.items[0]!;
    const res = await call('PUT', `/rh-user/${moved.id}`, admin, asInput(moved, { lastName: 'Aaa Profond' }));
    expect(res.statusCode, res.body).toBe(200);
    const after = await list({ search: 'Profond', offset: 220 });
    expect(after.count).toBe(230);
    expect(after.items.map((u) => u.id)).not.toContain(moved.id);
    expect((await list({ search: 'Profond', limit: 1 })).items[0]?.id).toBe(moved.id);
  });

  it('sorts by creation date either way', async () => {
    const asc = (await list({ search: 'Pagination', order: { field: 'createdAt', sens: 'asc' }, limit: 50 })).items;
    const desc = (await list({ search: 'Pagination', order: { field: 'createdAt', sens: 'desc' }, limit: 50 })).items;
    expect(asc.map((u) => u.createdAt)).toEqual([...asc.map((u) => u.createdAt)].sort());
    expect(desc.map((u) => u.id)).toEqual(asc.map((u) => u.id).reverse());
  });

  it('shows only users who share an organisation with the administrator', async () => {
    const logins = (await list({ limit: 200 })).items.map((u) => u.login);
    expect(logins).toEqual(expect.arrayContaining(['admin', 'paie', 'multi', 'sansmail']));
    expect(logins).not.toContain('essai');
    const missing = await call('GET', `/rh-user/${userId('essai')}`, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().key).toBe(ERROR_KEYS.notFound);
  });
});

describe('creating a user', () => {
  it('creates them without a password: they log in only after setting one from the mailed link', async () => {
    const created = await createUser(call, admin, { features: ['EmpList', 'DocListDispatch'] });
    expect(created).toMatchObject({ active: true, rootOrgId: PARIS, lastLoginAt: null, version: 1 });
    // No password was typed, none works (same answer as a wrong password).
    for (const guess of ['', 'Admin!2026', NEW_PASSWORD]) {
      const refused = await loginWith(app, created.login, guess || 'x');
      expect(refused.statusCode).toBe(401);
      expect(refused.json().key).toBe(ERROR_KEYS.authBadCredentials);
    }
    const { session } = await onboard(app, t.db, admin, { features: ['EmpList'], login: `${created.login}-bis` });
    expect(session.body.features).toEqual(['EmpList']);
  });

  it('mails a one-time link valid 72 hours that the reset page accepts once', async () => {
    const user = await createUser(call, admin);
    expect((await call('POST', '/reinit-password', admin, { userId: user.id })).statusCode).toBe(204);
    const token = await mailedToken(t.db, user.email!);
    const { rows } = await t.db.query<{ hours: number }>(
      `SELECT round(extract(epoch FROM expires_at - now()) / 3600)::int AS hours FROM directory.password_reset_tokens
        WHERE user_id = $1 AND used_at IS NULL`,
      [user.id],
    );
    expect(rows.map((r) => r.hours)).toEqual([72]);
    const set = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/rh-user/reinit-password-token',
        payload: { token, password, confirmation: password },
      });
    expect((await set(NEW_PASSWORD)).statusCode).toBe(204);
    const again = await set('Encore!2026');
    expect(again.statusCode).toBe(410);
    expect((await loginWith(app, user.login, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('answers wrong fields with their keys and the seed texts', async () => {
    const res = await call('POST', '/rh-user', admin, userInput({ login: '  ', firstName: '', email: 'pas-un-email' }));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.key).toBe(ERROR_KEYS.rightsInvalid);
    expect(body.fields).toEqual({
      login: 'validation.required',
      firstName: 'validation.required',
      email: 'validation.format',
    });
    expect(body.errors).toEqual(
      // « Format incorrect » says which format is expected (issue 15).
      expect.arrayContaining([
        `Identifiant : ${SEED_TEXTS.required}`,
        `E-mail : ${SEED_TEXTS.badFormat} : adresse e-mail attendue sous la forme nom@exemple.fr.`,
      ]),
    );
  });

  it('refuses a login or an e-mail another user has (409)', async () => {
    const taken = await call('POST', '/rh-user', admin, userInput({ login: 'paie' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      key: ERROR_KEYS.rightsLoginTaken,
      fields: { login: ERROR_KEYS.rightsLoginTaken },
    });
    const email = await call('POST', '/rh-user', admin, userInput({ email: 'JULIEN.bernard@horizon-demo.fr' }));
    expect(email.statusCode).toBe(409);
    expect(email.json().key).toBe(ERROR_KEYS.rightsEmailTaken);
  });

  it('grants only organisations the administrator sees and groups of their company (404)', async () => {
    const foreignRoot = await call('POST', '/rh-user', admin, userInput({ rootOrgId: TRIAL_ROOT }));
    expect(foreignRoot.statusCode).toBe(404);
    expect(foreignRoot.json().key).toBe(ERROR_KEYS.notFound);
    const foreignAccess = await call(
      'POST',
      '/rh-user',
      admin,
      userInput({ access: [{ orgId: TRIAL_ROOT, includeChildren: false }] }),
    );
    expect(foreignAccess.statusCode).toBe(404);
    const unknownGroup = await call(
      'POST',
      '/rh-user',
      admin,
      userInput({ userGroupIds: ['00000000-0000-4000-8000-000000000000'] }),
    );
    expect(unknownGroup.statusCode).toBe(404);
  });

  it('grants only flags the administrator holds, directly or through a group (403)', async () => {
    // A Paris administrator without the signbook rights.
    const { session: parisAdmin } = await onboard(app, t.db, admin, { features: ['UserAccess', 'EmpList'] });
    const direct = await call('POST', '/rh-user', parisAdmin, userInput({ features: ['ParaphList'] }));
    expect(direct.statusCode).toBe(403);
    expect(direct.json().key).toBe(ERROR_KEYS.rightsFeatureNotHeld);
    const viaGroup = await call('POST', '/rh-user', parisAdmin, userInput({ userGroupIds: [SIGNERS_GROUP] }));
    expect(viaGroup.statusCode).toBe(403);
    expect(viaGroup.json().key).toBe(ERROR_KEYS.rightsFeatureNotHeld);
    const fine = await call('POST', '/rh-user', parisAdmin, userInput({ features: ['EmpList'] }));
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

describe('updating a user', () => {
  it('bumps the version, and a stale version answers 409 with nothing changed', async () => {
    const user = await createUser(call, admin);
    const first = await call('PUT', `/rh-user/${user.id}`, admin, asInput(user, { lastName: 'Première' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(user.version + 1);
    const stale = await call('PUT', `/rh-user/${user.id}`, admin, asInput(user, { lastName: 'Seconde' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe(ERROR_KEYS.rightsConflict);
    expect((await viewOf(call, admin, user.id)).lastName).toBe('Première');
  });

  it('changes access, flags and groups; the detail lists the changes with their author', async () => {
    const user = await createUser(call, admin);
    const res = await call(
      'PUT',
      `/rh-user/${user.id}`,
      admin,
      asInput(user, {
        access: [{ orgId: LYON, includeChildren: false }],
        features: ['EmpList', 'OrgList'],
        userGroupIds: [SIGNERS_GROUP],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      access: [{ orgId: LYON, includeChildren: false }],
      features: ['OrgList', 'EmpList'],
      userGroupIds: [SIGNERS_GROUP],
    });
    expect(res.json().effectiveFeatures).toEqual(expect.arrayContaining(['ParaphList', 'ParaphCreateUpdate']));
    await call('POST', '/reinit-password', admin, { userId: user.id });

    const detail = (await call('GET', `/rh-user/${user.id}`, admin)).json() as UserAdminDetail;
    expect(detail.changes.map((c) => c.action)).toEqual(['passwordLinkSent', 'updated', 'created']);
    const updated = detail.changes[1]! as RightsChange;
    expect(updated.actor.name).toBe('Camille Martin');
    expect(updated.actor.id).toBe(userId('admin'));
    // Only the fields that changed, before and after.
    expect(Object.keys(updated.after ?? {}).sort()).toEqual(['access', 'features', 'userGroupIds']);
    expect(updated.before).toMatchObject({ access: [], userGroupIds: [] });
  });

  it('answers 404 for a user outside, and 403 for one who sees organisations the administrator does not', async () => {
    const { session: parisAdmin } = await onboard(app, t.db, admin, { features: ['UserAccess', 'EmpList'] });
    // paie's access is on Groupe Horizon, above Paris: not shared with the Paris administrator.
    const paie = await call('GET', `/rh-user/${userId('paie')}`, parisAdmin);
    expect(paie.statusCode).toBe(404);
    const wide = await createUser(call, admin, { access: [{ orgId: LYON, includeChildren: true }] });
    const read = await call('GET', `/user/${wide.id}`, parisAdmin);
    expect(read.statusCode).toBe(200);
    expect(read.json().access).toEqual([]);
    const write = await call('PUT', `/rh-user/${wide.id}`, parisAdmin, asInput({ ...wide, access: [] }));
    expect(write.statusCode).toBe(403);
    expect(write.json().key).toBe(ERROR_KEYS.rightsUserOutOfReach);
    const remove = await call('DELETE', `/rh-user/${wide.id}`, parisAdmin);
    expect(remove.statusCode).toBe(403);
    const link = await call('POST', '/reinit-password', parisAdmin, { userId: wide.id });
    expect(link.statusCode).toBe(403);
  });

  it('refuses an access « with its children » to an administrator who does not see the whole subtree', async () => {
    // Limited to Lyon without its children (Entrepôt Nord below it): they cannot widen it, for themselves or anyone.
    const { user, session: lyonAdmin } = await onboard(app, t.db, admin, {
      rootOrgId: LYON,
      rootIncludesChildren: false,
      access: [],
      features: ['UserAccess', 'EmpList'],
    });
    const self = await call('PUT', `/rh-user/${user.id}`, lyonAdmin, asInput(user, { rootIncludesChildren: true }));
    expect(self.statusCode, self.body).toBe(404);
    const rooted = await call(
      'POST',
      '/rh-user',
      lyonAdmin,
      userInput({ rootOrgId: LYON, rootIncludesChildren: true }),
    );
    expect(rooted.statusCode, rooted.body).toBe(404);
    expect((await viewOf(call, admin, user.id)).rootIncludesChildren).toBe(false);
    // Lyon alone, as they see it, they may give.
    const narrow = await call(
      'POST',
      '/rh-user',
      lyonAdmin,
      userInput({ rootOrgId: LYON, rootIncludesChildren: false, access: [] }),
    );
    expect(narrow.statusCode, narrow.body).toBe(200);
  });

  it('refuses a user who also has access to the other domain unless the administrator sees it there too', async () => {
    // The user's login, e-mail, flags and state hold in both domains: an administrator of the main
    // domain alone would otherwise take over their legacy access (e-mail + password link).
    const both = await createUser(call, admin);
    await t.db.query(
      `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children) VALUES ($1, 'legacy', $2, true, true)`,
      [both.id, orgId('legacy', ROOT_LEGACY)],
    );
    const takeover = await call('PUT', `/rh-user/${both.id}`, admin, asInput(both, { email: 'pirate@example.fr' }));
    expect(takeover.statusCode, takeover.body).toBe(403);
    expect(takeover.json().key).toBe(ERROR_KEYS.rightsUserOutOfReach);
    expect((await call('POST', '/reinit-password', admin, { userId: both.id })).statusCode).toBe(403);
    expect((await call('DELETE', `/rh-user/${both.id}`, admin)).statusCode).toBe(403);
    const kept = await call('GET', `/rh-user/${both.id}`, admin);
    expect(kept.json()).toMatchObject({ email: both.email, active: true });
    // The demo's `multi` persona has roots in both domains: one administrator seeing both may.
    await t.db.query(
      `UPDATE directory.users SET features = array_append(features, 'UserAccess') WHERE login = 'multi'`,
    );
    const multi = await login(app, 'multi');
    const seen = (await call('GET', `/rh-user/${both.id}`, multi)).json() as UserAdminView;
    const changed = await call('PUT', `/rh-user/${both.id}`, multi, asInput(seen, { email: 'alice.both@example.fr' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().email).toBe('alice.both@example.fr');
  });
});

describe('the password link', () => {
  it('needs an e-mail (seed 000 §5) and an active user', async () => {
    const noMail = await createUser(call, admin, { email: null });
    const res = await call('POST', '/reinit-password', admin, { userId: noMail.id });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      key: ERROR_KEYS.rightsPasswordNeedsEmail,
      fields: { email: ERROR_KEYS.rightsPasswordNeedsEmail },
    });
    const sleeping = await createUser(call, admin);
    await call('PUT', `/rh-user/${sleeping.id}`, admin, asInput(sleeping, { active: false }));
    const inactive = await call('POST', '/reinit-password', admin, { userId: sleeping.id });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().key).toBe(ERROR_KEYS.rightsUserInactive);
    const foreign = await call('POST', '/reinit-password', admin, { userId: userId('essai') });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('deleting a user', () => {
  it('deletes a user without history', async () => {
    const user = await createUser(call, admin);
    // Its view says so: the form offers deleting (issue 15), which deletes.
    expect(await viewOf(call, admin, user.id)).toMatchObject({ hasHistory: false });
    const res = await call('DELETE', `/rh-user/${user.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outcome: 'deleted' });
    expect((await call('GET', `/rh-user/${user.id}`, admin)).statusCode).toBe(404);
  });

  it('deactivates a user who logged in: their sessions end at once and their login fails like a wrong password', async () => {
    const { user, session } = await onboard(app, t.db, admin, { features: ['EmpList'] });
    expect((await call('GET', '/user/current', session)).statusCode).toBe(200);
    const res = await call('DELETE', `/rh-user/${user.id}`, admin);
    expect(res.json()).toEqual({ outcome: 'deactivated' });
    const after = await call('GET', '/user/current', session);
    expect(after.statusCode).toBe(401);
    expect(after.json().key).toBe(ERROR_KEYS.authInvalidToken);
    const again = await loginWith(app, user.login, NEW_PASSWORD);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual((await loginWith(app, user.login, 'Mauvais!2026')).json());
    const view = await viewOf(call, admin, user.id);
    // Inactive with a history: the form no longer offers deleting, which would only deactivate them again.
    expect(view).toMatchObject({ active: false, effectiveFeatures: [], hasHistory: true });
    expect(view.lastLoginAt).not.toBeNull();
  });

  it('refuses to delete or deactivate oneself (409)', async () => {
    const me = await viewOf(call, admin, userId('admin'));
    const del = await call('DELETE', `/rh-user/${me.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().key).toBe(ERROR_KEYS.rightsSelfLockout);
    const off = await call('PUT', `/rh-user/${me.id}`, admin, asInput(me, { active: false }));
    expect(off.statusCode).toBe(409);
    expect(off.json().key).toBe(ERROR_KEYS.rightsSelfLockout);
  });

  it('refuses to take UserAccess from oneself, with nothing changed', async () => {
    const me = await viewOf(call, admin, userId('admin'));
    const res = await call(
      'PUT',
      `/rh-user/${me.id}`,
      admin,
      asInput(me, { features: me.features.filter((f) => f !== 'UserAccess'), lastName: 'Changé' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().key).toBe(ERROR_KEYS.rightsSelfLockout);
    const still = await viewOf(call, admin, me.id);
    expect(still.features).toContain('UserAccess');
    expect(still.lastName).toBe('Martin');
    expect(still.version).toBe(me.version);
  });
});

describe('the last administrator of a company', () => {
  it('cannot be removed by an administrator who also sees that company', async () => {
    // The demo admin is given access to the trial company, whose one user becomes its administrator.
    await t.db.query(
      `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
       VALUES ($1, 'main', $2, false, true)`,
      [userId('admin'), TRIAL_ROOT],
    );
    await t.db.query(`UPDATE directory.users SET features = features || '{UserAccess}' WHERE login = 'essai'`);
    const essai = await viewOf(call, admin, userId('essai'));
    const demote = await call(
      'PUT',
      `/rh-user/${essai.id}`,
      admin,
      asInput(essai, { features: essai.features.filter((f) => f !== 'UserAccess') }),
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().key).toBe(ERROR_KEYS.rightsLastAdmin);
    const off = await call('PUT', `/rh-user/${essai.id}`, admin, asInput(essai, { active: false }));
    expect(off.statusCode).toBe(409);
    expect(off.json().key).toBe(ERROR_KEYS.rightsLastAdmin);
    const del = await call('DELETE', `/rh-user/${essai.id}`, admin);
    expect(del.statusCode).toBe(409);
    expect(del.json().key).toBe(ERROR_KEYS.rightsLastAdmin);
    expect((await viewOf(call, admin, essai.id)).effectiveFeatures).toContain('UserAccess');

    // With a second administrator there, the first may go.
    const second = await createUser(call, admin, { rootOrgId: TRIAL_ROOT, features: ['UserAccess'] });
    const now = await call(
      'PUT',
      `/rh-user/${essai.id}`,
      admin,
      asInput(essai, { features: essai.features.filter((f) => f !== 'UserAccess') }),
    );
    expect(now.statusCode, now.body).toBe(200);
    expect(second.effectiveFeatures).toContain('UserAccess');
  });
});
