/**
 * A timestamptz's text from PostgreSQL turned into the API's ISO string without a Date when the session is
 * in UTC (src/server/db/db.ts): the same string as the Date path gives, for every fraction length, and the
 * Date path itself for any other text (another time zone, BC, infinity).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timestamptzToIso } from '../../src/server/db/db.ts';

const parse = pg.types.getTypeParser(1184) as (text: string) => unknown;
const viaDate = (text: string) => {
  const value = parse(text);
  return value instanceof Date ? value.toISOString() : value;
};

describe('timestamptzToIso', () => {
  it('writes a UTC text as the Date path does, whatever its fraction', () => {
    const texts = [
      '2026-11-28 09:02:46+00',
      '2026-11-28 09:02:46.5+00',
      '2026-11-28 09:02:46.08+00',
      '2026-11-28 09:02:46.081+00',
      '2026-11-28 09:02:46.0819+00',
      '2026-11-28 09:02:46.08199+00',
      '2026-11-28 09:02:46.999999+00',
      '2024-02-29 23:59:59.000001+00',
      '1970-01-01 00:00:00+00',
      '0500-06-15 12:00:00.25+00',
      '9999-12-31 23:59:59.999+00',
    ];
    for (const text of texts) expect(timestamptzToIso(text, parse), text).toBe(viaDate(text));
    // Every millisecond's fraction, as written with 1 to 6 digits.
    for (let ms = 0; ms < 1000; ms += 7) {
      for (const micro of ['', '0', '999']) {
        const text = `2025-03-30 01:59:59.${String(ms).padStart(3, '0')}${micro}+00`;
        expect(timestamptzToIso(text, parse), text).toBe(viaDate(text));
      }
    }
  });

  it('leaves any other text to the Date path', () => {
    for (const text of [
      '2026-11-28 10:02:46.081+01',
      '2026-11-28 04:32:46.081-04:30',
      '0044-03-15 12:00:00+00 BC',
      'infinity',
      '-infinity',
      '12026-11-28 09:02:46+00',
    ]) {
      expect(timestamptzToIso(text, parse), text).toEqual(viaDate(text));
    }
  });
});
