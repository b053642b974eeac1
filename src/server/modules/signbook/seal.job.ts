/**
 * The durable `signbook.seal` job: audit page + PDF signature (src/server/signing), outside any
 * transaction; then ONE transaction stores the sealed file, the hashes, deposits into employee
 * signatories' safes when asked, and applies `job.seal.completed`. Any failure applies
 * `job.seal.failed` (IN_ERROR, retry offered) with the reason: never a signbook stuck in sealing.
 * A remote safe is asked before that transaction (the sealed file stored first, so the safe's
 * deposit reads it); if it refuses or is unavailable the seal fails and that file is removed: the
 * signatures and the signed original stay, and « Relancer » seals again.
 */
import { DOMAINS, type DomainId } from '../../../contract/constants.ts';
import type { SignatureCodeMode } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { type Db, type Queryable, schemaOf } from '../../db/db.ts';
import type { Deps } from '../../http/routes.ts';
import {
  type SafeDepositRequest,
  type SafePort,
  type SafeReceipt,
  SafeRefused,
  SafeUnavailable,
  depositEmbedded,
  safePortOf,
} from '../../ports/safe.ts';
import { isPdfProblem } from '../../pdf/index.ts';
import type { Push } from '../../push/push.ts';
import { sealingP12 } from '../../signing/material.ts';
import { sealPdf } from '../../signing/seal.ts';
import { applyJobEvent } from './lifecycle.ts';
import { publishSignbook } from './notify.ts';
import { signatoriesOf, signbookRow } from './repo.ts';
import { insertFiles, readFile, removeFiles } from '../../files/store.ts';
import { publishDeposited } from '../documents/push.ts';

export const SIGNBOOK_SEAL_JOB = 'signbook.seal';
export interface SealJobData {
  readonly domain: DomainId;
  readonly signbookId: string;
}
export interface SealDeps {
  readonly db: Db;
  readonly push: Push;
  readonly safe: SafePort;
}

async function seal(deps: SealDeps, data: SealJobData): Promise<void> {
  const { db } = deps;
  const s = schemaOf(data.domain);
  const row = await signbookRow(db, data.domain, data.signbookId);
  if (!row || row.status !== 'SEALING') return;
  const signatories = await signatoriesOf(db, data.domain, [row.id]);
  const file = row.file_id ? await readFile(db, data.domain, row.file_id) : null;
  if (!file) throw new Error('document file missing');
  const sealedAt = new Date();
  const sealed = await sealPdf(
    file.bytes,
    {
      signbookId: row.id,
      signbookName: row.name,
      organizationName: row.organization_name,
      documentName: file.name,
      sealedAt,
      signatories: signatories.map((g) => ({
        step: g.step_index,
        name: `${g.first_name} ${g.name}`,
        email: g.email,
        signedAt: g.signed_at,
        channel: g.code_channel as SignatureCodeMode | null,
      })),
    },
    await sealingP12(db, data.domain),
  );
  const name = file.name.replace(/\.pdf$/i, '') + ' (signé).pdf';
  const employees = row.send_to_personal_safe ? signatories.filter((x) => x.type === 'employee' && x.employee_id) : [];
  const depositOf = (employeeId: string, fileId: string): SafeDepositRequest => ({
    domain: data.domain,
    employeeId,
    organizationId: row.organization_id,
    typeCode: row.doc_type_code ?? 'CONTRAT_TRAVAIL',
    description: row.name,
    fileId,
    metaDatas: [{ key: 'signbookId', value: row.id }],
    source: 'signbook',
    sourceId: row.id,
    depositedBy: row.created_by ?? null,
  });
  let sealedFileId: string | null = null;
  const receipts = new Map<string, SafeReceipt>();
  if (deps.safe.transmit && employees.length) {
    const [stored] = await db.tx((q) => insertFiles(q, data.domain, [{ name, bytes: sealed.bytes }]));
    const fileId = stored!.id;
    sealedFileId = fileId;
    try {
      for (const g of employees)
        receipts.set(g.employee_id!, await deps.safe.transmit(db, depositOf(g.employee_id!, fileId)));
    } catch (error) {
      await db.tx((q) => removeFiles(q, data.domain, [fileId])).catch(() => undefined);
      throw error;
    }
  }
  let deposited = false;
  const applied = await db.tx(async (q: Queryable) => {
    const fileId = sealedFileId ?? (await insertFiles(q, data.domain, [{ name, bytes: sealed.bytes }]))[0]!.id;
    await q.query(
      `UPDATE ${s}.signbooks SET signed_file_id = $2, sha256_before = $3, sha256_after = $4, sealed_at = $5,
              seal_error = NULL WHERE id = $1`,
      [row.id, fileId, sealed.sha256Before, sealed.sha256After, sealedAt.toISOString()],
    );
    for (const g of employees) {
      const receipt = receipts.get(g.employee_id!);
      await (deps.safe.deposit ?? depositEmbedded)(q, depositOf(g.employee_id!, fileId), receipt);
      deposited = true;
    }
    return applyJobEvent(q, data.domain, row.id, { type: 'job.seal.completed' });
  });
  if (applied) await publishSignbook(deps, data.domain, row.id, row.organization_id);
  if (applied && deposited) publishDeposited(deps.push, data.domain, row.organization_id, 'signbook');
}

/** What the signbook page says about a failed seal: French, and what to do about it. */
export function sealFailureText(error: unknown): string {
  if (error instanceof SafeRefused)
    return `Le coffre-fort du salarié a refusé le document signé : ${error.reason}. Les signatures sont conservées ; relancez le scellement une fois le problème réglé.`;
  if (error instanceof SafeUnavailable)
    return 'Le coffre-fort du salarié est indisponible : le document signé n’a pas pu y être déposé. Les signatures sont conservées ; relancez le scellement plus tard.';
  if (isPdfProblem(error) && error.key === ERROR_KEYS.pdfCertified)
    return 'Le document est certifié : y ajouter la page d’audit et le cachet romprait sa certification. Déposez une version non certifiée.';
  if (isPdfProblem(error) && error.key === ERROR_KEYS.pdfEncrypted)
    return 'Le document est protégé par un mot de passe : il ne peut pas être scellé. Déposez une version sans protection.';
  if (isPdfProblem(error))
    return 'Le document est endommagé : il ne peut pas être scellé. Déposez une version saine du document.';
  return 'Le scellement du document a échoué. Relancez-le ; si l’échec se répète, contactez le support.';
}

export async function runSealJob(deps: SealDeps, data: SealJobData): Promise<void> {
  try {
    await seal(deps, data);
  } catch (error) {
    // The library's own words (English, technical) go to the log; the signbook page shows a sentence.
    console.error(`seal of signbook ${data.signbookId} failed`, error);
    const reason = sealFailureText(error);
    const failed = await deps.db.tx(async (q: Queryable) => {
      await q.query(
        `UPDATE ${schemaOf(data.domain)}.signbooks SET seal_error = $2 WHERE id = $1 AND status = 'SEALING'`,
        [data.signbookId, reason],
      );
      return applyJobEvent(q, data.domain, data.signbookId, { type: 'job.seal.failed' });
    });
    const row = failed ? await signbookRow(deps.db, data.domain, data.signbookId) : null;
    if (row) await publishSignbook(deps, data.domain, row.id, row.organization_id);
  }
}

/** Through the queue when the app has one (`main.ts`), else inline and awaited (inject-only apps). */
export async function startSeal(deps: Deps, data: SealJobData): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.send(SIGNBOOK_SEAL_JOB, data);
    return;
  }
  await runSealJob({ db: deps.db, push: deps.push, safe: safePortOf(deps) }, data);
}

/** A process stopped mid-sealing left signbooks SEALING: the job is idempotent, so resend them. */
export async function resumeSeals(db: Queryable, send: (data: SealJobData) => Promise<unknown>): Promise<void> {
  for (const domain of DOMAINS) {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM ${schemaOf(domain)}.signbooks WHERE status = 'SEALING'`,
    );
    for (const { id } of rows) await send({ domain, signbookId: id });
  }
}
