/**
 * Where stored files' bytes live. Every file has a `files` row (id, name, size, SHA-256); its bytes are
 * either in the row (`content`, the "database" store) or in a directory (the "directory" store):
 * `content` NULL and the row names a pack file and an offset. One `insert` call writes ONE pack
 * (`<dir>/<schema>/<pack[0..2]>/<pack>`, the call's files end to end), so a split batch of 100 parts
 * costs one file creation, not 100. PGlite on disk uses `<DATA_DIR>/files` by default; PostgreSQL keeps
 * bytes in the database unless FILES_DIR names a directory every node shares. Readers take the row's
 * content when it has one, so a database that switched stores keeps working.
 *
 * Why a directory: a 2,000-page campaign writes ~34 MB of parts; PGlite stored them at ~20 MB/s (WAL +
 * TOAST through WASM), a file system takes them in a fraction of the time. Ordering makes it crash-safe:
 * the pack is written (and fsynced when the database itself fsyncs, i.e. on PostgreSQL) before the rows
 * naming it are committed, so a committed row always has its bytes. A pack no row names (its
 * transaction rolled back, the process was killed, or its rows were deleted — files are deleted
 * together: a source's parts, a mask's samples) is an orphan `sweep` removes once older than an hour.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readSync,
  readdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { DomainId } from '../../contract/constants.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import type { Queryable } from '../db/db.ts';
import { DOMAIN_SCHEMAS, schemaOf } from '../db/schemas.ts';
import { ApiFailure } from '../http/errors.ts';

export interface NewFile {
  /** Chosen by the caller when it must reference the file before the insert; random otherwise. */
  id?: string;
  name: string;
  mime?: string;
  bytes: Uint8Array;
  /** Its SHA-256 (hex) when already computed (the split's parts, hashed in the PDF worker). */
  sha256?: string;
}
export interface StoredFileRef {
  id: string;
  size: number;
  sha256: string;
}
export interface StoredFile {
  id: string;
  name: string;
  bytes: Buffer;
}

export interface FileStore {
  /** The directory holding packs, or null when bytes go into `files.content`. */
  readonly dir: string | null;
  /** Inserts the rows (their pack written first when in a directory), in the caller's transaction. */
  insert(q: Queryable, domain: DomainId, files: readonly NewFile[]): Promise<StoredFileRef[]>;
  read(q: Queryable, domain: DomainId, id: string): Promise<StoredFile | null>;
  /** Several files' bytes by id (missing ids are absent from the map). */
  readMany(q: Queryable, domain: DomainId, ids: readonly string[]): Promise<Map<string, Buffer>>;
  /** Deletes the rows; a pack none of whose rows remain is an orphan for `sweep` (the transaction may still roll back). */
  remove(q: Queryable, domain: DomainId, ids: readonly string[]): Promise<void>;
  /** Removes packs older than `graceMs` that no row names; returns how many. */
  sweep(q: Queryable, graceMs?: number): Promise<number>;
}

export interface FileStoreOptions {
  dir: string | null;
  /** fsync each pack (and its directory) before its rows are written: on when the database fsyncs. */
  fsync: boolean;
  /** PGlite parses bytea values byte by byte in JavaScript: base64 text is 10× faster there. */
  engine: 'pglite' | 'postgres';
}

/** Rows per INSERT statement (6 parameters each). */
const ROWS_PER_INSERT = 500;
/** A file read from the table on PGlite comes in slices of this many bytes (never the whole file as text). */
const SLICE = 4 * 1024 * 1024;
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A committed row whose bytes are not on disk (its pack deleted, cut short, or FILES_DIR not set):
 * only the operator can fix it, from a backup. The caller gets a 503 with a key and a French
 * sentence; the log gets the file, the pack's path and what went wrong.
 */
export class StoredFileMissing extends ApiFailure {
  constructor(
    readonly fileId: string,
    readonly packPath: string | null,
    readonly reason: string,
  ) {
    super(
      503,
      ERROR_KEYS.fileMissing,
      'Un fichier enregistré est introuvable ou incomplet sur le disque du serveur (dossier FILES_DIR ou DATA_DIR) : ' +
        "prévenez l'administrateur, qui doit le restaurer depuis une sauvegarde.",
    );
  }
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

type Located = {
  id: string;
  name: string;
  size: number;
  in_table: boolean;
  pack: string | null;
  pack_offset: number | null;
};
const LOCATE = `id, name, size, content IS NOT NULL AS in_table, pack, pack_offset`;

export function fileStore(options: FileStoreOptions): FileStore {
  const { dir, fsync, engine } = options;
  const packDir = (schema: string, pack: string): string => join(dir ?? '', schema, pack.slice(0, 2));

  function fsyncPath(path: string): void {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** Writes the bytes end to end into a new pack; returns its name and each file's offset. */
  function writePack(schema: string, files: readonly { bytes: Uint8Array }[]): { pack: string; offsets: number[] } {
    const pack = randomUUID();
    const sub = packDir(schema, pack);
    mkdirSync(sub, { recursive: true });
    const offsets: number[] = [];
    // A fresh name never meets an existing file: no temporary name is needed, and a half-written pack
    // (process killed) has no committed row — an orphan the sweep removes.
    const fd = openSync(join(sub, pack), 'w');
    try {
      let at = 0;
      for (const f of files) {
        offsets.push(at);
        let done = 0;
        while (done < f.bytes.byteLength) done += writeSync(fd, f.bytes, done, f.bytes.byteLength - done, at + done);
        at += f.bytes.byteLength;
      }
      if (fsync) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (fsync) fsyncPath(sub);
    return { pack, offsets };
  }

  function readPack(schema: string, row: Located): Buffer {
    if (!dir || !row.pack || row.pack_offset === null)
      throw new StoredFileMissing(row.id, null, 'no content in the table and no FILES_DIR is set');
    const path = join(packDir(schema, row.pack), row.pack);
    const out = Buffer.allocUnsafe(row.size);
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (error) {
      throw new StoredFileMissing(
        row.id,
        path,
        `pack cannot be opened (${(error as { code?: string }).code ?? error})`,
      );
    }
    try {
      let done = 0;
      while (done < row.size) {
        const n = readSync(fd, out, done, row.size - done, row.pack_offset + done);
        if (n === 0) throw new StoredFileMissing(row.id, path, 'pack is shorter than its rows say (truncated)');
        done += n;
      }
    } finally {
      closeSync(fd);
    }
    return out;
  }

  async function readTableBytes(q: Queryable, schema: string, id: string, size: number): Promise<Buffer> {
    if (engine === 'postgres') {
      const { rows } = await q.query<{ content: Buffer }>(`SELECT content FROM ${schema}.files WHERE id = $1`, [id]);
      return rows[0]!.content;
    }
    const out = Buffer.allocUnsafe(size);
    for (let at = 0; at < size; at += SLICE) {
      const { rows } = await q.query<{ b64: string }>(
        `SELECT encode(substring(content from $2 for $3), 'base64') AS b64 FROM ${schema}.files WHERE id = $1`,
        [id, at + 1, SLICE],
      );
      out.write(rows[0]!.b64.replace(/\n/g, ''), at, 'base64');
    }
    return out;
  }

  const bytesOf = async (q: Queryable, schema: string, row: Located): Promise<Buffer> =>
    row.in_table ? readTableBytes(q, schema, row.id, row.size) : readPack(schema, row);

  return {
    dir,

    async insert(q, domain, files) {
      const schema = schemaOf(domain);
      if (files.length === 0) return [];
      const rows = files.map((f) => ({
        id: f.id ?? randomUUID(),
        name: f.name,
        mime: f.mime ?? 'application/pdf',
        bytes: asBuffer(f.bytes),
        sha256: f.sha256 ?? createHash('sha256').update(f.bytes).digest('hex'),
      }));
      const packed = dir ? writePack(schema, rows) : null;
      // In a pack the 6th value is the file's offset; in the table on PGlite it is base64 text the
      // server decodes (PGlite's bytea parameter path is byte by byte in JavaScript).
      const cast = packed ? '::bigint' : engine === 'pglite' ? '::text' : '::bytea';
      const content = packed ? 'NULL::bytea' : engine === 'pglite' ? `decode(v.c, 'base64')` : 'v.c';
      for (let from = 0; from < rows.length; from += ROWS_PER_INSERT) {
        const params: unknown[] = [packed?.pack ?? null];
        const values = rows.slice(from, from + ROWS_PER_INSERT).map((r, i) => {
          const c = packed ? packed.offsets[from + i] : engine === 'pglite' ? r.bytes.toString('base64') : r.bytes;
          params.push(r.id, r.name, r.mime, r.bytes.byteLength, r.sha256, c);
          const p = i * 6 + 1;
          return `($${p + 1}::uuid, $${p + 2}::text, $${p + 3}::text, $${p + 4}::int, $${p + 5}::text, $${p + 6}${cast})`;
        });
        await q.query(
          `INSERT INTO ${schema}.files (id, name, mime, size, sha256, content, pack, pack_offset)
           SELECT v.id, v.name, v.mime, v.size, v.sha, ${content}, $1::text, ${packed ? 'v.c' : 'NULL::bigint'}
             FROM (VALUES ${values.join(', ')}) AS v(id, name, mime, size, sha, c)`,
          params,
        );
      }
      return rows.map((r) => ({ id: r.id, size: r.bytes.byteLength, sha256: r.sha256 }));
    },

    async read(q, domain, id) {
      const schema = schemaOf(domain);
      const { rows } = await q.query<Located>(`SELECT ${LOCATE} FROM ${schema}.files WHERE id = $1`, [id]);
      const row = rows[0];
      if (!row) return null;
      return { id, name: row.name, bytes: await bytesOf(q, schema, row) };
    },

    async readMany(q, domain, ids) {
      const schema = schemaOf(domain);
      const out = new Map<string, Buffer>();
      if (ids.length === 0) return out;
      const { rows } = await q.query<Located>(`SELECT ${LOCATE} FROM ${schema}.files WHERE id = ANY($1::uuid[])`, [
        ids,
      ]);
      // Table rows of ordinary size in one statement (a merge reads parts 50 at a time), big ones in slices.
      const together = rows.filter((r) => r.in_table && r.size <= SLICE).map((r) => r.id);
      if (together.length) {
        const { rows: contents } = await q.query<{ id: string; content: Buffer | string }>(
          `SELECT id, ${engine === 'pglite' ? `encode(content, 'base64')` : 'content'} AS content
             FROM ${schema}.files WHERE id = ANY($1::uuid[])`,
          [together],
        );
        for (const c of contents)
          out.set(
            c.id,
            typeof c.content === 'string' ? Buffer.from(c.content.replace(/\n/g, ''), 'base64') : c.content,
          );
      }
      for (const row of rows) if (!out.has(row.id)) out.set(row.id, await bytesOf(q, schema, row));
      return out;
    },

    async remove(q, domain, ids) {
      if (ids.length === 0) return;
      await q.query(`DELETE FROM ${schemaOf(domain)}.files WHERE id = ANY($1::uuid[])`, [ids]);
    },

    async sweep(q, graceMs = SWEEP_GRACE_MS) {
      if (!dir) return 0;
      const before = Date.now() - graceMs;
      let removed = 0;
      for (const { schema } of DOMAIN_SCHEMAS) {
        const root = join(dir, schema);
        let subs: string[];
        try {
          subs = readdirSync(root);
        } catch {
          continue;
        }
        for (const sub of subs) {
          const old = readdirSync(join(root, sub)).filter((name) => {
            if (!UUID.test(name)) return false;
            try {
              return statSync(join(root, sub, name)).mtimeMs < before;
            } catch {
              return false;
            }
          });
          if (old.length === 0) continue;
          const { rows } = await q.query<{ pack: string }>(
            `SELECT DISTINCT pack FROM ${schema}.files WHERE pack = ANY($1::text[])`,
            [old],
          );
          const named = new Set(rows.map((r) => r.pack));
          for (const name of old.filter((n) => !named.has(n))) {
            try {
              unlinkSync(join(root, sub, name));
              removed += 1;
            } catch {
              // Already gone (another node's sweep).
            }
          }
        }
      }
      return removed;
    },
  };
}

/** The calls modules use: the store travels with the connection (`q.files`), in or out of a transaction. */
export const insertFiles = (q: Queryable, domain: DomainId, files: readonly NewFile[]): Promise<StoredFileRef[]> =>
  q.files.insert(q, domain, files);
export const readFile = (q: Queryable, domain: DomainId, id: string): Promise<StoredFile | null> =>
  q.files.read(q, domain, id);
export const readFiles = (q: Queryable, domain: DomainId, ids: readonly string[]): Promise<Map<string, Buffer>> =>
  q.files.readMany(q, domain, ids);
export const removeFiles = (q: Queryable, domain: DomainId, ids: readonly string[]): Promise<void> =>
  q.files.remove(q, domain, ids);
