/**
 * Masks and document types (seed 000 §3 Mask, 001 §7.8): one mask per organisation and document
 * type; a type "has a mask" for an organisation when the organisation or one of its ancestors has one.
 * Every organisation id from a caller goes through `visibleOrgIds` (foreign → 404).
 */
import { randomUUID } from 'node:crypto';
import type { DomainId } from '../../../contract/constants.ts';
import type { DocumentType, Mask } from '../../../contract/entities.ts';
import type { MaskIdentifier, MaskPageGrouping } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { MaskCreateJson, MaskListItem } from '../../../contract/masks.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { frenchText } from '../../http/french.ts';
import type { Sample } from './uploads.ts';
import { insertFiles, readFile, removeFiles } from '../../files/store.ts';

interface MaskRow {
  id: string;
  mask_name: string;
  org_id: string;
  doc_type: string;
  identifier: MaskIdentifier;
  grouping: MaskPageGrouping;
  zone: Mask['zone'] | string;
}

const MASK_COLUMNS = 'm.id, m.mask_name, m.org_id, m.doc_type, m.identifier, m.grouping, m.zone';

export const toMask = (r: MaskRow): Mask => ({
  id: r.id,
  maskName: r.mask_name,
  orgId: r.org_id,
  docType: r.doc_type,
  identifier: r.identifier,
  grouping: r.grouping,
  zone: typeof r.zone === 'string' ? (JSON.parse(r.zone) as Mask['zone']) : r.zone,
});

/** 404 unless the session sees `orgId`. */
export async function assertOrgVisible(q: Queryable, session: SessionContext, orgId: string): Promise<void> {
  if (!isUuid(orgId) || !(await visibleOrgIds(q, session)).includes(orgId)) throw notFound();
}

export async function listMasks(q: Queryable, session: SessionContext): Promise<MaskListItem[]> {
  const s = schemaOf(session.domain);
  const visible = await visibleOrgIds(q, session);
  const { rows } = await q.query<MaskRow & { label: string; org_name: string; samples: number }>(
    `SELECT ${MASK_COLUMNS}, d.label, o.name AS org_name,
            (SELECT count(*)::int FROM ${s}.mask_samples ms WHERE ms.mask_id = m.id) AS samples
       FROM ${s}.masks m
       JOIN ${s}.doc_types d ON d.code = m.doc_type
       JOIN ${s}.organizations o ON o.id = m.org_id
      WHERE m.org_id = ANY($1::uuid[])
      ORDER BY d.label, o.name, m.id`,
    [visible],
  );
  return rows.map((r) => ({ ...toMask(r), docTypeLabel: r.label, orgName: r.org_name, sampleCount: r.samples }));
}

/** The mask that applies to `docType` for `orgId`: its own, else the nearest ancestor's. */
export async function findMask(q: Queryable, domain: DomainId, orgId: string, docType: string): Promise<Mask | null> {
  const s = schemaOf(domain);
  const { rows } = await q.query<MaskRow>(
    `WITH RECURSIVE up(id, depth) AS (
       SELECT $1::uuid, 0
       UNION ALL
       SELECT o.parent_id, up.depth + 1 FROM ${s}.organizations o JOIN up ON o.id = up.id WHERE o.parent_id IS NOT NULL
     )
     SELECT ${MASK_COLUMNS} FROM ${s}.masks m JOIN up ON up.id = m.org_id
      WHERE m.doc_type = $2 ORDER BY up.depth, m.created_at DESC LIMIT 1`,
    [orgId, docType],
  );
  return rows[0] ? toMask(rows[0]) : null;
}

/** Document types that have a mask for `orgId` (its own or an ancestor's). */
export async function maskedDocTypes(q: Queryable, domain: DomainId, orgId: string): Promise<Set<string>> {
  const s = schemaOf(domain);
  const { rows } = await q.query<{ doc_type: string }>(
    `WITH RECURSIVE up(id) AS (
       SELECT $1::uuid
       UNION ALL
       SELECT o.parent_id FROM ${s}.organizations o JOIN up ON o.id = up.id WHERE o.parent_id IS NOT NULL
     )
     SELECT DISTINCT m.doc_type FROM ${s}.masks m JOIN up ON up.id = m.org_id`,
    [orgId],
  );
  return new Set(rows.map((r) => r.doc_type));
}

export async function getDocType(q: Queryable, session: SessionContext, code: string): Promise<DocumentType> {
  const s = schemaOf(session.domain);
  const { rows } = await q.query<{ code: string; label: string }>(
    `SELECT code, label FROM ${s}.doc_types WHERE code = $1`,
    [code],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const masked = await maskedDocTypes(q, session.domain, session.currentOrgId);
  return { code: row.code, label: row.label, hasMask: masked.has(row.code) };
}

const unknownDocType = (): ApiFailure =>
  new ApiFailure(
    400,
    ERROR_KEYS.maskUnknownDocType,
    frenchText(ERROR_KEYS.maskUnknownDocType),
    [frenchText(ERROR_KEYS.maskUnknownDocType)],
    { docType: ERROR_KEYS.maskUnknownDocType },
  );

export const sampleRequired = (): ApiFailure =>
  new ApiFailure(400, ERROR_KEYS.maskSampleRequired, frenchText(ERROR_KEYS.maskSampleRequired), undefined, {
    file: ERROR_KEYS.maskSampleRequired,
  });

export const zoneOutside = (): ApiFailure =>
  new ApiFailure(400, ERROR_KEYS.maskZoneOutsidePage, frenchText(ERROR_KEYS.maskZoneOutsidePage), undefined, {
    zone: ERROR_KEYS.maskZoneOutsidePage,
  });

/**
 * The zone must have a size and lie inside page `zone.page` of a sample (the page it was drawn
 * on; samples of other sizes or shorter ones are allowed beside it).
 */
export function assertZoneOnSamples(zone: Mask['zone'], samples: readonly Sample[]): void {
  const { page, x, y, width, height } = zone;
  const fits = samples.some((sample) => {
    const size = Number.isInteger(page) && page >= 1 ? sample.info.pageSizes[page - 1] : undefined;
    return size !== undefined && x >= 0 && y >= 0 && x + width <= size.width + 0.5 && y + height <= size.height + 0.5;
  });
  if (width <= 0 || height <= 0 || !fits) throw zoneOutside();
}

/** Replaces the organisation's mask for the type (one per organisation and type), samples included. */
export async function createMask(
  db: Pick<Db, 'tx'>,
  session: SessionContext,
  json: MaskCreateJson,
  samples: readonly Sample[],
): Promise<Mask> {
  const s = schemaOf(session.domain);
  return db.tx(async (q) => {
    await assertOrgVisible(q, session, json.orgId);
    // Serialises two saves for the same organisation: the second one then replaces the first.
    await q.query(`SELECT 1 FROM ${s}.organizations WHERE id = $1 FOR UPDATE`, [json.orgId]);
    const known = await q.query(`SELECT 1 FROM ${s}.doc_types WHERE code = $1`, [json.docType]);
    if (known.rows.length === 0) throw unknownDocType();
    if (samples.length === 0) throw sampleRequired();
    assertZoneOnSamples(json.zone, samples);

    const old = await q.query<{ id: string }>(`SELECT id FROM ${s}.masks WHERE org_id = $1 AND doc_type = $2`, [
      json.orgId,
      json.docType,
    ]);
    const oldIds = old.rows.map((r) => r.id);
    if (oldIds.length > 0) {
      const files = await q.query<{ file_id: string }>(
        `DELETE FROM ${s}.mask_samples WHERE mask_id = ANY($1::uuid[]) RETURNING file_id`,
        [oldIds],
      );
      await q.query(`DELETE FROM ${s}.masks WHERE id = ANY($1::uuid[])`, [oldIds]);
      await removeFiles(
        q,
        session.domain,
        files.rows.map((r) => r.file_id),
      );
    }
    const id = randomUUID();
    await q.query(
      `INSERT INTO ${s}.masks (id, mask_name, org_id, doc_type, identifier, grouping, zone)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [id, json.maskName.trim(), json.orgId, json.docType, json.identifier, json.grouping, JSON.stringify(json.zone)],
    );
    const stored = await insertFiles(
      q,
      session.domain,
      samples.map((sample) => ({ name: sample.name, bytes: sample.bytes })),
    );
    for (const [index, file] of stored.entries())
      await q.query(`INSERT INTO ${s}.mask_samples (mask_id, position, file_id) VALUES ($1, $2, $3)`, [
        id,
        index + 1,
        file.id,
      ]);
    const { zone, identifier, grouping, docType, orgId } = json;
    return { id, maskName: json.maskName.trim(), orgId, docType, identifier, grouping, zone };
  });
}

/** A stored sample of a visible mask: name and bytes; 404 otherwise. */
export async function maskSample(
  q: Queryable,
  session: SessionContext,
  maskId: string,
  position: number,
): Promise<{ name: string; content: Uint8Array }> {
  const s = schemaOf(session.domain);
  if (!isUuid(maskId) || !Number.isInteger(position)) throw notFound();
  const visible = await visibleOrgIds(q, session);
  const { rows } = await q.query<{ file_id: string }>(
    `SELECT ms.file_id FROM ${s}.masks m
       JOIN ${s}.mask_samples ms ON ms.mask_id = m.id AND ms.position = $2
      WHERE m.id = $1 AND m.org_id = ANY($3::uuid[])`,
    [maskId, position, visible],
  );
  const file = rows[0] && (await readFile(q, session.domain, rows[0].file_id));
  if (!file) throw notFound();
  return { name: file.name, content: file.bytes };
}
