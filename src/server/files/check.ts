/**
 * The integrity pass of `npm run check:files`: every stored file's bytes are where its row says and
 * hash to the SHA-256 the row recorded (deposit certificates state that hash). Reads one file at a time.
 */
import { createHash } from 'node:crypto';
import { DOMAINS, type DomainId } from '../../contract/constants.ts';
import { type Db, schemaOf } from '../db/db.ts';
import { StoredFileMissing, readFile } from './store.ts';

export interface FileProblem {
  readonly domain: DomainId;
  readonly id: string;
  readonly name: string;
  readonly problem: 'missing' | 'sha256-mismatch';
  readonly detail: string;
}

export interface FileCheck {
  readonly checked: number;
  readonly problems: readonly FileProblem[];
}

export async function checkStoredFiles(db: Db, onProgress?: (checked: number) => void): Promise<FileCheck> {
  const problems: FileProblem[] = [];
  let checked = 0;
  for (const domain of DOMAINS) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await db.query<{ id: string; name: string; sha256: string }>(
        `SELECT id::text AS id, name, sha256 FROM ${schemaOf(domain)}.files WHERE id > $1::uuid ORDER BY id LIMIT 200`,
        [after],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        try {
          const file = await readFile(db, domain, row.id);
          if (!file) throw new Error('row vanished');
          const actual = createHash('sha256').update(file.bytes).digest('hex');
          if (actual !== row.sha256) {
            problems.push({
              domain,
              id: row.id,
              name: row.name,
              problem: 'sha256-mismatch',
              detail: `expected ${row.sha256}, found ${actual}`,
            });
          }
        } catch (error) {
          const detail =
            error instanceof StoredFileMissing
              ? `${error.reason}${error.packPath ? ` (${error.packPath})` : ''}`
              : error instanceof Error
                ? error.message
                : String(error);
          problems.push({ domain, id: row.id, name: row.name, problem: 'missing', detail });
        }
        checked += 1;
      }
      onProgress?.(checked);
      after = rows[rows.length - 1]!.id;
    }
  }
  return { checked, problems };
}
