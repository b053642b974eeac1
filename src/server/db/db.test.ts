/** The default embedded mode: a PGlite data directory that is created, kept, and reopened. */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb, schemaOf } from './db.ts';
import { migrate, migrationSteps } from './migrate.ts';

describe('PGlite data directory', () => {
  const parent = mkdtempSync(join(tmpdir(), 'hr-db-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates a missing directory, and keeps data and migrations across a reopen', async () => {
    const dataDir = join(parent, 'nested', 'data');
    const first = await openDb({ dataDir });
    expect(existsSync(dataDir)).toBe(true);
    expect((await migrate(first)).length).toBe(migrationSteps().length);
    await first.query("INSERT INTO dom_main.doc_types (code, label) VALUES ('KEEP', 'Gardé')");
    await first.close();

    const second = await openDb({ dataDir });
    try {
      expect(await migrate(second)).toEqual([]);
      const { rows } = await second.query<{ label: string }>(
        "SELECT label FROM dom_main.doc_types WHERE code = 'KEEP'",
      );
      expect(rows).toEqual([{ label: 'Gardé' }]);
    } finally {
      await second.close();
    }
  });
});

describe('schemaOf', () => {
  it('maps each domain to its own schema and refuses anything else', () => {
    expect(schemaOf('legacy')).toBe('dom_legacy');
    expect(schemaOf('main')).toBe('dom_main');
    expect(() => schemaOf('public' as never)).toThrow();
  });
});
