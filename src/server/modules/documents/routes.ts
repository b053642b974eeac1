/** The documents archive's calls (seed 001 §7.3); every one reads through the visibility predicate (query.ts). */
import type { FastifyReply } from 'fastify';
import {
  DocumentArchiveBody,
  DocumentDetail,
  DocumentPage,
  DocumentSearchBody,
  DocumentSenders,
  DocumentStats,
  DocumentSummary,
  UploadDocumentsResult,
} from '../../../contract/documents.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { readFile } from '../../files/store.ts';
import { ApiFailure } from '../../http/errors.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { buildArchive } from './archive.ts';
import { attestationName, attestationPdf } from './attestation.ts';
import {
  documentSenders,
  documentStats,
  getDocument,
  listDocuments,
  setRead,
  visibleDocument,
} from './read.service.ts';
import { readDocumentsUpload } from './upload.ts';
import { uploadDocuments } from './upload.service.ts';

/** `filename="…"` safe for any name (RFC 5987 for the non-ASCII part). */
const disposition = (kind: 'inline' | 'attachment', name: string): string =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const sendPdf = (reply: FastifyReply, kind: 'inline' | 'attachment', name: string, bytes: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', disposition(kind, name))
    .header('cache-control', 'private, no-store')
    .send(bytes);

export const documentRoutes: RouteTable = {
  'documents.list': route({
    body: DocumentSearchBody,
    response: DocumentPage,
    handle: ({ deps, session, body }) => listDocuments(deps.db, session, body),
  }),
  'documents.get': route({
    response: DocumentDetail,
    handle: ({ deps, session, params }) => getDocument(deps.db, session, params.id ?? ''),
  }),
  'documents.senders': route({
    response: DocumentSenders,
    handle: ({ deps, session }) => documentSenders(deps.db, session),
  }),
  'documents.stats': route({
    response: DocumentStats,
    handle: ({ deps, session }) => documentStats(deps.db, session),
  }),
  'documents.setRead': route({
    response: DocumentSummary,
    handle: ({ deps, session, params }) => setRead(deps.db, session, params.id ?? ''),
  }),
  'documents.pdf': route({
    handle: async ({ deps, session, params, reply }) => {
      const row = await visibleDocument(deps.db, session, params.id ?? '');
      const file = row.file_id ? await readFile(deps.db, session.domain, row.file_id) : null;
      if (!file) throw new ApiFailure(404, ERROR_KEYS.notFound);
      return sendPdf(reply, 'inline', row.file_name ?? file.name, file.bytes);
    },
  }),
  /** The PDF itself, inline (the screen renders it with pdf.js, page by page); `description` is cosmetic. */
  'documents.preview': route({
    handle: async ({ deps, session, params, reply }) => {
      const row = await visibleDocument(deps.db, session, params.id ?? '');
      const file = row.file_id ? await readFile(deps.db, session.domain, row.file_id) : null;
      if (!file) throw new ApiFailure(404, ERROR_KEYS.notFound);
      return sendPdf(reply, 'inline', row.file_name ?? file.name, file.bytes);
    },
  }),
  'documents.attestation': route({
    handle: async ({ deps, session, params, reply }) => {
      const row = await visibleDocument(deps.db, session, params.id ?? '');
      const bytes = await attestationPdf(deps.db, session.domain, row);
      return sendPdf(reply, 'attachment', attestationName(row.file_name ?? `${row.description}.pdf`), bytes);
    },
  }),
  'documents.archive': route({
    body: DocumentArchiveBody,
    handle: async ({ deps, session, body, reply }) => {
      const archive = await buildArchive(deps.db, session, body);
      return (
        reply
          .type('application/zip')
          .header('content-disposition', disposition('attachment', 'documents.zip'))
          .header('cache-control', 'private, no-store')
          .header('x-document-count', String(archive.count))
          // The length is unknown until the last entry (streamed): the files' sizes let the screen show progress.
          .header('x-document-bytes', String(archive.bytes))
          .send(archive.stream)
      );
    },
  }),
  'documents.upload': route({
    response: UploadDocumentsResult,
    handle: async ({ deps, session, req }) => uploadDocuments(deps, session, await readDocumentsUpload(req)),
  }),
};
