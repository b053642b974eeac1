/**
 * PGlite's memory settings (docs/operations.md « Memory »): small shared buffers by default, an
 * operator's size when given, a clear refusal of a value PostgreSQL would not read.
 */
import { describe, expect, it } from 'vitest';
import { openDb, pgliteMemorySettings } from '../../src/server/db/db.ts';

describe('PGlite memory settings', () => {
  it('keeps 16 MB of shared buffers unless PGLITE_SHARED_BUFFERS says otherwise', () => {
    expect(pgliteMemorySettings({})).toContain('shared_buffers=16MB');
    expect(pgliteMemorySettings({ PGLITE_SHARED_BUFFERS: '128MB' })).toContain('shared_buffers=128MB');
    expect(() => pgliteMemorySettings({ PGLITE_SHARED_BUFFERS: 'beaucoup' })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('an opened embedded database runs with them', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const { rows } = await db.query<{ setting: string; unit: string }>(
        `SELECT setting, unit FROM pg_settings WHERE name = 'shared_buffers'`,
      );
      expect(rows[0]).toEqual({ setting: '2048', unit: '8kB' });
    } finally {
      await db.close();
    }
  });
});
