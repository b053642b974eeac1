/**
 * `POST /doc/pdf/archive` → `documents.zip`: the documents of a selection (`ids`) or of a filter,
 * streamed as the zip is built. The rows (names, employees, periods, SHA-256) are read first — a
 * few hundred bytes each — and each file's bytes only when its turn comes (`addReadStreamLazy`), so
 * whatever the count, a few files at a time are in memory (READ_AHEAD_FILES, READ_AHEAD_BYTES); the reply's back-pressure paces the reads.
 * PDFs are already compressed: entries are stored, not deflated. `manifest.csv` opens the zip.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import { DOCUMENT_ARCHIVE_MAX_DOCUMENTS, type DocumentArchiveBody } from '../../../contract/documents.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { Queryable } from '../../db/db.ts';
import { readFile } from '../../files/store.ts';
import { ApiFailure } from '../../http/errors.ts';
import { type Session, addFilter, visibleIdsWhere, visibleWhere } from './query.ts';
import { type DocumentRow, selectRows } from './read.service.ts';

/** Files read ahead of the one streaming, at most (and at most this many bytes: PDFs go up to 10 MB). */
const READ_AHEAD_FILES = 4;
const READ_AHEAD_BYTES = 8 * 1024 * 1024;

export interface Archive {
  readonly stream: NodeJS.ReadableStream;
  readonly count: number;
  /** The documents' stored sizes added up: the zip is this plus its headers and manifest (a progress bar's total). */
  readonly bytes: number;
}

const csvCell = (value: string): string => {
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A name usable inside a zip on every system, unique within it (« nom (2).pdf »). */
function entryNames(rows: readonly DocumentRow[]): string[] {
  const seen = new Set<string>(['manifest.csv']);
  return rows.map((r) => {
    const raw =
      // eslint-disable-next-line no-control-regex
      (r.file_name ?? `${r.description}.pdf`).replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'document.pdf';
    const base = /\.pdf$/i.test(raw) ? raw.slice(0, -4) : raw;
    let name = `${base}.pdf`;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${base} (${n}).pdf`;
    seen.add(name.toLowerCase());
    return name;
  });
}

const period = (r: DocumentRow): string =>
  r.period_start || r.period_end ? `${r.period_start ?? ''}/${r.period_end ?? ''}` : '';

export async function buildArchive(q: Queryable, session: Session, body: DocumentArchiveBody): Promise<Archive> {
  const asked = body.ids ? [...new Set(body.ids.map((id) => id.toLowerCase()))] : null;
  if (!asked && !body.filter) throw new ApiFailure(400, ERROR_KEYS.badRequest, undefined, ['ids or filter']);
  if (asked && asked.length === 0) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const where = asked
    ? await visibleIdsWhere(q, session, asked)
    : addFilter(await visibleWhere(q, session), body.filter!);
  const rows = await selectRows(q, where, `LIMIT ${DOCUMENT_ARCHIVE_MAX_DOCUMENTS + 1}`);
  if (rows.length > DOCUMENT_ARCHIVE_MAX_DOCUMENTS)
    throw new ApiFailure(400, ERROR_KEYS.documentArchiveTooMany, undefined, [String(DOCUMENT_ARCHIVE_MAX_DOCUMENTS)]);
  // Nothing the session may see: the same 404 as ids that do not exist.
  if (rows.length === 0) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const names = entryNames(rows);
  const skipped = asked ? asked.length - rows.length : 0;
  const lines = [
    ['nom', 'salarié', 'période', 'sha256'].join(';'),
    ...rows.map((r, i) =>
      [names[i]!, [r.employee_first_name, r.employee_name].filter(Boolean).join(' '), period(r), r.sha256 ?? '']
        .map(csvCell)
        .join(';'),
    ),
    ...(skipped === 1 ? ['# 1 document demandé non inclus (introuvable ou hors de vos droits)'] : []),
    ...(skipped > 1 ? [`# ${skipped} documents demandés non inclus (introuvables ou hors de vos droits)`] : []),
  ];
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  // UTF-8 with its byte order mark, so spreadsheets read the accents.
  zip.addBuffer(Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8'), 'manifest.csv', { mtime, compress: true });
  // The next files are read while this one streams (their CRC and the socket's pace overlap the
  // database's round trips; on PostgreSQL, where the bytes are rows, the pool reads them side by
  // side): at most READ_AHEAD_FILES files or READ_AHEAD_BYTES ahead of the one streaming.
  const reads = new Map<number, Promise<Buffer | null>>();
  const read = (i: number): Promise<Buffer | null> => {
    let bytes = reads.get(i);
    if (!bytes) {
      const fileId = rows[i]?.file_id;
      bytes = fileId ? readFile(q, session.domain, fileId).then((file) => file?.bytes ?? null) : Promise.resolve(null);
      // A read ahead whose entry never comes (the download was cancelled) must not fail the process.
      bytes.catch(() => undefined);
      reads.set(i, bytes);
    }
    return bytes;
  };
  const readAhead = (from: number): void => {
    let ahead = 0;
    for (let j = from; j < rows.length && j < from + READ_AHEAD_FILES; j++) {
      ahead += rows[j]!.size ?? 0;
      if (j > from && ahead > READ_AHEAD_BYTES) break;
      void read(j);
    }
  };
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(names[i]!, { mtime: new Date(row.deposited_at), compress: false }, (cb) => {
      const bytes = read(i);
      reads.delete(i);
      readAhead(i + 1);
      bytes.then(
        (file) => cb(null, Readable.from(file ? [file] : [])),
        (error: unknown) => cb(error, Readable.from([])),
      );
    });
  });
  zip.end();
  return { stream: zip.outputStream, count: rows.length, bytes: rows.reduce((sum, r) => sum + (r.size ?? 0), 0) };
}
