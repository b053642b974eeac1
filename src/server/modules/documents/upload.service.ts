/**
 * Stores an upload's slips (seed 000 §5): every slip checked first (organisation visible, type
 * known, employee of the organisation's company and visible when the document is for their safe),
 * then files and rows written in ONE transaction — all slips or none. The rows must pass the
 * uploader's own visibility predicate: nobody deposits a document they could not read back.
 */
import { randomUUID } from 'node:crypto';
import type { UploadDocumentsResult } from '../../../contract/documents.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import { schemaOf } from '../../db/db.ts';
import { insertFiles } from '../../files/store.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { Deps } from '../../http/routes.ts';
import { companySubscription } from '../hrdesk/subscription.ts';
import { publishDeposited } from './push.ts';
import { visibleIdsWhere } from './query.ts';
import { selectRows, toSummary } from './read.service.ts';
import { type DocumentsUpload, slipFailure } from './upload.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function uploadDocuments(
  deps: Deps,
  session: SessionContext,
  upload: DocumentsUpload,
): Promise<UploadDocumentsResult> {
  const { body, files } = upload;
  const s = schemaOf(session.domain);
  const result = await deps.db.tx(async (q) => {
    const visible = await visibleOrgIds(q, session);
    if (!visible.includes(body.organizationId.toLowerCase())) throw new ApiFailure(404, ERROR_KEYS.notFound);
    const sub = await companySubscription(q, session.domain, body.organizationId, session.userId);
    if (sub.trialOver) throw new ApiFailure(403, ERROR_KEYS.trialOver);
    const { rows: org } = await q.query<{ name: string }>(`SELECT name FROM ${s}.organizations WHERE id = $1`, [
      body.organizationId,
    ]);
    const types = new Set(
      (
        await q.query<{ code: string }>(`SELECT code FROM ${s}.doc_types WHERE code = ANY($1::text[])`, [
          body.slips.map((slip) => slip.typeCode),
        ])
      ).rows.map((r) => r.code),
    );
    const employeeIds = body.slips.flatMap((slip) => (slip.employeeId ? [slip.employeeId.toLowerCase()] : []));
    // The employees of the organisation's company that the session sees (linked to a visible organisation).
    const { rows: known } = await q.query<{ id: string }>(
      `SELECT e.id FROM ${s}.employees e
        WHERE e.id = ANY($1::uuid[]) AND e.company_id = ${s}.company_of($2::uuid)
          AND EXISTS (SELECT 1 FROM ${s}.employee_organizations eo
                       WHERE eo.employee_id = e.id AND eo.organization_id = ANY($3::uuid[]))`,
      [employeeIds, body.organizationId, visible],
    );
    const employees = new Set(known.map((r) => r.id));
    for (const slip of body.slips) {
      if (!types.has(slip.typeCode)) throw slipFailure(ERROR_KEYS.documentUnknownType, slip.id);
      if (slip.destination === 'EMPLOYEE_SAFE' && !slip.employeeId)
        throw slipFailure(ERROR_KEYS.documentEmployeeRequired, slip.id);
      if (slip.employeeId && !employees.has(slip.employeeId.toLowerCase()))
        throw slipFailure(ERROR_KEYS.documentEmployeeNotFound, slip.id);
      for (const day of [slip.periodStart, slip.periodEnd, slip.emissionDate])
        if (day && !ISO_DAY.test(day)) throw slipFailure(ERROR_KEYS.badRequest, slip.id);
      if (slip.periodStart && slip.periodEnd && slip.periodStart > slip.periodEnd)
        throw slipFailure(ERROR_KEYS.badRequest, slip.id);
    }
    const stored = await insertFiles(
      q,
      session.domain,
      body.slips.map((slip) => ({
        name: pdfName(files.get(slip.id)!.name, slip.description),
        bytes: files.get(slip.id)!.bytes,
      })),
    );
    const ids = body.slips.map(() => randomUUID());
    for (const [i, slip] of body.slips.entries()) {
      await q.query(
        `INSERT INTO ${s}.documents (id, organization_id, employee_id, type_code, description, meta_datas, emission_date,
           transmitter, period_start, period_end, destination, keywords, file_id, source, deposited_by, page_count)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12::text[], $13, 'upload', $14, $15)`,
        [
          ids[i],
          body.organizationId,
          slip.destination === 'EMPLOYEE_SAFE' ? slip.employeeId : null,
          slip.typeCode,
          slip.description.trim() || files.get(slip.id)!.name,
          JSON.stringify(slip.metaDatas ?? []),
          slip.emissionDate ?? null,
          org[0]?.name ?? null,
          slip.periodStart ?? null,
          slip.periodEnd ?? null,
          slip.destination,
          [...new Set((slip.keywords ?? []).map((k) => k.trim()).filter(Boolean))],
          stored[i]!.id,
          session.userId,
          files.get(slip.id)!.pages,
        ],
      );
    }
    const rows = await selectRows(q, await visibleIdsWhere(q, session, ids));
    if (rows.length !== ids.length) throw new ApiFailure(403, ERROR_KEYS.documentOutsideRules);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return body.slips.map((slip, i) => ({ slipId: slip.id, document: toSummary(byId.get(ids[i]!)!) }));
  });
  publishDeposited(deps.push, session.domain, body.organizationId, 'upload');
  return { documents: result };
}

/** The stored file's name: the uploaded one, else the slip's description, always `….pdf`. */
function pdfName(uploaded: string, description: string): string {
  const base = (uploaded.includes(':') ? description : uploaded) || description || 'document';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}
