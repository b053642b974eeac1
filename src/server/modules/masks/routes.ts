/** Masks and document types: `GET/POST mask`, `GET /doc-types/{code}`, and the editor's two extensions. */
import { Schema as S } from 'effect';
import { DocumentType, Mask } from '../../../contract/entities.ts';
import { MaskCreateJson, MaskListItem, MaskPreviewAnswer, MaskPreviewJson } from '../../../contract/masks.ts';
import { type RouteTable, route } from '../../http/routes.ts';
import { previewMask } from './preview.ts';
import { createMask, getDocType, listMasks, maskSample } from './service.ts';
import { readMaskUpload } from './uploads.ts';

/** `filename="…"` safe for any name (RFC 5987 for the non-ASCII part). */
const disposition = (name: string): string =>
  `inline; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const maskRoutes: RouteTable = {
  'masks.list': route({
    response: S.Array(MaskListItem),
    handle: ({ deps, session }) => listMasks(deps.db, session),
  }),
  'masks.create': route({
    response: Mask,
    async handle({ req, deps, session }) {
      const { json, samples } = await readMaskUpload(req, MaskCreateJson);
      return createMask(deps.db, session, json, samples);
    },
  }),
  'masks.preview': route({
    response: MaskPreviewAnswer,
    async handle({ req, deps, session }) {
      const { json, samples } = await readMaskUpload(req, MaskPreviewJson);
      return previewMask(deps.db, session, json, samples);
    },
  }),
  'masks.sample': route({
    async handle({ deps, session, params, reply }) {
      const sample = await maskSample(deps.db, session, params.id ?? '', Number(params.position));
      return reply
        .type('application/pdf')
        .header('content-disposition', disposition(sample.name))
        .send(Buffer.from(sample.content));
    },
  }),
  'documents.docType': route({
    response: DocumentType,
    handle: ({ deps, session, params }) => getDocType(deps.db, session, params.code ?? ''),
  }),
};
