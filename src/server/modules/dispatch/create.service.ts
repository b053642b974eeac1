/**
 * Campaign creation (`POST /dispatch`, `POST /dispatch/manual`): the rules are checked, then the
 * files, the sources (in upload order, then documents taken from the safe), and the campaign row
 * with the campaign machine's initial snapshot are written in ONE transaction, so a refusal leaves
 * nothing behind. The split job then starts (through the queue when there is one).
 */
import { randomUUID } from 'node:crypto';
import { Either, Schema } from 'effect';
import { initialTransition } from 'xstate';
import { type Campaign, CampaignCreateJson } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure, notFound } from '../../http/errors.ts';
import { assertCleanInput } from '../../http/input.ts';
import type { Deps } from '../../http/routes.ts';
import { campaignMachine, persist, statusOf } from '../../../../machines/campaign/index.ts';
import { campaignById } from './campaign.repo.ts';
import {
  checkDocTypes,
  checkManualRecipients,
  checkUsersToNotify,
  chosenRecipients,
  safeDocuments,
} from './create.rules.ts';
import type { CreationUpload } from './create.upload.ts';
import { publishCampaign } from './push.ts';
import { startSplit } from './split.jobs.ts';
import { insertFiles } from '../../files/store.ts';

export type CreationMode = 'automatic' | 'manual';

interface Source {
  readonly name: string;
  readonly typeCode: string;
  readonly fileId: string;
  readonly pages: number;
  /** Bytes to store; absent for a document already in the safe (its file is reused). */
  readonly bytes?: Buffer;
}

export function decodeCreationJson(json: unknown): CampaignCreateJson {
  assertCleanInput(json);
  const decoded = Schema.decodeUnknownEither(CampaignCreateJson)(json, { onExcessProperty: 'ignore' });
  if (Either.isLeft(decoded))
    throw new ApiFailure(400, ERROR_KEYS.badRequest, undefined, undefined, { json: ERROR_KEYS.badRequest });
  return decoded.right;
}

/** The type of each uploaded file: its own entry of `files` (manual route), else the campaign's. */
const typeOfFile = (json: CampaignCreateJson, name: string, index: number): string => {
  const entries = json.files ?? [];
  const own = entries[index]?.name === name ? entries[index] : entries.find((f) => f.name === name);
  return own?.docTypeCode ?? json.docTypeCode;
};

async function insertCampaign(
  q: Queryable,
  session: SessionContext,
  json: CampaignCreateJson,
  mode: CreationMode,
  sources: readonly Source[],
  recipientsCount: number,
): Promise<string> {
  const s = schemaOf(session.domain);
  const id = randomUUID();
  await insertFiles(
    q,
    session.domain,
    sources.flatMap((source) => (source.bytes ? [{ id: source.fileId, name: source.name, bytes: source.bytes }] : [])),
  );
  const [initial] = initialTransition(campaignMachine);
  await q.query(
    `INSERT INTO ${s}.campaigns (id, organization_id, name, doc_name, status, machine_state, doc_type_code, review,
       automatic_recipients, on_refuse, on_error, users_to_notify, recipients_count, pages_total, source_file_id,
       created_by, emp_ids, group_ids, doc_ids)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10, $11, $12::uuid[], $13, $14, $15, $16,
       $17::uuid[], $18::uuid[], $19::uuid[])`,
    [
      id,
      session.currentOrgId,
      json.name.trim(),
      json.docName?.trim() || json.name.trim(),
      statusOf(initial),
      JSON.stringify(persist(initial)),
      sources[0]!.typeCode,
      json.review,
      mode === 'automatic',
      json.onRefuse,
      json.onError,
      [...new Set(json.usersToNotify)],
      recipientsCount,
      sources.reduce((sum, source) => sum + source.pages, 0),
      sources[0]!.fileId,
      session.userId,
      [...new Set(json.empIds)],
      [...new Set(json.groupIds)],
      [...new Set(json.docIds)],
    ],
  );
  for (const [position, source] of sources.entries()) {
    await q.query(
      `INSERT INTO ${s}.campaign_sources (id, campaign_id, position, name, doc_type_code, file_id, pages)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [randomUUID(), id, position, source.name, source.typeCode, source.fileId, source.pages],
    );
  }
  return id;
}

export async function createCampaign(
  deps: Deps,
  session: SessionContext,
  mode: CreationMode,
  upload: CreationUpload,
): Promise<Campaign> {
  const json = decodeCreationJson(upload.json);
  if (!json.name.trim())
    throw new ApiFailure(400, ERROR_KEYS.badRequest, undefined, undefined, { name: 'validation.required' });
  const id = await deps.db.tx(async (q) => {
    const visible = await visibleOrgIds(q, session);
    if (!visible.includes(session.currentOrgId)) throw notFound();
    const fromSafe = await safeDocuments(q, session, visible, json.docIds);
    const sources: Source[] = [
      ...upload.files.map((file, index) => ({
        name: file.name,
        typeCode: typeOfFile(json, file.name, index),
        fileId: randomUUID(),
        pages: file.pages,
        bytes: file.bytes,
      })),
      ...fromSafe.map((doc) => ({ name: doc.name, typeCode: doc.typeCode, fileId: doc.fileId, pages: 0 })),
    ];
    if (!sources.length)
      throw new ApiFailure(400, ERROR_KEYS.campaignNoDocument, undefined, undefined, {
        file: ERROR_KEYS.campaignNoDocument,
      });
    await checkDocTypes(q, session, [json.docTypeCode, ...sources.map((src) => src.typeCode)], mode === 'automatic');
    const recipients = await chosenRecipients(q, session, visible, json);
    if (mode === 'manual') checkManualRecipients(recipients);
    await checkUsersToNotify(q, session, json.usersToNotify, session.currentOrgId);
    return insertCampaign(q, session, json, mode, sources, mode === 'manual' ? recipients.length : 0);
  });
  await publishCampaign(deps, session.domain, id);
  await startSplit(deps, { domain: session.domain, campaignId: id });
  const campaign = await campaignById(deps.db, session.domain, id);
  if (!campaign) throw notFound();
  return campaign;
}
