/**
 * Signbook rows and their signatories, read in one place: the scoped load (foreign id → 404), the
 * machine snapshot of a row (persisted, or restored from status and signatories for seeded rows),
 * and the view a caller gets (`SignbookView`, with what the session user may do).
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { SignatoryState, SignatoryType, SignatureCodeMode, SignbookStatus } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { SignbookView } from '../../../contract/signbook.ts';
import { SIGNATURE_CODE } from '../../../contract/signbook.ts';
import {
  type PersistedSignbookState,
  type SignbookSnapshot,
  restoreSnapshot,
  snapshotFor,
  stepOf,
} from '../../../../machines/signbook/index.ts';
import { effectiveFeaturesSql } from '../../auth/rights.ts';
import { isUuid, visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';

export interface SignbookRow {
  id: string;
  organization_id: string;
  organization_name: string;
  template_id: string | null;
  name: string;
  status: SignbookStatus;
  machine_state: PersistedSignbookState | null;
  send_to_personal_safe: boolean;
  current_step: number;
  file_id: string | null;
  file_name: string | null;
  signed_file_id: string | null;
  doc_type_code: string | null;
  created_by: string | null;
  created_at: string;
  completed_at: string | null;
  sha256_before: string | null;
  sha256_after: string | null;
  sealed_at: string | null;
  seal_error: string | null;
}

export interface SignatoryRow {
  id: string;
  signbook_id: string;
  step_index: number;
  position: number;
  type: SignatoryType;
  employee_id: string | null;
  user_id: string | null;
  name: string;
  first_name: string;
  email: string | null;
  phone: string | null;
  state: SignatoryState;
  signed_at: string | null;
  refusal_reason: string | null;
  code_channel: SignatureCodeMode | null;
}

/** Who acts: a session user, or a guest signatory holding a signing link (`signatoryId`, no user). */
export type Who = Pick<SessionContext, 'userId' | 'domain'> & { readonly signatoryId?: string | null };

const SELECT = (s: string) => `
  SELECT b.*, o.name AS organization_name, f.name AS file_name
    FROM ${s}.signbooks b JOIN ${s}.organizations o ON o.id = b.organization_id
    LEFT JOIN ${s}.files f ON f.id = b.file_id`;

export async function rowsByIds(q: Queryable, domain: DomainId, ids: readonly string[]): Promise<SignbookRow[]> {
  const { rows } = await q.query<SignbookRow>(`${SELECT(schemaOf(domain))} WHERE b.id = ANY($1::uuid[])`, [ids]);
  return rows;
}

export async function signatoriesOf(q: Queryable, domain: DomainId, ids: readonly string[]): Promise<SignatoryRow[]> {
  const { rows } = await q.query<SignatoryRow>(
    `SELECT * FROM ${schemaOf(domain)}.signatories WHERE signbook_id = ANY($1::uuid[])
      ORDER BY step_index, position, id`,
    [ids],
  );
  return rows;
}

/** The row by id, locked when `forUpdate`; null when absent. */
export async function signbookRow(q: Queryable, domain: DomainId, id: string, forUpdate = false) {
  if (!isUuid(id)) return null;
  const s = schemaOf(domain);
  if (forUpdate) await q.query(`SELECT id FROM ${s}.signbooks WHERE id = $1 FOR UPDATE`, [id]);
  return (await rowsByIds(q, domain, [id]))[0] ?? null;
}

/** The signbook if the caller sees its organisation or signs it; else 404 (nothing leaks). */
export async function scopedRow(q: Queryable, who: Who, id: string, forUpdate = false) {
  const row = await signbookRow(q, who.domain, id, forUpdate);
  if (!row) throw new ApiFailure(404, ERROR_KEYS.notFound);
  const signatories = await signatoriesOf(q, who.domain, [row.id]);
  const signs = signatories.some((g) => g.user_id === who.userId || g.id === who.signatoryId);
  if (!signs && !(await visibleOrgIds(q, who)).includes(row.organization_id)) {
    throw new ApiFailure(404, ERROR_KEYS.notFound);
  }
  return { row, signatories };
}

/** The signbook if the caller sees its organisation (managing: update, delete, retry); else 404. */
export async function managedRow(q: Queryable, who: Who, id: string, forUpdate = false) {
  const row = await signbookRow(q, who.domain, id, forUpdate);
  if (!row || !(await visibleOrgIds(q, who)).includes(row.organization_id)) {
    throw new ApiFailure(404, ERROR_KEYS.notFound);
  }
  return { row, signatories: await signatoriesOf(q, who.domain, [row.id]) };
}

export function snapshotOf(row: SignbookRow, signatories: readonly SignatoryRow[]): SignbookSnapshot {
  if (row.machine_state) return restoreSnapshot(row.machine_state);
  const steps: string[][] = [];
  for (const g of signatories) (steps[g.step_index] ??= []).push(g.id);
  return snapshotFor(row.status, {
    steps: steps.map((ids) => ids ?? []),
    signed: signatories.filter((g) => g.state === 'signed').map((g) => g.id),
    refusedBy: signatories.find((g) => g.state === 'refused')?.id ?? null,
  });
}

/** The session user's signatory row (the earliest unsigned one when they sign twice). */
export const mySignatory = (
  signatories: readonly SignatoryRow[],
  who: Pick<Who, 'userId' | 'signatoryId'>,
): SignatoryRow | null =>
  who.signatoryId
    ? (signatories.find((g) => g.id === who.signatoryId) ?? null)
    : (signatories.find((g) => g.user_id === who.userId && g.state === 'waiting') ??
      signatories.find((g) => g.user_id === who.userId) ??
      null);

export interface CodeRow {
  signatory_id: string;
  channel: SignatureCodeMode;
  expires_at: string;
  tries: number;
}

export function toView(
  row: SignbookRow,
  signatories: readonly SignatoryRow[],
  who: Pick<Who, 'userId' | 'signatoryId'>,
  code: CodeRow | null = null,
): SignbookView {
  const snapshot = snapshotOf(row, signatories);
  const mine = mySignatory(signatories, who);
  const myStep = mine ? stepOf(snapshot.context, mine.id) : -1;
  const inProgress = row.status === 'IN_PROGRESS';
  const refused = signatories.find((g) => g.state === 'refused');
  const guest = !who.userId && Boolean(who.signatoryId);
  const stepCount = Math.max(0, ...signatories.map((g) => g.step_index + 1));
  return {
    id: row.id,
    name: row.name,
    templateId: row.template_id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    sendToPersonalSafe: row.send_to_personal_safe,
    complete: row.status === 'COMPLETE',
    status: row.status,
    documents: row.file_id
      ? [{ id: row.signed_file_id ?? row.file_id, name: row.file_name ?? row.name, typeCode: row.doc_type_code ?? '' }]
      : [],
    docTypeCode: row.doc_type_code,
    creationDate: row.created_at,
    completedAt: row.completed_at,
    createdBy: guest ? null : row.created_by,
    currentStep: snapshot.context.currentStep,
    steps: Array.from({ length: stepCount }, (_, index) => ({
      index,
      signatories: signatories
        .filter((g) => g.step_index === index)
        .map((g) => {
          // A guest (signing link) sees the others' names and states, not how to reach them nor their ids.
          const hidden = guest && g.id !== who.signatoryId;
          return {
            id: g.id,
            type: g.type,
            employeeId: hidden ? null : g.employee_id,
            userId: hidden ? null : g.user_id,
            name: g.name,
            firstname: g.first_name,
            email: hidden ? null : g.email,
            phone: hidden ? null : g.phone,
            state: g.state,
            signatureDate: g.signed_at,
            external: null,
          };
        }),
    })),
    canSign: Boolean(mine && inProgress && mine.state === 'waiting' && myStep === snapshot.context.currentStep),
    waitingForPreviousSteps: Boolean(
      mine && inProgress && mine.state === 'waiting' && myStep > snapshot.context.currentStep,
    ),
    mySignatoryId: mine?.id ?? null,
    refusal: refused ? { signatoryId: refused.id, reason: refused.refusal_reason ?? '' } : null,
    seal: {
      sha256Before: row.sha256_before,
      sha256After: row.sha256_after,
      sealedAt: row.sealed_at,
      error: row.seal_error,
    },
    pendingCode:
      code && mine && code.signatory_id === mine.id
        ? {
            mode: code.channel,
            expiresAt: code.expires_at,
            triesLeft: Math.max(0, SIGNATURE_CODE.maxTries - code.tries),
            locked: code.tries >= SIGNATURE_CODE.maxTries,
          }
        : null,
  };
}

/** The views of several rows for one user, with their pending codes. */
export async function viewsOf(q: Queryable, who: Who, rows: readonly SignbookRow[]): Promise<SignbookView[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const signatories = await signatoriesOf(q, who.domain, ids);
  const { rows: codes } = await q.query<CodeRow & { signbook_id: string }>(
    `SELECT c.signatory_id, c.signbook_id, c.channel, c.expires_at, c.tries
       FROM ${schemaOf(who.domain)}.signature_codes c JOIN ${schemaOf(who.domain)}.signatories g ON g.id = c.signatory_id
      WHERE c.signbook_id = ANY($1::uuid[]) AND (g.user_id::text = $2 OR g.id::text = $3)`,
    [ids, who.userId, who.signatoryId ?? ''],
  );
  return rows.map((row) =>
    toView(
      row,
      signatories.filter((g) => g.signbook_id === row.id),
      who,
      codes.find((c) => c.signbook_id === row.id) ?? null,
    ),
  );
}

export async function viewById(q: Queryable, who: Who, id: string): Promise<SignbookView> {
  const row = await signbookRow(q, who.domain, id);
  if (!row) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return (await viewsOf(q, who, [row]))[0]!;
}

/* ------------------------------------------------------------------ who a signbook may name */

/**
 * An employee a signbook or template may name (SECURITY.md): linked to an organisation the creator
 * sees (`orgs`). Anyone else is unknown (404), like an id that does not exist.
 */
export async function nameableEmployee(
  q: Queryable,
  domain: DomainId,
  orgs: readonly string[],
  id: string,
): Promise<{ name: string; first_name: string; email: string | null; phone: string | null } | undefined> {
  const s = schemaOf(domain);
  const { rows } = await q.query<{ name: string; first_name: string; email: string | null; phone: string | null }>(
    `SELECT e.name, e.first_name, e.email, e.phone FROM ${s}.employees e
      WHERE e.id::text = $1 AND EXISTS (SELECT 1 FROM ${s}.employee_organizations eo
            WHERE eo.employee_id = e.id AND eo.organization_id = ANY($2::uuid[]))`,
    [id, orgs],
  );
  return rows[0];
}

/**
 * SQL: user `u` may be named — access in domain `domain` to one of `orgs` (the organisations the namer
 * sees) or to an organisation of `orgId`'s company. Parameters are references (`$n`), never caller text.
 */
export const nameableUserSql = (s: string, domain: string, orgs: string, orgId: string): string =>
  `EXISTS (SELECT 1 FROM directory.user_org_access a WHERE a.user_id = u.id AND a.domain = ${domain}
     AND (a.org_id = ANY(${orgs}::uuid[]) OR ${s}.company_of(a.org_id) = ${s}.company_of(${orgId}::uuid)))`;

/**
 * A user a signbook or template of `orgId` may name: one with access, in the domain, to an organisation
 * the creator sees, or to an organisation of `orgId`'s company (a group's HR director whose access sits
 * above the creator's branch). A user of another company is unknown (404): naming them would show who
 * they are and mail them a request from a company they do not belong to.
 */
export async function nameableUser(
  q: Queryable,
  domain: DomainId,
  orgs: readonly string[],
  orgId: string,
  id: string,
): Promise<{ last_name: string; first_name: string; email: string | null; features: string[] } | undefined> {
  const s = schemaOf(domain);
  const { rows } = await q.query<{ last_name: string; first_name: string; email: string | null; features: string[] }>(
    `SELECT u.last_name, u.first_name, u.email, ${effectiveFeaturesSql('u.id', '$2')} AS features FROM directory.users u
      WHERE u.id::text = $1 AND ${nameableUserSql(s, '$2', '$3', '$4')}`,
    [id, domain, orgs, orgId],
  );
  return rows[0];
}
