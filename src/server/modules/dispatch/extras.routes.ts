/** Campaign extras: one document (read, file, retry, send), downloads and postal information. */
import {
  AssignIgnoredPageBody,
  DispatchedDocDetail,
  EditiqueInfos,
  IgnoredPagesAnswer,
  MergeDocsBody,
} from '../../../contract/dispatch.ts';
import { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import type { FastifyReply } from 'fastify';
import { type RouteTable, route } from '../../http/routes.ts';
import { getDispatchedDoc, retryDispatchedDoc, sendDispatchedDoc } from './docs.service.ts';
import { docFile, ignoredPages, mergeDocs, treatmentReport } from './downloads.service.ts';
import { assignIgnoredPage, listIgnoredPages } from './ignored.service.ts';
import { editiqueInfos } from './postal.ts';

const attachment = (reply: FastifyReply, type: string, name: string, body: Uint8Array | string) =>
  reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));

export const extraRoutes: RouteTable = {
  'campaigns.dispatchedDoc': route({
    response: DispatchedDocDetail,
    handle: ({ deps, session, params }) => getDispatchedDoc(deps.db, session, params.id ?? ''),
  }),
  'campaigns.dispatchedDocFile': route({
    handle: async ({ deps, session, params, reply }) => {
      const bytes = await docFile(deps.db, session, params.id ?? '');
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="document.pdf"')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  }),
  'campaigns.retryDispatchedDoc': route({
    response: DispatchedDocument,
    handle: ({ deps, session, params }) => retryDispatchedDoc(deps, session, params.id ?? ''),
  }),
  'campaigns.sendDispatchedDoc': route({
    response: DispatchedDocument,
    handle: ({ deps, session, params }) => sendDispatchedDoc(deps, session, params.id ?? ''),
  }),
  'campaigns.report': route({
    handle: async ({ deps, session, params, reply }) => {
      const { name, csv } = await treatmentReport(deps.db, session, params.id ?? '');
      return attachment(reply, 'text/csv; charset=utf-8', name, csv);
    },
  }),
  'campaigns.ignoredPages': route({
    handle: async ({ deps, session, params, reply }) =>
      attachment(reply, 'application/pdf', 'pages-ignorees.pdf', await ignoredPages(deps.db, session, params.id ?? '')),
  }),
  'campaigns.ignoredPagesList': route({
    response: IgnoredPagesAnswer,
    handle: ({ deps, session, params }) => listIgnoredPages(deps.db, session, params.id ?? ''),
  }),
  'campaigns.assignIgnoredPage': route({
    body: AssignIgnoredPageBody,
    response: Campaign,
    handle: ({ deps, session, params, body }) => assignIgnoredPage(deps, session, params.id ?? '', body),
  }),
  'campaigns.mergeDispatchedDocs': route({
    body: MergeDocsBody,
    handle: async ({ deps, session, params, body, reply }) =>
      attachment(
        reply,
        'application/pdf',
        'documents.pdf',
        await mergeDocs(deps.db, session, params.id ?? '', body ?? {}),
      ),
  }),
  'campaigns.editiqueInfos': route({
    response: EditiqueInfos,
    handle: ({ deps, session, params }) => editiqueInfos(deps.db, session, params.id ?? ''),
  }),
};
