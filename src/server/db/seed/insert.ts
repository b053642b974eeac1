/** Multi-row INSERT in chunks: one round trip per few hundred rows instead of one per row. */
import type { Queryable } from '../db.ts';

export type Row = Record<string, unknown>;

/** Protocol limit is 65 535 parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;

export async function insertRows(q: Queryable, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const slots = columns.map((column) => {
        params.push(row[column] === undefined ? null : row[column]);
        return `$${params.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    await q.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}
