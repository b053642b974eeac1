/**
 * Races an attacker (or an impatient user) can start: 100 parallel logins with the right password
 * last, 20 parallel creations of one employee, 20 parallel validations of one campaign, and one
 * document retried or sent twice at once. Exactly one may win; the others get a keyed refusal, and
 * nothing is done twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { type Sent, Tally, answered, keyOf, send } from './attack.ts';
import { ATTACKER_PASSWORD, type World, createWorld, disposeWorld, insertUser } from './world.ts';

let w: World;
const tally = new Tally();

beforeAll(async () => {
  w = await createWorld();
}, 240_000);
afterAll(async () => {
  console.log(tally.line('concurrency'));
  await disposeWorld(w);
});

const statuses = (sents: readonly Sent[]) => sents.map((s) => s.res?.statusCode ?? 0);
const count = <T>(items: readonly T[], pick: (item: T) => boolean) => items.filter(pick).length;
const summary = (sents: readonly Sent[]) => {
  const byAnswer = new Map<string, number>();
  for (const s of sents) byAnswer.set(answered(s), (byAnswer.get(answered(s)) ?? 0) + 1);
  return [...byAnswer].map(([a, n]) => `${n} × ${a}`).join('; ');
};
const record = (routeId: string, kase: string, sents: readonly Sent[]) => {
  for (const s of sents) tally.record(routeId, kase, s);
};

describe('100 parallel logins on one account, the right password last', () => {
  it('none succeeds once 5 failures are counted, and the account ends blocked', async () => {
    const login = 'sec-lockout';
    await insertUser(
      w.t.db,
      { login, features: [], domain: 'main', orgId: orgId('main', ROOT_MAIN) },
      await hashPassword(ATTACKER_PASSWORD),
    );
    // Each guess from its own address: the per-address throttle is another defence, not the one tried here.
    const guesses = Array.from({ length: 100 }, (_, i) =>
      send(
        w,
        'auth.login',
        { body: { login, password: i === 99 ? ATTACKER_PASSWORD : `Mauvais!${i}` } },
        null,
        // A hundred scrypt checks queue on libuv's four threads: slow on a busy machine, not hung.
        { remoteAddress: `10.88.0.${i + 1}`, hangMs: 90_000 },
      ),
    );
    const sents = await Promise.all(guesses);
    record('auth.login', 'parallel guesses', sents);
    const right = sents[99]!;
    const { rows } = await w.t.db.query<{ blocked: boolean }>(
      `SELECT coalesce(blocked_until > now(), false) AS blocked FROM directory.users WHERE login = $1`,
      [login],
    );
    const after = await send(w, 'auth.login', { body: { login, password: ATTACKER_PASSWORD } }, null, {
      remoteAddress: '10.88.1.1',
    });
    record('auth.login', 'parallel guesses', [after]);
    expect(
      {
        succeeded: count(sents, (s) => s.res?.statusCode === 200),
        rightPassword: right.res?.statusCode,
        blocked: rows[0]?.blocked,
        rightPasswordAfterwards: after.res?.statusCode,
        errors500: count(sents, (s) => s.res?.statusCode === 500 || s.hung),
      },
      `answers: ${summary(sents)}`,
    ).toEqual({ succeeded: 0, rightPassword: 423, blocked: true, rightPasswordAfterwards: 423, errors500: 0 });
  }, 120_000);
});

describe('20 parallel creations of one employee in one organisation', () => {
  it('creates exactly one; the others get a 409 with a key', async () => {
    const email = `course-${randomUUID().slice(0, 8)}@attaque.example`;
    const body = {
      name: 'Course',
      firstName: 'Camille',
      birthDate: '1991-03-14',
      email,
      organizations: [{ organizationId: w.victim.orgId, active: true }],
    };
    const sents = await Promise.all(
      Array.from({ length: 20 }, () => send(w, 'employees.create', { body }, w.actors.admin.session)),
    );
    record('employees.create', 'parallel duplicates', sents);
    const { rows } = await w.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM dom_main.employees WHERE lower(email) = lower($1)`,
      [email],
    );
    expect(
      {
        created: count(sents, (s) => s.res?.statusCode === 201),
        conflicts: count(sents, (s) => s.res?.statusCode === 409 && keyOf(s.res) !== null),
        stored: rows[0]?.n,
      },
      `answers: ${summary(sents)}`,
    ).toEqual({ created: 1, conflicts: 19, stored: 1 });
  }, 120_000);
});

/** Documents deposited so far, and whether any dispatched document's deposit was made twice. */
async function deposits() {
  const { rows } = await w.t.db.query<{ documents: number; referenced: number }>(
    `SELECT (SELECT count(*)::int FROM dom_main.documents) AS documents,
            (SELECT count(DISTINCT document_id)::int FROM dom_main.dispatched_docs WHERE document_id IS NOT NULL) AS referenced`,
  );
  return rows[0]!;
}

describe('20 parallel validations of one campaign awaiting validation', () => {
  it('exactly one moves it, the dispatch runs once, no document is deposited twice', async () => {
    const id = w.victim.campaigns.validation;
    const statusOf = async () =>
      (await w.t.db.query<{ status: string }>(`SELECT status FROM dom_main.campaigns WHERE id = $1`, [id])).rows[0]
        ?.status;
    expect(await statusOf()).toBe('NEEDS_VALIDATION');
    const before = await deposits();
    // The winner runs the whole dispatch before it answers (no queue in this app).
    const sents = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(w, 'campaigns.validate', { params: { id } }, w.actors.admin.session, { hangMs: 90_000 }),
      ),
    );
    record('campaigns.validate', 'parallel validations', sents);
    const after = await deposits();
    const status = await statusOf();
    expect(
      {
        moved: count(sents, (s) => s.res?.statusCode === 200),
        refused: count(sents, (s) => s.res?.statusCode === 409 && keyOf(s.res) === ERROR_KEYS.illegalTransition),
        status: status === 'NEEDS_VALIDATION' ? 'still NEEDS_VALIDATION' : 'moved on',
        // A second deposit of one document leaves a document nobody's dispatched document points to.
        unreferencedNewDocuments: after.documents - before.documents - (after.referenced - before.referenced),
      },
      `answers: ${summary(sents)}`,
    ).toEqual({ moved: 1, refused: 19, status: 'moved on', unreferencedNewDocuments: 0 });
    expect(after.documents).toBeGreaterThan(before.documents);
  }, 120_000);
});

describe('one document dispatched twice at once', () => {
  it.each([
    ['retried twice in parallel (a failed document)', 'campaigns.retryDispatchedDoc', () => w.victim.docs.failed],
    ['sent twice in parallel (a waiting document)', 'campaigns.sendDispatchedDoc', () => w.victim.docs.sendable],
  ] as const)(
    '%s: one deposit, the other call refused with a key',
    async (_what, routeId, doc) => {
      const id = doc();
      const before = await deposits();
      const sents = await Promise.all([1, 2].map(() => send(w, routeId, { params: { id } }, w.actors.admin.session)));
      record(routeId, 'double dispatch', sents);
      const after = await deposits();
      expect(
        {
          done: count(sents, (s) => s.res?.statusCode === 200),
          refused: count(sents, (s) => s.res?.statusCode === 409 && keyOf(s.res) !== null),
          newDocuments: after.documents - before.documents,
          unreferencedNewDocuments: after.documents - before.documents - (after.referenced - before.referenced),
        },
        `answers: ${summary(sents)} (statuses ${statuses(sents).join(', ')})`,
      ).toEqual({ done: 1, refused: 1, newDocuments: 1, unreferencedNewDocuments: 0 });
    },
    120_000,
  );
});

describe('the figures', () => {
  it('count no 500', () => {
    expect(tally.problems).toEqual([]);
    expect([tally.leaks, tally.errors500]).toEqual([0, 0]);
  });
});
