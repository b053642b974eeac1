/**
 * Migrations and the demo seed, on embedded PGlite and on PostgreSQL 15 through the same `Db`.
 * The PostgreSQL half runs whenever the server is reachable; only SKIP_PG=1 skips it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.ts';
import { openDb, schemaOf, type Db } from './db.ts';
import { migrate, migrationSteps } from './migrate.ts';
import { seedDemo } from './seed/demo.ts';
import { PERSONAS } from './seed/personas.ts';
import { isValidSiret } from './seed/siret.ts';
import { createThrowawayDatabase, SKIP_PG, SKIP_PG_REASON, type ThrowawayDatabase } from './testing.ts';

/** Every id the seed wrote, per table, sorted: what determinism must keep identical. */
async function seededIds(db: Db): Promise<Record<string, string[]>> {
  const tables = [
    'directory.users',
    'directory.user_groups',
    ...['dom_legacy', 'dom_main'].flatMap((s) =>
      [
        'organizations',
        'employees',
        'employee_groups',
        'campaigns',
        'dispatched_docs',
        'documents',
        'files',
        'signbooks',
        'signatories',
        'masks',
        'sign_templates',
      ].map((t) => `${s}.${t}`),
    ),
  ];
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${table} ORDER BY id`);
    out[table] = rows.map((r) => r.id);
  }
  return out;
}

interface Engine {
  open(): Promise<Db>;
  cleanup(): Promise<void>;
}

function storageSuite(engine: () => Engine) {
  let current: Engine;
  let db: Db;
  const extra: Db[] = [];

  beforeAll(async () => {
    current = engine();
    db = await current.open();
  });
  afterAll(async () => {
    for (const d of [db, ...extra]) await d?.close();
    await current?.cleanup();
  });

  it('migrates a fresh database, then does nothing on a second run', async () => {
    const first = await migrate(db);
    // Every file once, a domain file once per domain schema, in file order.
    expect(first).toEqual(migrationSteps().map((step) => `${step.file}@${step.target}`));
    expect(first.slice(0, 3)).toEqual([
      '0001_directory.sql@*',
      '0002_domain.sql@dom_legacy',
      '0002_domain.sql@dom_main',
    ]);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.schema_migrations');
    expect(rows[0]?.n).toBe(first.length);
    const schemas = await db.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname IN ('directory', 'dom_legacy', 'dom_main') ORDER BY 1",
    );
    expect(schemas.rows.map((r) => r.nspname)).toEqual(['directory', 'dom_legacy', 'dom_main']);
  });

  it('seeds the demo once: at least 300 employees in main, about 40 in legacy', async () => {
    const result = await seedDemo(db);
    expect(result.seeded).toBe(true);
    const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0]?.n;
    expect(await count('SELECT count(*) AS n FROM dom_main.employees')).toBeGreaterThanOrEqual(300);
    expect(await count('SELECT count(*) AS n FROM dom_legacy.employees')).toBeGreaterThanOrEqual(35);
    expect(await count('SELECT count(*) AS n FROM dom_main.employees WHERE needs_validation')).toBeGreaterThanOrEqual(
      10,
    );
    expect(await count('SELECT count(*) AS n FROM dom_main.employee_organizations WHERE NOT active')).toBeGreaterThan(
      0,
    );
    expect((await seedDemo(db)).seeded).toBe(false);
    expect(await count('SELECT count(*) AS n FROM directory.users')).toBe(PERSONAS.length);
  });

  it('gives every organisation a valid SIRET and one organisation a payroll domain', async () => {
    for (const domain of ['legacy', 'main'] as const) {
      const { rows } = await db.query<{ siret: string; paye_domain_id: string | null }>(
        `SELECT siret, paye_domain_id FROM ${schemaOf(domain)}.organizations`,
      );
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) expect(isValidSiret(row.siret), row.siret).toBe(true);
      if (domain === 'main') expect(rows.filter((r) => r.paye_domain_id !== null)).toHaveLength(1);
    }
  });

  it('stores persona passwords so that only the right one verifies', async () => {
    const { rows } = await db.query<{ login: string; password_hash: string; email: string | null }>(
      'SELECT login, password_hash, email FROM directory.users',
    );
    for (const persona of PERSONAS) {
      const row = rows.find((r) => r.login === persona.login);
      expect(row, persona.login).toBeDefined();
      expect(await verifyPassword(persona.password, row!.password_hash)).toBe(true);
      expect(await verifyPassword(`${persona.password}x`, row!.password_hash)).toBe(false);
      expect(row!.email).toBe(persona.email);
    }
  });

  it('keeps domains isolated: an organisation id of one domain is absent from the other', async () => {
    const legacy = await db.query<{ id: string }>('SELECT id FROM dom_legacy.organizations');
    const main = await db.query<{ id: string }>('SELECT id FROM dom_main.organizations');
    const legacyIds = legacy.rows.map((r) => r.id);
    expect(legacyIds.length).toBeGreaterThan(0);
    const crossed = await db.query('SELECT id FROM dom_main.organizations WHERE id = ANY($1::uuid[])', [legacyIds]);
    expect(crossed.rows).toEqual([]);
    const back = await db.query('SELECT id FROM dom_legacy.organizations WHERE id = ANY($1::uuid[])', [
      main.rows.map((r) => r.id),
    ]);
    expect(back.rows).toEqual([]);
    // Access rows point into the domain they name.
    const dangling = await db.query(
      `SELECT a.org_id FROM directory.user_org_access a
        WHERE (a.domain = 'main' AND a.org_id NOT IN (SELECT id FROM dom_main.organizations))
           OR (a.domain = 'legacy' AND a.org_id NOT IN (SELECT id FROM dom_legacy.organizations))`,
    );
    expect(dangling.rows).toEqual([]);
  });

  it('returns the same value types on both engines', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT now() AS ts, DATE '2026-03-01' AS d, count(*) AS n, '\\x0102'::bytea AS b, $1::jsonb AS j, $2::text[] AS a
         FROM directory.users`,
      [JSON.stringify([1, { k: 'v' }]), ['x', 'y']],
    );
    const row = rows[0]!;
    expect(row.ts).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row.d).toBe('2026-03-01');
    expect(row.n).toBe(PERSONAS.length);
    expect(Buffer.isBuffer(row.b) && [...(row.b as Buffer)]).toEqual([1, 2]);
    expect(row.j).toEqual([1, { k: 'v' }]);
    expect(row.a).toEqual(['x', 'y']);
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO dom_main.doc_types (code, label) VALUES ('TX_TEST', 'x')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await db.query("SELECT 1 FROM dom_main.doc_types WHERE code = 'TX_TEST'")).rows).toHaveLength(0);
    await db.tx((q) => q.query("INSERT INTO dom_main.doc_types (code, label) VALUES ('TX_TEST', 'x')"));
    expect((await db.query("SELECT 1 FROM dom_main.doc_types WHERE code = 'TX_TEST'")).rows).toHaveLength(1);
    await db.query("DELETE FROM dom_main.doc_types WHERE code = 'TX_TEST'");
  });

  it('seeds the same ids in a second, independent database', async () => {
    const other = await current.open();
    extra.push(other);
    await migrate(other);
    await seedDemo(other);
    const [a, b] = await Promise.all([seededIds(db), seededIds(other)]);
    expect(Object.values(a).every((ids) => ids.length > 0)).toBe(true);
    expect(b).toEqual(a);
  });
}

describe('storage on PGlite (memory://)', () => {
  storageSuite(() => ({ open: () => openDb({ dataDir: 'memory://' }), cleanup: async () => undefined }));
});

describe.skipIf(SKIP_PG)(SKIP_PG ? SKIP_PG_REASON : 'storage on PostgreSQL', () => {
  storageSuite(() => {
    const databases: ThrowawayDatabase[] = [];
    return {
      async open() {
        const database = await createThrowawayDatabase();
        databases.push(database);
        return openDb({ databaseUrl: database.url });
      },
      async cleanup() {
        for (const database of databases) await database.drop();
      },
    };
  });
});
