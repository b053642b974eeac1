/**
 * Test campaigns inserted straight into a seeded database (the way the split job leaves them):
 * a campaign in a chosen status with its machine snapshot, documents with stored PDF parts, and
 * optional sources with ignored pages. Real rows, real PDFs; no mocks.
 */
import { randomUUID } from 'node:crypto';
import { persist, snapshotFor } from '../../machines/campaign/index.ts';
import type { CampaignStatus } from '../../src/contract/enums.ts';
import type { Queryable } from '../../src/server/db/db.ts';
import { findOrg } from '../../src/server/db/seed/orgs.ts';
import { minimalPdf } from '../../src/server/db/seed/pdf.ts';
import { composePdf } from '../../src/server/pdf/compose.ts';
import { insertFiles } from '../../src/server/files/store.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

export interface DocSpec {
  readonly employeeId: string | null;
  readonly status: string;
  readonly failureCause?: string | null;
  readonly withFile?: boolean;
}

/** Stores a PDF the way the product does (the file store of the connection). */
export async function storeFile(q: Queryable, bytes: Uint8Array, name = 'part.pdf'): Promise<string> {
  const [file] = await insertFiles(q, 'main', [{ name, bytes }]);
  return file!.id;
}

/** A PDF of `n` pages, page i reading `${label} i`. */
export const pagesPdf = (n: number, label = 'Page'): Promise<Uint8Array> =>
  composePdf(Array.from({ length: n }, (_, i) => ({ bytes: minimalPdf([`${label} ${i + 1}`]) })));

/** Active employees of a demo organisation, by name order. */
export async function employeesOf(q: Queryable, orgName: string, n: number, s = 'dom_main'): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT e.id FROM ${s}.employees e JOIN ${s}.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id = $1 AND eo.active ORDER BY e.sort_name, e.sort_first, e.id LIMIT $2`,
    [findOrg(s === 'dom_main' ? 'main' : 'legacy', orgName).id, n],
  );
  return rows.map((r) => r.id);
}

export async function insertCampaign(
  q: Queryable,
  spec: {
    orgName: string;
    status: CampaignStatus;
    canRetry?: boolean;
    canDelete?: boolean;
    docs: readonly DocSpec[];
    name?: string;
  },
): Promise<{ campaignId: string; docIds: string[] }> {
  const campaignId = randomUUID();
  const snapshot = snapshotFor(spec.status, { canRetry: spec.canRetry ?? false, canDelete: spec.canDelete ?? false });
  await q.query(
    `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, machine_state, doc_type_code,
       can_retry, can_delete, recipients_count)
     VALUES ($1, $2, $3, 'Bulletin de paie', $4, $5::jsonb, 'BULLETIN_PAIE', $6, $7, $8)`,
    [
      campaignId,
      findOrg('main', spec.orgName).id,
      spec.name ?? `Campagne de test ${campaignId.slice(0, 8)}`,
      spec.status,
      JSON.stringify(persist(snapshot)),
      snapshot.context.canRetry,
      snapshot.context.canDelete,
      spec.docs.length,
    ],
  );
  const docIds: string[] = [];
  for (const [i, d] of spec.docs.entries()) {
    const id = randomUUID();
    const fileId = d.withFile === false ? null : await storeFile(q, minimalPdf([`Bulletin ${i + 1}`]));
    await q.query(
      `INSERT INTO dom_main.dispatched_docs (id, campaign_id, employee_id, status, failure_cause, file_id, pages)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, campaignId, d.employeeId, d.status, d.failureCause ?? null, fileId, [i + 1]],
    );
    docIds.push(id);
  }
  return { campaignId, docIds };
}

/** A demo campaign's id by its seed key. */
export const campaign = (key: string, domain = 'main'): string => demoId(`campaign:${domain}:${key}`);

export interface DocsWorld {
  t: TestDb;
  app: FastifyInstance;
  admin: LoggedIn;
  essai: LoggedIn;
  /** A dispatch-service call, as admin unless another session is given. */
  call(method: 'GET' | 'POST', url: string, session?: LoggedIn, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** The suite's seeded app with admin and essai logged in (hooks registered by this call; fields set before the tests run). */
export function docsWorld(): DocsWorld {
  const w = {} as DocsWorld;
  beforeAll(async () => {
    w.t = await createSeededDb();
    w.app = await testApp(w.t.db);
    [w.admin, w.essai] = [await login(w.app, 'admin'), await login(w.app, 'essai')];
    w.call = (method, url, session = w.admin, payload) =>
      w.app.inject({
        method,
        url: `/api/dispatch${url}`,
        headers: authHeaders(session),
        ...(payload ? { payload } : {}),
      });
  }, 60_000);
  afterAll(async () => {
    await w.app.close();
    await w.t.dispose();
  });
  return w;
}
