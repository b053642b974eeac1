/**
 * Signbook templates (seed 000 §3, §5): name, ordered steps with a signatory type each, document
 * types, organisation, optional documents. Each template signatory needs an e-mail (its own, or its
 * user's / employee's) and each template document needs content (a PDF by content).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { TemplateBody, TemplateListBody, TemplatePage, TemplateView } from '../../../contract/signbook.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { likeContains } from '../../db/like.ts';
import { ApiFailure } from '../../http/errors.ts';
import { inspectPdf, isPdfProblem, loadMupdf, storablePdf } from '../../pdf/index.ts';
import { insertFiles } from '../../files/store.ts';
import { assertSignatureSubscribed } from '../hrdesk/subscription.ts';
import { nameableEmployee, nameableUser } from './repo.ts';

interface TemplateRow {
  id: string;
  organization_id: string;
  name: string;
  doc_types: string[];
  steps: TemplateView['steps'];
  documents: TemplateView['documents'];
  created_at: string;
}

const toView = (r: TemplateRow): TemplateView => ({
  id: r.id,
  name: r.name,
  organizationId: r.organization_id,
  docTypes: r.doc_types,
  stepCount: r.steps.length,
  steps: r.steps.map((step) => ({ signatoryType: step.signatoryType, signatories: step.signatories ?? [] })),
  documents: r.documents,
  creationDate: r.created_at,
});

export async function listTemplates(
  q: Queryable,
  session: SessionContext,
  body: TemplateListBody,
): Promise<TemplatePage> {
  const orgs = await visibleOrgIds(q, session);
  // An organisation the caller does not see is refused like any foreign id, not answered as empty.
  if (body.organizationId !== undefined && !orgs.includes(body.organizationId))
    throw new ApiFailure(404, ERROR_KEYS.notFound);
  const scope = body.organizationId ? [body.organizationId] : orgs;
  const { rows } = await q.query<TemplateRow>(
    `SELECT * FROM ${schemaOf(session.domain)}.sign_templates
      WHERE organization_id = ANY($1::uuid[]) AND ($2::text IS NULL OR name ILIKE $2)
      ORDER BY name, id`,
    [scope, body.search?.trim() ? likeContains(body.search.trim()) : null],
  );
  return { count: rows.length, items: rows.map(toView) };
}

async function templateRow(q: Queryable, session: SessionContext, id: string): Promise<TemplateRow> {
  const { rows } = await q.query<TemplateRow>(
    `SELECT * FROM ${schemaOf(session.domain)}.sign_templates WHERE id::text = $1 AND organization_id = ANY($2::uuid[])`,
    [id, await visibleOrgIds(q, session)],
  );
  if (!rows[0]) throw new ApiFailure(404, ERROR_KEYS.notFound);
  return rows[0];
}

export const getTemplate = async (q: Queryable, session: SessionContext, id: string): Promise<TemplateView> =>
  toView(await templateRow(q, session, id));

/**
 * Every named user or employee is one the template's organisation may name (else 404, as for a
 * signbook: repo.ts); every signatory has an e-mail (given, or its user's / employee's); every document
 * has PDF content.
 */
async function checked(q: Queryable, session: SessionContext, orgId: string, body: TemplateBody) {
  const orgs = await visibleOrgIds(q, session);
  for (const [step, { signatories }] of body.steps.entries()) {
    for (const [index, g] of signatories.entries()) {
      const field = `steps.${step}.signatories.${index}`;
      const named = g.userId
        ? await nameableUser(q, session.domain, orgs, orgId, g.userId)
        : g.employeeId
          ? await nameableEmployee(q, session.domain, orgs, g.employeeId)
          : null;
      if (named === undefined)
        throw new ApiFailure(404, ERROR_KEYS.notFound, undefined, undefined, { [field]: ERROR_KEYS.notFound });
      // The users authorised to sign before a social signer are named as the signatories are.
      for (const authorized of g.authorizedUserIds ?? []) {
        if ((await nameableUser(q, session.domain, orgs, orgId, authorized)) === undefined)
          throw new ApiFailure(404, ERROR_KEYS.notFound, undefined, undefined, {
            [`${field}.authorizedUserIds`]: ERROR_KEYS.notFound,
          });
      }
      const email = g.email?.trim() || named?.email || null;
      if (!email) {
        throw new ApiFailure(400, ERROR_KEYS.signbookSignatoryWithoutEmail, undefined, undefined, {
          [field]: ERROR_KEYS.signbookSignatoryWithoutEmail,
        });
      }
    }
  }
  const documents: { id: string; name: string; typeCode: string; bytes: Buffer }[] = [];
  for (const [index, d] of (body.documents ?? []).entries()) {
    const sent = Buffer.from(d.content ?? '', 'base64');
    const fail = (key: string) => new ApiFailure(400, key, undefined, undefined, { [`documents.${index}`]: key });
    if (!sent.length) throw fail(ERROR_KEYS.signbookTemplateDocumentEmpty);
    let bytes: Buffer;
    await loadMupdf();
    try {
      bytes = Buffer.from(storablePdf(sent));
      inspectPdf(bytes);
    } catch (error) {
      if (isPdfProblem(error)) throw fail(error.key);
      throw error;
    }
    documents.push({ id: randomUUID(), name: d.name, typeCode: d.typeCode, bytes });
  }
  await insertFiles(q, session.domain, documents);
  return documents.map(({ id, name, typeCode }) => ({ id, name, typeCode }));
}

export async function createTemplate(q: Queryable, session: SessionContext, body: TemplateBody): Promise<TemplateView> {
  const orgId = body.organizationId ?? session.currentOrgId;
  if (!(await visibleOrgIds(q, session)).includes(orgId)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  await assertSignatureSubscribed(q, session.domain, orgId);
  const documents = await checked(q, session, orgId, body);
  const id = randomUUID();
  await q.query(
    `INSERT INTO ${schemaOf(session.domain)}.sign_templates (id, organization_id, name, doc_types, steps, documents, created_by)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7)`,
    [id, orgId, body.name, body.docTypes, JSON.stringify(body.steps), JSON.stringify(documents), session.userId],
  );
  return getTemplate(q, session, id);
}

export async function updateTemplate(
  q: Queryable,
  session: SessionContext,
  id: string,
  body: TemplateBody,
): Promise<TemplateView> {
  const current = await templateRow(q, session, id);
  // Moving the template to another organisation: one the caller sees, like creation.
  const orgId = body.organizationId ?? current.organization_id;
  if (!(await visibleOrgIds(q, session)).includes(orgId)) throw new ApiFailure(404, ERROR_KEYS.notFound);
  await assertSignatureSubscribed(q, session.domain, orgId);
  const documents = body.documents
    ? await checked(q, session, orgId, body)
    : (await checked(q, session, orgId, { ...body, documents: [] }), current.documents);
  await q.query(
    `UPDATE ${schemaOf(session.domain)}.sign_templates SET name = $2, doc_types = $3, steps = $4::jsonb, documents = $5::jsonb,
            organization_id = $6
      WHERE id = $1`,
    [id, body.name, body.docTypes, JSON.stringify(body.steps), JSON.stringify(documents), orgId],
  );
  return getTemplate(q, session, id);
}

export async function deleteTemplate(q: Queryable, session: SessionContext, id: string): Promise<void> {
  await templateRow(q, session, id);
  const s = schemaOf(session.domain);
  await q.query(`UPDATE ${s}.signbooks SET template_id = NULL WHERE template_id = $1`, [id]);
  await q.query(`DELETE FROM ${s}.sign_templates WHERE id = $1`, [id]);
}
