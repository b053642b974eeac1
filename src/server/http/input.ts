/**
 * Input no route should ever see, refused once for all of them with a keyed 400: JSON nested deeper
 * than any contract body (refused before it is even parsed, so no decoder or handler walks it), and
 * the NUL character in any string of a body, query string or path parameter (PostgreSQL refuses
 * NUL in text, so it would otherwise surface as a 500 from whichever query meets it first).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_LENGTH } from '../../contract/constants.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { ApiFailure } from './errors.ts';

/** The deepest contract body (a template: steps → signatories → authorised users) is under 10 levels. */
export const MAX_JSON_DEPTH = 64;

const tooDeep = (): ApiFailure => new ApiFailure(400, ERROR_KEYS.tooDeep);
const nulByte = (path: string): ApiFailure => new ApiFailure(400, ERROR_KEYS.nulByte, undefined, [path]);

/** Whether JSON text opens more than `max` arrays/objects at once (brackets inside strings do not count). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * Throws the keyed 400 when a string (or an object key) of a parsed value holds NUL, or when the
 * value nests deeper than `MAX_JSON_DEPTH`. Iterative, so no input can exhaust the stack.
 */
export function assertCleanInput(value: unknown, prefix = ''): void {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: prefix, depth: 0 }];
  const at = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw nulByte(path || '(body)');
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw tooDeep();
    if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: at(path, i), depth: depth + 1 }));
      continue;
    }
    // Buffers and other binary bodies (uploads) carry bytes, not text.
    if (ArrayBuffer.isView(v)) continue;
    for (const [key, item] of Object.entries(v)) {
      if (key.includes('\u0000')) throw nulByte(at(path, key.replaceAll('\u0000', '\\u0000')));
      stack.push({ value: item, path: at(path, key), depth: depth + 1 });
    }
  }
}

/**
 * The name an uploaded part is stored and shown under: its file name (else its field name) without
 * control characters (NUL would fail in PostgreSQL) and cut to `MAX_LENGTH.fileName`. A browser never
 * sends either; cleaning the name instead of refusing it lets the upload readers drain the body as usual.
 */
export function uploadName(part: { readonly filename?: string; readonly fieldname: string }): string {
  // Control characters, and the bidirectional marks and overrides that make « facture‮fdp.exe » read as
  // « facture exe.pdf » wherever the name is shown (U+200E–U+200F, U+202A–U+202E, U+2066–U+2069).
  const clean = (name: string | undefined) =>
    // eslint-disable-next-line no-control-regex
    (name ?? '').replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  const name = clean(part.filename) || clean(part.fieldname);
  return [...name].slice(0, MAX_LENGTH.fileName).join('');
}

/** Replaces the JSON parser with one that refuses deep nesting first, and checks every request's input. */
export function installInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTooDeep(body as string)) {
      done(tooDeep(), undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
  app.addHook('preValidation', async (req: FastifyRequest) => {
    assertCleanInput(req.params, 'params');
    assertCleanInput(req.query, 'query');
    assertCleanInput(req.body);
  });
}
