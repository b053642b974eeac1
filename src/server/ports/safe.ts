/**
 * The personal-safe port: opening an employee's document-safe account and depositing documents in
 * it. The embedded default keeps both in our own tables (an account NOT_FINALISED until the employee
 * activates it; a deposit is a document row); a remote adapter asks an external safe service first
 * (`SAFE_URL`). Either way our rows record the outcome, so the screens read one place.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { DomainId } from '../../contract/constants.ts';
import type { Deps } from '../http/routes.ts';
import { type Queryable, schemaOf } from '../db/db.ts';
import { readFile as readStoredFile } from '../files/store.ts';

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

/** The safe answered 4xx: it will not take this document as it is (its reason is shown to the operator). */
export class SafeRefused extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'SafeRefused';
  }
}

/** The safe did not answer usefully (5xx, network error, timeout): the same deposit may pass later. */
export class SafeUnavailable extends Error {
  constructor(readonly detail: string) {
    super(`Coffre-fort indisponible (${detail})`);
    this.name = 'SafeUnavailable';
  }
}

/** What a remote safe answered to a deposit it accepted. */
export interface SafeReceipt {
  /** The safe's own id for the document, when it gives one. */
  readonly safeDocumentId: string | null;
}

export interface SafePort {
  readonly kind: 'embedded' | 'remote' | 'test';
  /** Opens the account; `q` is the caller's transaction when it has one. Never throws. */
  openAccount(q: Queryable, request: SafeAccountRequest): Promise<SafeOutcome>;
  /**
   * Remote safes only: hands the document to the safe, OUTSIDE any transaction (`q` is the database,
   * read for the file's bytes), because a slow safe must not hold a transaction open (on PGlite, the
   * whole database). Throws `SafeRefused` or `SafeUnavailable`. Callers then pass the receipt to
   * `deposit` in their transaction.
   */
  transmit?(q: Queryable, request: SafeDepositRequest): Promise<SafeReceipt>;
  /**
   * Records the deposit in the caller's transaction; throws when the safe refuses or is unreachable.
   * With a `transmit`, the receipt it returned (without one, the port transmits first). Absent: the
   * embedded deposit (a document row for the employee, destination EMPLOYEE_SAFE).
   */
  deposit?(q: Queryable, request: SafeDepositRequest, receipt?: SafeReceipt): Promise<{ readonly documentId: string }>;
}

/**
 * The same deposit always carries the same key (what deposits it, for whom, which file), so a run
 * killed after the safe accepted and run again — or an operator's send racing the run — never leaves
 * the employee two copies: the safe answers the first deposit again. A signbook's sealed document is
 * sealed anew on each attempt (a new file): its key leaves the file out, so a seal retried after the
 * safe took it for one signatory but refused another's does not give the first one a second copy.
 */
export const depositKey = (request: SafeDepositRequest): string =>
  createHash('sha256')
    .update(
      [
        request.source,
        request.sourceId,
        request.employeeId,
        request.source === 'signbook' ? '' : (request.fileId ?? ''),
      ].join('\n'),
    )
    .digest('hex');

/**
 * The embedded safe: the document row is the deposit, written in the caller's transaction — the one
 * row the documents archive lists (its file's name, size and SHA-256 and its search vector are filled
 * by the table's trigger, migration 0023). Metadata are stored as the contract's `{ name, value }`.
 */
export async function depositEmbedded(
  q: Queryable,
  request: SafeDepositRequest,
  receipt?: SafeReceipt,
): Promise<{ documentId: string }> {
  const documentId = randomUUID();
  await q.query(
    `INSERT INTO ${schemaOf(request.domain)}.documents
       (id, organization_id, employee_id, type_code, description, meta_datas, destination, file_id,
        source, source_id, deposited_by, page_count, safe_document_id)
     VALUES ($7, $1, $2, $3, $4, $5::jsonb, 'EMPLOYEE_SAFE', $6, $8, $9, $10, $11, $12)`,
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
      receipt?.safeDocumentId ?? null,
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

export interface RemoteSafeOptions {
  readonly fetch?: typeof fetch;
  /** How deposits read the document's bytes (the file store by default). */
  readonly readFile?: typeof readStoredFile;
  /** How long one call may take before the safe counts as unavailable. */
  readonly timeoutMs?: number;
}

/** The reason a refusing safe gives: its JSON `reason`/`message`, else its text, else its status. */
async function reasonOf(res: Response): Promise<string> {
  const text = (await res.text().catch(() => '')).trim();
  try {
    const body = JSON.parse(text) as { reason?: unknown; message?: unknown };
    const reason = body.reason ?? body.message;
    if (typeof reason === 'string' && reason.trim()) return reason.trim().slice(0, 300);
  } catch {
    // not JSON: its text
  }
  return text.slice(0, 300) || `le coffre-fort a répondu ${res.status}`;
}

/**
 * `POST {baseUrl}/accounts` with the employee's identity (any non-2xx or network error is a failure),
 * and `POST {baseUrl}/documents` (multipart: a JSON `metadata` part and the PDF `file` part, with an
 * `Idempotency-Key`) for deposits: 2xx accepted, 4xx `SafeRefused`, else `SafeUnavailable`.
 */
export function remoteSafePort(baseUrl: string, options: RemoteSafeOptions = {}): SafePort {
  const fetchImpl = options.fetch ?? fetch;
  const readFile = options.readFile ?? readStoredFile;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = baseUrl.replace(/\/$/, '');
  const transmit = async (q: Queryable, request: SafeDepositRequest): Promise<SafeReceipt> => {
    const file = request.fileId ? await readFile(q, request.domain, request.fileId) : null;
    if (request.fileId && !file) throw new SafeRefused(0, 'Fichier du document introuvable');
    const form = new FormData();
    const metadata = {
      externalEmployeeId: request.employeeId,
      organizationId: request.organizationId,
      typeCode: request.typeCode,
      description: request.description,
      metaDatas: request.metaDatas,
      source: request.source,
      sourceId: request.sourceId,
      pageCount: request.pageCount ?? null,
    };
    form.append('metadata', new Blob([JSON.stringify(metadata)], { type: 'application/json' }));
    if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
    let res: Response;
    try {
      res = await fetchImpl(`${base}/documents`, {
        method: 'POST',
        headers: { 'idempotency-key': depositKey(request) },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new SafeUnavailable(error instanceof Error ? error.message : String(error));
    }
    if (res.status >= 400 && res.status < 500) throw new SafeRefused(res.status, await reasonOf(res));
    if (!res.ok) {
      await res.arrayBuffer().catch(() => undefined);
      throw new SafeUnavailable(`réponse ${res.status}`);
    }
    const body = (await res.json().catch(() => ({}))) as { id?: unknown };
    return { safeDocumentId: typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : null };
  };
  return {
    kind: 'remote',
    transmit,
    async deposit(q, request, receipt) {
      return depositEmbedded(q, request, receipt ?? (await transmit(q, request)));
    },
    async openAccount(q, request) {
      try {
        const res = await fetchImpl(`${base}/accounts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            externalId: request.employeeId,
            name: request.name,
            firstName: request.firstName,
            email: request.email,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return { ok: false, reason: await reasonOf(res) };
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
