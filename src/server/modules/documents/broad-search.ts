/**
 * A broad full-text search, newest first (issue 12 « Speed »). « bulletin 2024 » matches 40 % of a
 * million documents, all deposited a year and more ago: walking the deposit index from the newest
 * tested every newer document first (1.3 s), and the full-text index hands its 400,000 matches in no
 * useful order (sorted afterwards: 0.3–0.7 s). Here the months where every word of the search
 * occurs come from `search_months` (migration 0028: a few index entries), newest first, and only
 * those months are walked, each from its newest document.
 *
 * This pays only when matches are dense where the walk starts. A first look at the newest candidate
 * month (at most PROBE_ROWS documents the session may see) must find a whole page; otherwise the
 * search is a narrow one (a name: a few matches spread over the months) and the caller keeps its
 * full-text index path, which costs what its matches cost.
 */
import { VISIBLE_COUNT_CAP } from '../../auth/document-visibility.ts';
import type { Queryable } from '../../db/db.ts';
import { type Where, whereSql } from './query.ts';

/** Documents the first look reads at most: a page's worth of matches must be among them. */
const PROBE_ROWS = 2_000;
/** Documents one month's walk reads at most (a month of this size is a very large company). */
const MONTH_ROWS = 200_000;
/** Documents the count's walk reads at most before handing the count to the full-text index. */
const COUNT_ROWS = 60_000;

export interface BroadPage {
  /** The page's ids, newest first. */
  readonly ids: readonly string[];
  /** Visible matches counted, up to the cap + 1 (more than the cap: « plus de »); null: not counted. */
  readonly count: number | null;
}

/** The tsquery's words as the vector stores them (stemmed, stop words gone), from its text form. */
export async function searchWords(q: Queryable, tsquery: string): Promise<string[]> {
  const { rows } = await q.query<{ text: string }>(`SELECT to_tsquery('french', $1)::text AS text`, [tsquery]);
  const text = rows[0]?.text ?? '';
  return [...new Set([...text.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replaceAll("''", "'")))];
}

/** UTC months (`YYYY-MM-01`) where every word occurs as the prefix of a stored word, newest first. */
async function candidateMonths(q: Queryable, schema: string, words: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ month: string }>(
    `SELECT sm.month::text AS month
       FROM unnest($1::text[]) AS w(word)
       JOIN ${schema}.search_months sm
         ON sm.lexeme >= (w.word COLLATE "C") AND sm.lexeme < ((w.word || chr(1114111)) COLLATE "C")
      GROUP BY sm.month HAVING count(DISTINCT w.word) = cardinality($1::text[])
      ORDER BY sm.month DESC`,
    [words],
  );
  return rows.map((r) => r.month);
}

const nextMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * One month's walk: the visible documents of `base` deposited that month, newest first (the deposit
 * index, at most `rows`), those matching the search among them (a condition the full-text index
 * cannot serve inside the fence, so the walk stays a walk), at most `take`.
 */
function monthWalk(base: Where, tsquery: string, month: string, rows: number, take: number, numbered = false) {
  const params = [...base.params, tsquery, `${month}T00:00:00Z`, `${nextMonth(month)}T00:00:00Z`, rows, take];
  const n = base.params.length;
  // The walk reads the deposit index (its INCLUDE columns answer the visibility and most filters,
  // so a document the session may not see costs no read of its row), and only the documents it
  // keeps are looked up for the search, in the walk's order (LATERAL). `rn`: the position in the walk.
  const sql = `
    SELECT v.id${numbered ? ', v.rn' : ''} FROM (
      SELECT v.id${numbered ? ', row_number() OVER () AS rn' : ''} FROM (
        SELECT d.id FROM ${base.schema}.documents d
         WHERE ${whereSql(base)} AND d.deposited_at >= $${n + 2}::timestamptz AND d.deposited_at < $${n + 3}::timestamptz
         ORDER BY d.deposited_at DESC, d.id DESC LIMIT $${n + 4}) v) v
    CROSS JOIN LATERAL (SELECT 1 FROM ${base.schema}.documents m
                         WHERE m.id = v.id AND m.search @@ to_tsquery('french', $${n + 1})) hit
     LIMIT $${n + 5}`;
  return { sql, params };
}

/**
 * The page (`offset`, `limit`) and the capped count of a broad search, or null when the search is
 * not broad where the walk starts (the caller then uses the full-text index). `base` is the session's
 * visibility and the list's filters without the search; `tsquery` the search's query text.
 */
export async function broadSearchPage(
  q: Queryable,
  base: Where,
  tsquery: string,
  offset: number,
  limit: number,
): Promise<BroadPage | null> {
  const words = await searchWords(q, tsquery);
  if (words.length === 0) return null;
  const months = await candidateMonths(q, base.schema, words);
  if (months.length === 0) return { ids: [], count: 0 };
  const need = offset + limit;
  const walked = async (month: string, rows: number, take: number) => {
    const walk = monthWalk(base, tsquery, month, rows, take);
    return (await q.query<{ id: string }>(walk.sql, walk.params)).rows.map((r) => r.id);
  };

  // The first look decides: a page within the newest candidate month's first documents, or not broad.
  const probe = await walked(months[0]!, PROBE_ROWS, need);
  if (probe.length < Math.min(need, limit)) return null;
  let found = probe;
  if (found.length < need) {
    // A deeper page: the months in turn, each walked whole, newest first (so `found` keeps deposit order).
    found = [];
    for (const month of months) {
      found.push(...(await walked(month, MONTH_ROWS, need - found.length)));
      if (found.length >= need) break;
    }
  }
  const ids = found.slice(offset, need);

  return { ids, count: await walkedCount(q, base, tsquery, months) };
}

/**
 * Visible matches up to the cap + 1, walking the months as the page did and stopping at the cap, or
 * null once COUNT_ROWS documents were read without reaching it or the last month (matches thin out
 * after the first page: the full-text index counts those better).
 */
async function walkedCount(
  q: Queryable,
  base: Where,
  tsquery: string,
  months: readonly string[],
): Promise<number | null> {
  let count = 0;
  let budget = COUNT_ROWS;
  for (const month of months) {
    if (budget <= 0) return null;
    const rows = Math.min(MONTH_ROWS, budget);
    const take = VISIBLE_COUNT_CAP + 1 - count;
    const walk = monthWalk(base, tsquery, month, rows, take, true);
    const hits = (await q.query<{ rn: number }>(walk.sql, walk.params)).rows;
    count += hits.length;
    if (count > VISIBLE_COUNT_CAP) return count;
    // Fewer hits than asked: the month was read to its end, or to `rows`; count it as `rows` read.
    budget -= hits.length < take ? rows : (hits.at(-1)?.rn ?? rows);
  }
  return count;
}
