/**
 * The documents list's full-text search, newest first, by its three paths (issue 12 « Speed »):
 * a broad search walks the days `search_days` names (broad-search.ts), a narrow one takes its
 * matches from the full-text index, and a broad one that occurs on no day answers at once.
 * Whatever the path, the page and the capped count are exactly what one plain statement gives (the
 * reference below), for an unrestricted administrator and for `paie`, whose rule lets through
 * payslips only. And `search_days` follows the documents: a deposit, a renamed employee.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIBLE_COUNT_CAP } from '../../src/server/auth/document-visibility.ts';
import type { Queryable } from '../../src/server/db/db.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { addFilter, type Session, visibleWhere, whereSql } from '../../src/server/modules/documents/query.ts';
import { BROAD_COUNT_CAP, WALK_DENSITY, walkPays } from '../../src/server/modules/documents/broad-search.ts';
import { listDocuments } from '../../src/server/modules/documents/read.service.ts';
import { MAIN_ROOT, PARIS } from './rights-support.ts';
import { type TestDb, createSeededDb } from './support/server.ts';

let t: TestDb;
const admin: Session = { userId: userId('admin'), domain: 'main' };
const paie: Session = { userId: userId('paie'), domain: 'main' };
const MONTHS = 24;
const PER_MONTH = 160;
const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** The statements a call ran, to tell which path it took. */
function recording(q: Queryable): { q: Queryable; sql: string[] } {
  const sql: string[] = [];
  return {
    sql,
    q: { ...q, query: (text: string, params?: unknown[]) => (sql.push(text), q.query(text, params)) } as Queryable,
  };
}

/** What the list must answer: one statement, every visible match newest first, and the capped count. */
async function reference(session: Session, search: string, offset: number, limit: number, cap = VISIBLE_COUNT_CAP) {
  const where = addFilter(await visibleWhere(t.db, session), { search });
  const { rows } = await t.db.query<{ id: string }>(
    `SELECT d.id FROM dom_main.documents d WHERE ${whereSql(where)}
      ORDER BY d.deposited_at DESC, d.id DESC OFFSET ${offset} LIMIT ${limit}`,
    where.params,
  );
  const { rows: counted } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM dom_main.documents d WHERE ${whereSql(where)}`,
    where.params,
  );
  const n = counted[0]!.n;
  return { ids: rows.map((r) => r.id), count: Math.min(n, cap), countCapped: n > cap };
}

beforeAll(async () => {
  t = await createSeededDb();
  const { rows: employees } = await t.db.query<{ id: string }>(
    `SELECT id FROM dom_main.employees ORDER BY id LIMIT 40`,
  );
  // 24 months (2024 and 2025) as a payroll office deposits them: each month's payslips on the 3rd
  // (a campaign), its contracts over the days after; each names its month and year, in Paris or at
  // the root; a rare word in three payslips.
  const docs: unknown[][] = [];
  const pad = (n: number) => String(n).padStart(2, '0');
  for (let m = 0; m < MONTHS; m++) {
    const year = 2024 + Math.floor(m / 12);
    const month = (m % 12) + 1;
    for (let i = 0; i < PER_MONTH; i++) {
      const payslip = i % 4 !== 0;
      const rare = m === 5 && i >= 1 && i <= 3;
      const deposited = payslip
        ? `${year}-${pad(month)}-03T08:${pad(Math.floor(i / 60))}:${pad(i % 60)}Z`
        : `${year}-${pad(month)}-${pad(10 + (i % 15))}T14:${pad(Math.floor(i / 60))}:${pad(i % 60)}Z`;
      docs.push([
        randomUUID(),
        i % 2 === 0 ? PARIS : MAIN_ROOT,
        employees[(m * PER_MONTH + i) % employees.length]!.id,
        payslip ? 'BULLETIN_PAIE' : 'CONTRAT_TRAVAIL',
        `${payslip ? 'Bulletin de paie' : 'Contrat de travail'} ${MONTH_NAMES[month - 1]} ${year}${rare ? ' zorglub' : ''}`,
        deposited,
      ]);
    }
  }
  for (let i = 0; i < docs.length; i += 200) {
    const chunk = docs.slice(i, i + 200);
    await t.db.query(
      `INSERT INTO dom_main.documents (id, organization_id, employee_id, type_code, description, deposited_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::timestamptz[])`,
      [0, 1, 2, 3, 4, 5].map((c) => chunk.map((row) => row[c])),
    );
  }
  // The statistics the planner's estimate reads (autovacuum on PostgreSQL, db/maintenance.ts on PGlite).
  await t.db.exec('ANALYZE dom_main.documents');
}, 120_000);
afterAll(async () => {
  await t?.dispose();
});

describe('full-text search newest first', () => {
  const cases: [string, number][] = [
    ['bulletin 2024', 0], // broad, and its newest match a year before the newest document
    ['bulletin 2024', 20],
    ['bulletin 2024', 500],
    ['contrat 2025', 0], // broad and recent
    ['bulletin', 980], // everything, a deep page past the cap's end
    ['zorglub', 0], // three documents: the full-text index
    ['paie 2024 zorglub', 0],
    ['xyzzy', 0], // in no month
    ['de', 0], // a stop word alone
  ];
  for (const session of [admin, paie]) {
    for (const [search, offset] of cases) {
      it(`« ${search} » from ${offset} for ${session === admin ? 'admin' : 'paie'}: the plain statement's page and count`, async () => {
        const run = recording(t.db);
        const page = await listDocuments(run.q, session, { search, offset, limit: 20 });
        // A search walked by days counts up to its own cap and says « plus de » past it.
        const walked = run.sql.some((s) => s.includes('v.hit')) && !run.sql.some((s) => s.includes('count(*)'));
        const want = await reference(session, search, offset, 20, walked ? BROAD_COUNT_CAP : VISIBLE_COUNT_CAP);
        expect(page.items.map((d) => d.id)).toEqual(want.ids);
        expect({ count: page.count, countCapped: page.countCapped }).toEqual({
          count: want.count,
          countCapped: want.countCapped,
        });
      });
    }
  }

  it('walks the days for a broad search and takes a narrow one from the full-text index', async () => {
    const broad = recording(t.db);
    const page = await listDocuments(broad.q, admin, { search: 'bulletin 2024', limit: 20 });
    expect(page.items).toHaveLength(20);
    expect({ count: page.count, countCapped: page.countCapped }).toEqual({ count: BROAD_COUNT_CAP, countCapped: true });
    expect(page.items.every((d) => d.depositedAt.startsWith('2024-12-03'))).toBe(true);
    expect(broad.sql.some((s) => s.includes('search_days'))).toBe(true);
    expect(broad.sql.some((s) => s.includes('MATERIALIZED'))).toBe(false);

    const narrow = recording(t.db);
    expect((await listDocuments(narrow.q, admin, { search: 'zorglub' })).count).toBe(3);
    expect(narrow.sql.some((s) => s.includes('search_days'))).toBe(false);
    expect(narrow.sql.some((s) => s.includes('MATERIALIZED'))).toBe(true);
  });
});

describe('whether walking the days pays', () => {
  it('walks a word that fills its days, not a prefix of names thin on every day', () => {
    // The bench's million documents over ~1,000 days: « bulletin 2024 » ~260,000 matches on 366 days;
    // « nom12 » (a prefix, estimated 5,000 by default) on ~900 days, a document or two each.
    expect(walkPays(260_000, 366, 1_000)).toBe(true);
    expect(walkPays(5_000, 900, 1_000)).toBe(false);
    expect(walkPays(WALK_DENSITY * 10 * 100, 10, 100)).toBe(true);
    expect(walkPays(WALK_DENSITY * 10 * 100 - 1, 10, 100)).toBe(false);
  });
});

describe('search_days', () => {
  /** The days recorded for `word`, as the French configuration stores it. */
  const days = async (word: string) =>
    (
      await t.db.query<{ day: string }>(
        `SELECT day::text AS day FROM dom_main.search_days
          WHERE lexeme = (tsvector_to_array(to_tsvector('french', $1)))[1] ORDER BY day`,
        [word],
      )
    ).rows.map((r) => r.day);

  it('names each day where a word was deposited, in UTC', async () => {
    expect(await days('zorglub')).toEqual(['2024-06-03']);
    expect(await days('2025')).toEqual(expect.arrayContaining(['2025-01-03', '2025-12-03', '2025-12-24']));
    expect(await days('2025')).not.toContain('2024-12-03');
    await t.db.query(
      `INSERT INTO dom_main.documents (id, organization_id, type_code, description, deposited_at)
       VALUES ($1, $2, 'NOTE_SERVICE', 'Note zorglub', '2026-02-28T23:30:00-02:00')`,
      [randomUUID(), MAIN_ROOT],
    );
    // 23:30 at UTC−2 is 01:30 UTC on 1 March.
    expect(await days('zorglub')).toEqual(['2024-06-03', '2026-03-01']);
    expect((await listDocuments(t.db, admin, { search: 'zorglub' })).count).toBe(4);
  });

  it('learns an employee’s new name from the documents that carry it', async () => {
    const { rows } = await t.db.query<{ id: string; day: string }>(
      `SELECT e.id, dom_main.search_day_of(max(d.deposited_at))::text AS day
         FROM dom_main.employees e JOIN dom_main.documents d ON d.employee_id = e.id
        GROUP BY e.id ORDER BY e.id LIMIT 1`,
    );
    const employee = rows[0]!;
    await t.db.query(`UPDATE dom_main.employees SET name = 'Quetzalcoatl' WHERE id = $1`, [employee.id]);
    expect(await days('quetzalcoatl')).toContain(employee.day);
    const found = await listDocuments(t.db, admin, { search: 'Quetzalcoatl' });
    expect(found.count).toBeGreaterThan(0);
    expect(found.items.every((d) => d.employeeName === 'Quetzalcoatl')).toBe(true);
  });
});
