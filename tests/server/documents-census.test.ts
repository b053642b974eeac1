/**
 * The list's capped total read from the census (migration 0036, src/server/modules/documents/census.ts):
 * when an access-rule arm of document types and organisations alone holds more than the cap, the
 * list says « plus de 1 000 » without counting documents; any other filter counts as before, and
 * the census follows deposits, so the figure never lies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISIBLE_COUNT_CAP } from '../../src/server/auth/document-visibility.ts';
import type { Queryable } from '../../src/server/db/db.ts';
import { listDocuments } from '../../src/server/modules/documents/read.service.ts';
import { type TestDb, createSeededDb } from './support/server.ts';

let t: TestDb;
let paie: { userId: string; domain: 'main' };

beforeAll(async () => {
  t = await createSeededDb();
  const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM directory.users WHERE login = 'paie'`);
  paie = { userId: rows[0]!.id, domain: 'main' };
}, 60_000);
afterAll(async () => t?.dispose());

/** The statements a call runs. */
function recording(): { q: Queryable; statements: string[] } {
  const statements: string[] = [];
  const q: Queryable = {
    ...t.db,
    query: (sql, params) => {
      statements.push(sql);
      return t.db.query(sql, params);
    },
  };
  return { q, statements };
}
const counted = (statements: readonly string[]) => statements.some((sql) => /\) capped$/.test(sql.trim()));

/** `n` copies of a document (new ids, the same organisation and type). */
async function copies(id: string, n: number): Promise<void> {
  const { rows } = await t.db.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
      WHERE table_schema = 'dom_main' AND table_name = 'documents' AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'read_at')`,
  );
  const columns = rows.map((r) => r.name).join(', ');
  await t.db.query(
    `INSERT INTO dom_main.documents (id, ${columns})
     SELECT gen_random_uuid(), ${columns} FROM dom_main.documents, generate_series(1, $2::int) WHERE id = $1`,
    [id, n],
  );
}

describe('the documents list’s capped total', () => {
  it('counts documents while the census cannot tell, then reads « more than the cap » from it once an arm holds more', async () => {
    const before = recording();
    const page = await listDocuments(before.q, paie, {});
    expect(page.countCapped).toBe(false);
    expect(counted(before.statements)).toBe(true);
    const payslip = page.items.find((d) => d.typeCode === 'BULLETIN_PAIE')!;
    await copies(payslip.id, VISIBLE_COUNT_CAP + 1);

    const after = recording();
    const capped = await listDocuments(after.q, paie, {});
    expect({ count: capped.count, countCapped: capped.countCapped }).toEqual({
      count: VISIBLE_COUNT_CAP,
      countCapped: true,
    });
    expect(counted(after.statements)).toBe(false);
    // Sorted another way, or narrowed to payslips: the same.
    const sorted = recording();
    expect(
      (await listDocuments(sorted.q, paie, { order: { field: 'typeCode', sens: 'asc' }, typeCodes: ['BULLETIN_PAIE'] }))
        .countCapped,
    ).toBe(true);
    expect(counted(sorted.statements)).toBe(false);

    // A filter the census does not hold (unread): counted, and still right.
    const unread = recording();
    expect((await listDocuments(unread.q, paie, { read: 'unread' })).countCapped).toBe(true);
    expect(counted(unread.statements)).toBe(true);
    // A type the rule does not let through: counted, none.
    expect((await listDocuments(t.db, paie, { typeCodes: ['CONTRAT_TRAVAIL'] })).count).toBe(0);
  });
});
