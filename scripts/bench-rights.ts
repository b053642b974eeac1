/**
 * `npm run bench:rights` (also run by `npm run bench`): rights administration at scale (issue 11
 * « Speed »). On the embedded PGlite and on a throwaway PostgreSQL database, each in its own
 * process: migrations, then (generate_series inside the database) a company of 51 organisations,
 * 10,000 users, 200 user groups and 500 access rules; one user belongs to 20 groups and 50 rules
 * apply to them (40 through those groups, 10 naming them).
 *
 * (a) Effective rights: `authenticate` (src/server/auth/sessions.ts), the one statement every
 *     request's auth hook runs — the session by its access token with the effective rights
 *     (user ∪ groups ∪ rules, `directory.effective_features_of`) — timed for that user, against
 *     the same call for a user with no group and no rule, and `SELECT 1` (one round trip). Goal
 *     p95 ≤ 2 ms. A node that read a token's rights at the current scope version does not compute
 *     the union again, so the same read with the union computed afresh (`loadSession`: the first
 *     call of a token, or the first after any change of rights) is timed too, against the goal.
 * (b) The users list: `listUsers` (the `users.list` handler's service) as an administrator who
 *     sees the whole company: first page with its total (default order, sorted by login desc, a
 *     search, a deep page), against one indexed statement reading 20 users. Goal p95 ≤ 30 ms.
 *
 * It only prints; nothing is asserted. Env: BENCH_USERS (10,000), BENCH_CALLS (1,000 for the session
 * read — a millisecond each, and a p95 of 200 samples right after the seed was a handful of garbage
 * collections — and 50 for the list), BENCH_PG_URL (admin URL; `none` skips PostgreSQL),
 * BENCH_ENGINES (`pglite,postgres`).
 */
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { UserListBody } from '../src/contract/rights.ts';
import { authenticate, createSession, loadSession } from '../src/server/auth/sessions.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Db, openDb } from '../src/server/db/db.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { listUsers } from '../src/server/modules/rights/users.service.ts';
import { type Timing, timeCalls } from './bench/measure.ts';
import { benchEntry, runOnEngines } from './bench/engines.ts';

const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 1_000);
const LIST_CALLS = Math.max(20, Math.round(CALLS / 20));
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const GOAL_SESSION_MS = 2;
const GOAL_LIST_MS = 30;
const S = 'dom_main';

const ORGS = 50;
const GROUPS = 200;
const RULES = 500;
/** The user under test: member of groups 1–20; rules 1–40 target those groups, rules 41–50 name them. */
const HEAVY = "md5('rb:user:1')::uuid";
/** The reference user: no group, no rule. */
const BARE = "md5('rb:user:2')::uuid";
const ADMIN = "md5('rb:user:admin')::uuid";
const ROOT = "md5('rb:org:0')::uuid";

const FEATURE_SQL = `(ARRAY['OrgList','OrgCreateUpdate','UserAccess','ParaphCreateUpdate','ParaphList','DocSearch',
  'EmpList','DocListDispatch','DocCreateDispatch'])`;
const LAST_NAMES = `(ARRAY['Martin','Bernard','Thomas','Petit','Robert','Richard','Durand','Dubois','Moreau','Laurent',
  'Simon','Michel','Lefebvre','Leroy','Roux','David','Bertrand','Morel','Fournier','Girard','Bonnet','Dupont',
  'Lambert','Fontaine','Rousseau','Vincent','Muller','Lefevre','Faure','Andre','Mercier','Blanc','Guerin',
  'Boyer','Garnier','Chevalier','Francois','Legrand','Gauthier','Garcia','Perrin','Robin','Clement','Morin',
  'Nicolas','Henry','Roussel','Mathieu','Gautier','Masson','Marchand','Duval','Denis','Dumont','Marie','Lemaire'])`;
const FIRST_NAMES = `(ARRAY['Camille','Julien','Sophie','Lucas','Emma','Léa','Hugo','Chloé','Louis','Manon','Gabriel',
  'Inès','Arthur','Jade','Jules','Louise','Adam','Alice','Raphaël','Lina','Marius','Rose','Maël','Anna','Martin',
  'Marc','Marine','Mathilde','Nathan','Sarah','Théo','Zoé','Paul','Clara','Tom','Eva','Noah','Juliette'])`;

/* ------------------------------------------------------------------ the data set */

async function seed(db: Db): Promise<number> {
  const began = performance.now();
  await db.query(
    `INSERT INTO ${S}.organizations (id, name, siret, city, parent_id)
     SELECT ${ROOT}, 'Groupe Droits', '00000000000000', 'Paris', NULL
     UNION ALL
     SELECT md5('rb:org:' || i)::uuid, 'Site ' || i, lpad(i::text, 14, '0'), 'Lyon', ${ROOT}
       FROM generate_series(1, ${ORGS}) i`,
  );
  // Users 1 and 2 are the two under test; the others spread over the sites, ~10 % inactive.
  await db.query(
    `INSERT INTO directory.users (id, login, first_name, last_name, email, password_hash, features, active, created_at)
     SELECT md5('rb:user:' || g)::uuid, 'user' || lpad(g::text, 6, '0'),
            ${FIRST_NAMES}[1 + g % 38], ${LAST_NAMES}[1 + (g / 38) % 56],
            CASE WHEN g % 7 = 0 THEN NULL ELSE 'user' || g || '@exemple.fr' END, '!',
            CASE WHEN g % 3 = 0 THEN ARRAY['EmpList'] ELSE ARRAY[]::text[] END, g <= 2 OR g % 10 <> 0,
            timestamptz '2025-01-01' + (g || ' minutes')::interval
       FROM generate_series(1, $1::int) g
     UNION ALL
     SELECT ${ADMIN}, 'admin', 'Camille', 'Admin', 'admin@exemple.fr', '!', ${FEATURE_SQL}, true, now()`,
    [USERS],
  );
  await db.query(
    `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
     SELECT md5('rb:user:' || g)::uuid, 'main', md5('rb:org:' || (1 + g % ${ORGS}))::uuid, true, true
       FROM generate_series(1, $1::int) g
     UNION ALL SELECT ${ADMIN}, 'main', ${ROOT}, true, true`,
    [USERS],
  );
  await db.query(
    `INSERT INTO directory.user_groups (id, name, features, domain, company_id)
     SELECT md5('rb:group:' || k)::uuid, 'Groupe ' || k, ARRAY[${FEATURE_SQL}[1 + k % 9]], 'main', ${ROOT}
       FROM generate_series(1, ${GROUPS}) k`,
  );
  // The heavy user in groups 1–20; every other user (but the bare one) in two groups.
  await db.query(
    `INSERT INTO directory.user_group_members (group_id, user_id)
     SELECT md5('rb:group:' || k)::uuid, ${HEAVY} FROM generate_series(1, 20) k
     UNION
     SELECT md5('rb:group:' || (1 + (g * m) % ${GROUPS}))::uuid, md5('rb:user:' || g)::uuid
       FROM generate_series(3, $1::int) g, (VALUES (1), (7)) x(m)`,
    [USERS],
  );
  await db.query(
    `INSERT INTO directory.access_rules (id, name, features, criteria, domain, company_id)
     SELECT md5('rb:rule:' || k)::uuid, 'Règle ' || k, ARRAY[${FEATURE_SQL}[1 + k % 9], ${FEATURE_SQL}[1 + (k * 5) % 9]],
            jsonb_build_object('periodStart', NULL, 'periodEnd', NULL, 'docTypes', jsonb_build_array('BULLETIN_PAIE'),
                               'organizationIds', jsonb_build_array(md5('rb:org:' || (1 + k % ${ORGS}))::uuid),
                               'employeeIds', '[]'::jsonb, 'employeeGroupIds', '[]'::jsonb,
                               'metaKey', NULL, 'metaValue', NULL),
            'main', ${ROOT}
       FROM generate_series(1, ${RULES}) k`,
  );
  // Rules 1–40 target the heavy user's groups, 41–50 name them; the others target other groups and users.
  await db.query(
    `INSERT INTO directory.access_rule_groups (rule_id, group_id)
     SELECT md5('rb:rule:' || k)::uuid, md5('rb:group:' || (1 + (k - 1) % 20))::uuid FROM generate_series(1, 40) k
     UNION ALL
     SELECT md5('rb:rule:' || k)::uuid, md5('rb:group:' || (21 + (k - 51) % ${GROUPS - 20}))::uuid
       FROM generate_series(51, ${RULES}) k`,
  );
  await db.query(
    `INSERT INTO directory.access_rule_users (rule_id, user_id)
     SELECT md5('rb:rule:' || k)::uuid, ${HEAVY} FROM generate_series(41, 50) k
     UNION ALL
     SELECT md5('rb:rule:' || k)::uuid, md5('rb:user:' || (3 + (k * 37) % ($1::int - 2)))::uuid
       FROM generate_series(51, ${RULES}) k`,
    [USERS],
  );
  await db.exec('VACUUM ANALYZE');
  return performance.now() - began;
}

/* ------------------------------------------------------------------ measuring (one engine per process) */

interface Row {
  label: string;
  timing: Timing;
  note?: string;
}

interface EngineResult {
  engine: 'pglite' | 'postgres';
  serverVersion: string;
  users: number;
  seedMs: number;
  heavyFeatures: number;
  bareFeatures: number;
  session: { heavy: Timing; heavyFresh: Timing; bare: Timing; select1: Timing };
  list: { reference: Timing; calls: Row[] };
}

async function measureEngine(target: string): Promise<EngineResult> {
  const isPostgres = /^postgres(ql)?:\/\//.test(target);
  const db = await openDb(isPostgres ? { databaseUrl: target, poolMax: 4 } : { dataDir: target });
  try {
    await migrate(db);
    const seedMs = await seed(db);
    const { rows: version } = await db.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    const { rows: ids } = await db.query<{ heavy: string; bare: string; admin: string; root: string }>(
      `SELECT ${HEAVY} AS heavy, ${BARE} AS bare, ${ADMIN} AS admin, ${ROOT} AS root`,
    );
    const { heavy, bare, admin, root } = ids[0]!;
    const config = loadConfig({});
    const login = async (userId: string) =>
      (await createSession(db, config, { userId, domain: 'main', orgId: root })).tokens;
    const [heavyTokens, bareTokens, adminTokens] = [await login(heavy), await login(bare), await login(admin)];
    const auth = (t: { access: string; refresh: string }) => () => authenticate(db, config, t.access, t.refresh);

    const heavyRead = (await auth(heavyTokens)()).session;
    const [heavyFeatures, heavySessionId] = [heavyRead.features.size, heavyRead.id];
    const bareFeatures = (await auth(bareTokens)()).session.features.size;
    const session = {
      heavy: await timeCalls(auth(heavyTokens), CALLS, 100),
      heavyFresh: await timeCalls(() => loadSession(db, heavySessionId), CALLS, 100),
      bare: await timeCalls(auth(bareTokens), CALLS, 100),
      select1: await timeCalls(() => db.query('SELECT 1'), CALLS, 100),
    };

    const adminSession = (await authenticate(db, config, adminTokens.access, adminTokens.refresh)).session;
    const calls: { label: string; body: UserListBody }[] = [
      { label: 'first page + total (by last name)', body: {} },
      { label: 'sorted by login desc + total', body: { order: { field: 'login', sens: 'desc' } } },
      { label: 'search « mar » + total', body: { search: 'mar' } },
      { label: 'active only, page 250 + total', body: { status: 'active', offset: 4_980 } },
    ];
    const reference = await timeCalls(
      () => db.query(`SELECT * FROM directory.users ORDER BY login LIMIT 20`),
      LIST_CALLS,
      10,
    );
    const rows: Row[] = [];
    for (const call of calls) {
      const page = await listUsers(db, adminSession, call.body);
      rows.push({
        label: call.label,
        timing: await timeCalls(() => listUsers(db, adminSession, call.body), LIST_CALLS, 10),
        note: `${page.count.toLocaleString('en')} users, ${page.items.length} on the page`,
      });
    }
    // Not timed: the admin's session exists and loads (a failure here means the seed is wrong).
    if (!(await loadSession(db, adminSession.id))) throw new Error('the admin session did not load');
    return {
      engine: isPostgres ? 'postgres' : 'pglite',
      serverVersion: version[0]!.v,
      users: USERS,
      seedMs,
      heavyFeatures,
      bareFeatures,
      session,
      list: { reference, calls: rows },
    };
  } finally {
    await db.close();
  }
}

/* ------------------------------------------------------------------ the report */

const ms = (n: number): string => (n < 1 ? n.toFixed(2) : n < 10 ? n.toFixed(1) : n.toFixed(0));
const t = (x: Timing): string => `p50 ${ms(x.p50)} · p95 ${ms(x.p95)} ms`;
const verdict = (x: Timing, goal: number): string => `goal p95 ≤ ${goal} ms: ${x.p95 <= goal ? 'MET' : 'MISSED'}`;
const ratio = (x: Timing, ref: Timing): string => `×${(x.p95 / ref.p95).toFixed(1)}`;

function printEngine(r: EngineResult): void {
  const { heavy, heavyFresh, bare, select1 } = r.session;
  console.log(
    `\n${r.engine === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${r.serverVersion}: ${r.users.toLocaleString('en')} users, ` +
      `${GROUPS} user groups, ${RULES} rules, seeded in ${(r.seedMs / 1000).toFixed(1)} s`,
  );
  console.log(`  (a) session read with effective rights (authenticate: one statement), n=${heavy.n}`);
  console.log(`    reference SELECT 1                        ${t(select1)}`);
  console.log(`    reference: user with no group, no rule    ${t(bare)}  (${r.bareFeatures} features)`);
  console.log(
    `    USER WITH 20 GROUPS AND 50 RULES           ${t(heavy)}  (${r.heavyFeatures} features) — ` +
      `${ratio(heavy, bare)} the bare user's p95, ${ratio(heavy, select1)} SELECT 1's — ${verdict(heavy, GOAL_SESSION_MS)}`,
  );
  console.log(
    `    the same, union computed afresh         ${t(heavyFresh)}  (a token's first call, or the first after a change) — ` +
      `${ratio(heavyFresh, select1)} SELECT 1's — ${verdict(heavyFresh, GOAL_SESSION_MS)}`,
  );
  console.log(`  (b) users list (listUsers, administrator seeing the whole company), n=${r.list.reference.n}`);
  console.log(`    reference: SELECT 20 users by login        ${t(r.list.reference)}`);
  for (const row of r.list.calls) {
    console.log(
      `    ${row.label.padEnd(40)} ${t(row.timing)} — ${ratio(row.timing, r.list.reference)} the reference's p95 — ` +
        `${verdict(row.timing, GOAL_LIST_MS)}  (${row.note})`,
    );
  }
}

/* ------------------------------------------------------------------ driver */

async function main(): Promise<void> {
  const began = performance.now();
  const loadAtStart = loadavg()[0]!;
  const results = await runOnEngines<EngineResult>({
    self: SELF,
    name: 'bench:rights',
    engines: ENGINES,
    pgAdminUrl: PG_ADMIN_URL,
    doing: `seeding ${USERS.toLocaleString('en')} users and measuring`,
  });
  console.log('\nRights (issue 11 « Speed »): p50/p95 against references measured in the same run.');
  for (const r of results) {
    if (typeof r === 'string') console.log(`\n${r}`);
    else printEngine(r);
  }
  const load = `load average ${loadAtStart.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at the end, on ${cpus().length} cores`;
  console.log(
    `\n  whole rights bench: ${((performance.now() - began) / 1000).toFixed(1)} s (${load}` +
      `${loadAtStart > cpus().length ? ': the machine was busy, times are inflated' : ''})`,
  );
}

const SELF = fileURLToPath(import.meta.url);
benchEntry(SELF, measureEngine, main);

export { seed, measureEngine };
