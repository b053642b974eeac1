/**
 * A broad full-text search, newest first (issue 12 « Speed »). « bulletin 2024 » matches 40 % of a
 * million documents, all deposited a year and more ago: walking the deposit index from the newest
 * tested every newer document first (1.3 s), and the full-text index hands its 400,000 matches in no
 * useful order (sorted afterwards: 0.3–0.7 s). Here the days where every word of the search occurs
 * come from `search_days` (migration 0028: a few index entries), newest first, and only those days
 * are walked, each from its newest document, reading the visibility from the deposit index.
 *
 * Whether a search is broad is the planner's estimate of its matches, from the column's statistics
 * (most common words and their frequencies: PostgreSQL's autovacuum keeps them, db/maintenance.ts
 * on PGlite). A narrow search (a name) costs what its few matches cost through the full-text index,
 * and stays there. The walk has a budget: if it reads WALK_ROWS documents without filling the page,
 * the matches are too thin for it and the caller goes back to the full-text index. Nor is a search
 * walked whose estimated matches are a thin share of its days' documents (`walkPays`): a prefix of
 * names is estimated broad by default, and occurs on most days, a few documents each.
 */
import type { Queryable } from '../../db/db.ts';
import { type Where, whereSql } from './query.ts';

/**
 * Estimated matches from which a search is broad: below, the full-text index's matches are few
 * enough to read and sort; above, a walk that finds 20 of them among the newest documents is cheaper.
 */
export const BROAD_MATCHES = 1_000;
/** Documents the page's walk reads at most before giving the search back to the full-text index. */
const WALK_ROWS = 20_000;
/** Documents the count's walk reads at most before handing the count to the full-text index. */
const COUNT_ROWS = 60_000;
/**
 * A broad search counts its visible matches up to here (ten pages), not up to the list's
 * `VISIBLE_COUNT_CAP`: its count walks the deposit index through everything the user may not see on
 * the busiest days (a monthly campaign's day: 25,000 documents, 4 % visible to the bench's 10-rule
 * user), one heap read each — 1,000 matches cost 25,000 reads, 0.3 s on PostgreSQL; 200 cost a fifth.
 * The screen says « plus de 200 documents »; narrowing the search gives the exact count.
 */
export const BROAD_COUNT_CAP = 200;
/**
 * Share of the candidate days' documents that must match for a walk to pay: a word on many days but
 * thin on each (« nom12 », a prefix of names: 968 matches spread over ~900 days of a million
 * documents) would be walked day by day, one statement for each scattered day (11 s), while its
 * matches come from the full-text index in a few milliseconds.
 */
export const WALK_DENSITY = 0.05;
/** Walk statements (one per run of days) a walk runs at most before giving up, whatever the estimate. */
const MAX_WALKS = 48;

export interface BroadPage {
  /** The page's ids, newest first. */
  readonly ids: readonly string[];
  /** Visible matches counted, up to `BROAD_COUNT_CAP` + 1 (more than the cap: « plus de »); null: not counted. */
  readonly count: number | null;
}

/** The tsquery's words as the vector stores them (stemmed, stop words gone), from its text form. */
export async function searchWords(q: Queryable, tsquery: string): Promise<string[]> {
  const { rows } = await q.query<{ text: string }>(`SELECT to_tsquery('french', $1)::text AS text`, [tsquery]);
  const text = rows[0]?.text ?? '';
  return [...new Set([...text.matchAll(/'((?:[^']|'')+)'/g)].map((m) => m[1]!.replaceAll("''", "'")))];
}

/** The planner's estimate of the rows of `sql` (an EXPLAIN: nothing is read). */
async function estimatedRows(q: Queryable, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await q.query<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const explained = Object.values(rows[0] ?? {})[0];
  const plan = (typeof explained === 'string' ? JSON.parse(explained) : explained) as {
    Plan?: { 'Plan Rows'?: number };
  }[];
  return plan[0]?.Plan?.['Plan Rows'] ?? 0;
}

/** The planner's estimate of the documents matching `tsquery`, whoever may see them. */
const estimatedMatches = (q: Queryable, schema: string, tsquery: string): Promise<number> =>
  estimatedRows(q, `SELECT 1 FROM ${schema}.documents d WHERE d.search @@ to_tsquery('french', $1)`, [tsquery]);

/** Documents deposited on an average day: the archive's size over the days from its first deposit to its last. */
async function documentsPerDay(q: Queryable, schema: string): Promise<number> {
  const total = await estimatedRows(q, `SELECT 1 FROM ${schema}.documents d`, []);
  const { rows } = await q.query<{ days: number | null }>(
    `SELECT extract(epoch FROM (SELECT max(deposited_at) FROM ${schema}.documents)
                            - (SELECT min(deposited_at) FROM ${schema}.documents))::float8 / 86400 AS days`,
  );
  return total / Math.max(1, Math.ceil(rows[0]?.days ?? 0));
}

/**
 * Whether walking the candidate days pays: the estimated matches are a fair share
 * (`WALK_DENSITY`) of the documents deposited on those days.
 */
export const walkPays = (matches: number, days: number, perDay: number): boolean =>
  matches >= WALK_DENSITY * days * perDay;

/** A run of consecutive UTC days, as the walk's bounds: [from, to). */
interface Run {
  readonly from: string;
  readonly to: string;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The days where every word occurs as the prefix of a stored word, newest first, as runs of
 * consecutive days (one walk for each run).
 */
async function candidateRuns(
  q: Queryable,
  schema: string,
  words: readonly string[],
): Promise<{ runs: Run[]; days: number }> {
  const { rows } = await q.query<{ day: string }>(
    `SELECT sd.day::text AS day
       FROM unnest($1::text[]) AS w(word)
       JOIN ${schema}.search_days sd
         ON sd.lexeme >= (w.word COLLATE "C") AND sd.lexeme < ((w.word || chr(1114111)) COLLATE "C")
      GROUP BY sd.day HAVING count(DISTINCT w.word) = cardinality($1::text[])
      ORDER BY sd.day DESC`,
    [words],
  );
  const runs: { from: number; to: number }[] = [];
  for (const { day } of rows) {
    const start = Date.parse(`${day}T00:00:00Z`);
    const last = runs.at(-1);
    if (last && last.from === start + DAY_MS) last.from = start;
    else runs.push({ from: start, to: start + DAY_MS });
  }
  return {
    runs: runs.map((r) => ({ from: `${isoDay(r.from)}T00:00:00Z`, to: `${isoDay(r.to)}T00:00:00Z` })),
    days: rows.length,
  };
}

/**
 * One run's walk: the visible documents of `base` deposited in the run, newest first, at most
 * `rows` of them, read from the deposit index (its INCLUDE columns answer the visibility and most
 * filters); each tested for the search by its row (`hit`), in that order. The answer holds the
 * hits, at most `take`, and the walk's last document when the walk reached it (`last`): `rn`, its
 * position, says how many documents were read.
 */
function runWalk(base: Where, tsquery: string, run: Run, rows: number, take: number) {
  const n = base.params.length;
  const params = [...base.params, tsquery, run.from, run.to, rows, take + 1];
  const sql = `
    SELECT v.id, v.rn, v.last, v.hit FROM (
      SELECT w.id, w.rn, w.last,
             EXISTS (SELECT 1 FROM ${base.schema}.documents m
                      WHERE m.id = w.id AND m.search @@ to_tsquery('french', $${n + 1})) AS hit
        FROM (SELECT i.id, row_number() OVER () AS rn, lead(i.id) OVER () IS NULL AS last FROM (
                SELECT d.id FROM ${base.schema}.documents d
                 WHERE ${whereSql(base)}
                   AND d.deposited_at >= $${n + 2}::timestamptz AND d.deposited_at < $${n + 3}::timestamptz
                 ORDER BY d.deposited_at DESC, d.id DESC LIMIT $${n + 4}) i) w) v
     WHERE v.hit OR v.last
     LIMIT $${n + 5}`;
  return { sql, params };
}

/**
 * Walks the runs in turn until `take` matches, reading at most `budget` documents, and at most
 * `firstBudget` of them before the first `first` matches are found: the matches in deposit order
 * (runs and walks are newest first), and whether a budget ran out first.
 */
async function walkRuns(
  q: Queryable,
  base: Where,
  tsquery: string,
  runs: readonly Run[],
  take: number,
  budget: number,
  first = take,
  firstBudget = budget,
): Promise<{ ids: string[]; exhausted: boolean }> {
  const ids: string[] = [];
  let read = 0;
  for (const [walked, run] of runs.entries()) {
    const left = (ids.length < first ? Math.min(budget, firstBudget) : budget) - read;
    if (left <= 0 || walked >= MAX_WALKS) return { ids, exhausted: true };
    const wanted = take - ids.length;
    const walk = runWalk(base, tsquery, run, left, wanted);
    const rows = (await q.query<{ id: string; rn: number; last: boolean; hit: boolean }>(walk.sql, walk.params)).rows;
    const hits = rows.filter((r) => r.hit).slice(0, wanted);
    ids.push(...hits.map((h) => h.id));
    if (ids.length >= take) return { ids, exhausted: false };
    // Fewer hits than wanted: the walk went to its last document (`left` of them at most).
    read += Number(rows.find((r) => r.last)?.rn ?? 0);
  }
  return { ids, exhausted: false };
}

/**
 * The page (`offset`, `limit`) and the capped count of a broad search, or null when the search is
 * not broad (the caller then uses the full-text index). `base` is the session's visibility and the
 * list's filters without the search; `tsquery` the search's query text.
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
  const matches = await estimatedMatches(q, base.schema, tsquery);
  if (matches < BROAD_MATCHES) return null;
  const { runs, days } = await candidateRuns(q, base.schema, words);
  if (runs.length === 0) return { ids: [], count: 0 };
  if (!walkPays(matches, days, await documentsPerDay(q, base.schema))) return null;
  const need = offset + limit;
  // One walk for the page and its count: the page's matches within WALK_ROWS documents (or the
  // search is too thin for a walk), then on to the cap + 1 within COUNT_ROWS. Two walks read the
  // newest days twice (0.9 s instead of 0.45 on PGlite for « bulletin 2024 »).
  const counted = await walkRuns(
    q,
    base,
    tsquery,
    runs,
    Math.max(need, BROAD_COUNT_CAP + 1),
    Math.max(COUNT_ROWS, WALK_ROWS + need),
    need,
    WALK_ROWS + need,
  );
  if (counted.ids.length < need && counted.exhausted) return null;
  const ids = counted.ids.slice(offset, need);
  return { ids, count: counted.exhausted ? null : counted.ids.length };
}
