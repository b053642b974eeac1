/**
 * The personal-safe port: opening an employee's document-safe account. The embedded default keeps
 * the account in our own tables (status NOT_FINALISED until the employee activates it); a remote
 * adapter asks an external safe service first (`SAFE_URL`). Either way the employee row records
 * the outcome, so the screens read one place.
 */
import { randomUUID } from 'node:crypto';
import type { DomainId } from '../../contract/constants.ts';
import type { Deps } from '../http/routes.ts';
import { type Queryable, schemaOf } from '../db/db.ts';

export interface SafeAccountRequest {
  readonly domain: DomainId;
  readonly employeeId: string;
  readonly name: string;
  readonly firstName: string;
  readonly email: string | null;
}

export type SafeOutcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** A campaign's or a sealed signbook's document going into an employee's personal safe. */
export interface SafeDepositRequest {
  readonly domain: DomainId;
  readonly employeeId: string;
  readonly organizationId: string;
  readonly typeCode: string;
  readonly description: string;
  readonly fileId: string | null;
  readonly metaDatas: readonly { readonly key: string; readonly value: string }[];
  /** What deposits it (the archive's origin column): the campaign or the signbook, and who started it. */
  readonly source: 'campaign' | 'signbook';
  readonly sourceId: string;
  readonly depositedBy: string | null;
  readonly pageCount?: number | null;
}

export interface SafePort {
  readonly kind: 'embedded' | 'remote' | 'test';
  /** Opens the account; `q` is the caller's transaction when it has one. Never throws. */
  openAccount(q: Queryable, request: SafeAccountRequest): Promise<SafeOutcome>;
  /**
   * Deposits a document; throws when the safe refuses or is unreachable. Absent: the embedded
   * deposit (a document row for the employee, destination EMPLOYEE_SAFE), in the caller's transaction.
   */
  deposit?(q: Queryable, request: SafeDepositRequest): Promise<{ readonly documentId: string }>;
}

/**
 * The embedded safe: the document row is the deposit, written in the caller's transaction — the one
 * row the documents archive lists (its file's name, size and SHA-256 and its search vector are filled
 * by the table's trigger, migration 0023). Metadata are stored as the contract's `{ name, value }`.
 */
export async function depositEmbedded(q: Queryable, request: SafeDepositRequest): Promise<{ documentId: string }> {
  const documentId = randomUUID();
  await q.query(
    `INSERT INTO ${schemaOf(request.domain)}.documents
       (id, organization_id, employee_id, type_code, description, meta_datas, destination, file_id,
        source, source_id, deposited_by, page_count)
     VALUES ($7, $1, $2, $3, $4, $5::jsonb, 'EMPLOYEE_SAFE', $6, $8, $9, $10, $11)`,
    [
      request.organizationId,
      request.employeeId,
      request.typeCode,
      request.description,
      JSON.stringify(request.metaDatas.map((m) => ({ name: m.key, value: m.value }))),
      request.fileId,
      documentId,
      request.source,
      request.sourceId,
      request.depositedBy,
      request.pageCount ?? null,
    ],
  );
  return { documentId };
}

/** Marks the account as opened and waiting for the employee's activation. */
async function recordOpened(q: Queryable, request: SafeAccountRequest): Promise<void> {
  await q.query(
    `UPDATE ${schemaOf(request.domain)}.employees
        SET safe_status = 'NOT_FINALISED', safe_created_at = coalesce(safe_created_at, now())
      WHERE id = $1 AND safe_status = 'NOT_CREATED'`,
    [request.employeeId],
  );
}

export const embeddedSafePort: SafePort = {
  kind: 'embedded',
  async openAccount(q, request) {
    await recordOpened(q, request);
    return { ok: true };
  },
  deposit: depositEmbedded,
};

/** `POST {baseUrl}/accounts` with the employee's identity; any non-2xx or network error is a failure. */
export function remoteSafePort(baseUrl: string, fetchImpl: typeof fetch = fetch): SafePort {
  return {
    kind: 'remote',
    async openAccount(q, request) {
      try {
        const res = await fetchImpl(`${baseUrl.replace(/\/$/, '')}/accounts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            externalId: request.employeeId,
            name: request.name,
            firstName: request.firstName,
            email: request.email,
          }),
          signal: AbortSignal.timeout(30_000),
        });
        if (!res.ok) return { ok: false, reason: `safe service answered ${res.status}` };
        await recordOpened(q, request);
        return { ok: true };
      } catch (error) {
        return { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

declare module '../http/routes.ts' {
  interface Deps {
    /** The personal-safe adapter; the embedded one when absent. */
    readonly safe?: SafePort;
  }
}

// Per-database override: the app builder does not take a safe adapter yet, so tests (a failing
// double) and embedders attach one to the database they pass in.
const overrides = new WeakMap<object, SafePort>();
export const attachSafePort = (db: object, port: SafePort): void => void overrides.set(db, port);

export function safePortOf(deps: Pick<Deps, 'db' | 'safe'>): SafePort {
  if (deps.safe) return deps.safe;
  const attached = overrides.get(deps.db);
  if (attached) return attached;
  const url = process.env.SAFE_URL;
  return url ? remoteSafePort(url) : embeddedSafePort;
}
