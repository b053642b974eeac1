/**
 * Creating a signbook from the upload: the organisation must be visible; the template (if any) fixes
 * the document type; each signatory resolves to an employee, a user or an external person WITH an
 * e-mail (else 400, seed 000 §5); users without the signing right give a warning, as does a profile
 * that cannot read rights; a social signer needs one of its authorised users before it. Then the
 * machine starts it (unless kept as a draft) and step 1 is asked to sign.
 */
import { randomUUID } from 'node:crypto';
import { initialTransition } from 'xstate';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { NewSignatory, SignbookCreated, SignbookUploadJson } from '../../../contract/signbook.ts';
import { persist, signbookMachine } from '../../../../machines/signbook/index.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import type { Deps } from '../../http/routes.ts';
import { assertSignatureSubscribed } from '../hrdesk/subscription.ts';
import { applyEvent } from './lifecycle.ts';
import { type Delivery, publishSignbook, recordStepMails } from './notify.ts';
import { nameableEmployee, nameableUser, signatoriesOf, signbookRow, viewById } from './repo.ts';
import type { SignbookFile } from './upload.ts';
import { insertFiles } from '../../files/store.ts';

interface Resolved {
  type: NewSignatory['type'];
  employeeId: string | null;
  userId: string | null;
  name: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  features: readonly string[] | null;
}
type Warning = SignbookCreated['warnings'][number];

const without = (stepIndex: number, signatoryIndex: number) =>
  new ApiFailure(400, ERROR_KEYS.signbookSignatoryWithoutEmail, undefined, undefined, {
    [`steps.${stepIndex}.signatories.${signatoryIndex}`]: ERROR_KEYS.signbookSignatoryWithoutEmail,
  });

async function resolve(
  q: Queryable,
  session: SessionContext,
  orgs: string[],
  orgId: string,
  s: NewSignatory,
): Promise<Resolved | null> {
  if (s.type === 'employee' && s.employeeId) {
    const e = await nameableEmployee(q, session.domain, orgs, s.employeeId);
    return e
      ? {
          type: 'employee',
          employeeId: s.employeeId,
          userId: null,
          name: e.name,
          firstName: e.first_name,
          email: e.email,
          phone: e.phone,
          features: null,
        }
      : null;
  }
  if ((s.type === 'user' || s.type === 'socialSigner') && s.userId) {
    const u = await nameableUser(q, session.domain, orgs, orgId, s.userId);
    return u
      ? {
          type: s.type,
          employeeId: null,
          userId: s.userId,
          name: u.last_name,
          firstName: u.first_name,
          email: u.email,
          phone: null,
          features: u.features,
        }
      : null;
  }
  if (s.type === 'external') {
    return {
      type: 'external',
      employeeId: null,
      userId: null,
      name: s.name ?? '',
      firstName: s.firstName ?? '',
      email: s.email?.trim() || null,
      phone: s.phone ?? null,
      features: null,
    };
  }
  return null;
}

export async function createSignbook(
  deps: Deps,
  session: SessionContext,
  json: SignbookUploadJson,
  file: SignbookFile,
): Promise<SignbookCreated> {
  const s = schemaOf(session.domain);
  const warnings: Warning[] = [];
  const { id, orgId, deliveries } = await deps.db.tx(async (q) => {
    const orgs = await visibleOrgIds(q, session);
    const orgId = json.organizationId ?? session.currentOrgId;
    if (!orgs.includes(orgId)) throw new ApiFailure(404, ERROR_KEYS.notFound);
    await assertSignatureSubscribed(q, session.domain, orgId);
    let docType = json.docTypeCode ?? null;
    if (json.templateId) {
      const { rows } = await q.query<{ doc_types: string[]; steps: { signatoryType: string }[] }>(
        `SELECT doc_types, steps FROM ${s}.sign_templates WHERE id::text = $1 AND organization_id = ANY($2::uuid[])`,
        [json.templateId, orgs],
      );
      const template = rows[0];
      if (!template) throw new ApiFailure(404, ERROR_KEYS.notFound);
      docType ??= template.doc_types[0] ?? null;
      if (template.doc_types.length && (!docType || !template.doc_types.includes(docType))) {
        throw new ApiFailure(400, ERROR_KEYS.signbookWrongDocType);
      }
      // The template fixes the steps and each step's signatory type (seed 000 §3).
      const fits =
        template.steps.length === json.steps.length &&
        json.steps.every((step, i) => step.signatories.every((g) => g.type === template.steps[i]!.signatoryType));
      if (!fits) throw new ApiFailure(400, ERROR_KEYS.signbookTemplateMismatch);
    }
    const canReadRights = session.features.has('UserAccess');
    const resolved: { step: number; index: number; r: Resolved; authorized: readonly string[] }[] = [];
    for (const [step, { signatories }] of json.steps.entries()) {
      for (const [index, input] of signatories.entries()) {
        const r = await resolve(q, session, orgs, orgId, input);
        if (!r)
          throw new ApiFailure(404, ERROR_KEYS.notFound, undefined, undefined, {
            [`steps.${step}.signatories.${index}`]: ERROR_KEYS.notFound,
          });
        if (!r.email) throw without(step, index);
        if (r.type === 'user' && !canReadRights)
          warnings.push({ key: ERROR_KEYS.signbookRightsUnverifiable, stepIndex: step, signatoryIndex: index });
        else if (r.features && !r.features.includes('ParaphList'))
          warnings.push({ key: ERROR_KEYS.signbookNoSigningRight, stepIndex: step, signatoryIndex: index });
        if (r.type === 'socialSigner') {
          const allowed = input.authorizedUserIds ?? [];
          if (!resolved.some((x) => x.r.userId && allowed.includes(x.r.userId))) {
            throw new ApiFailure(400, ERROR_KEYS.signbookSocialSignerOrder, undefined, undefined, {
              [`steps.${step}.signatories.${index}`]: ERROR_KEYS.signbookSocialSignerOrder,
            });
          }
        }
        resolved.push({ step, index, r, authorized: input.authorizedUserIds ?? [] });
      }
    }
    const id = randomUUID();
    const fileId = randomUUID();
    const ids = resolved.map(() => randomUUID());
    const steps = json.steps.map((_, step) => resolved.flatMap((x, i) => (x.step === step ? [ids[i]!] : [])));
    const [initial] = initialTransition(signbookMachine, { steps });
    await insertFiles(q, session.domain, [{ id: fileId, name: file.name, bytes: file.bytes }]);
    await q.query(
      `INSERT INTO ${s}.signbooks (id, organization_id, template_id, name, status, machine_state, send_to_personal_safe,
                                   current_step, file_id, doc_type_code, created_by)
       VALUES ($1, $2, $3, $4, 'DRAFT', $5::jsonb, $6, 0, $7, $8, $9)`,
      [
        id,
        orgId,
        json.templateId ?? null,
        json.name,
        JSON.stringify(persist(initial)),
        json.sendToPersonalSafe ?? false,
        fileId,
        docType,
        session.userId,
      ],
    );
    for (const [i, { step, index, r }] of resolved.entries()) {
      await q.query(
        `INSERT INTO ${s}.signatories (id, signbook_id, step_index, position, type, employee_id, user_id, name, first_name, email, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [ids[i], id, step, index, r.type, r.employeeId, r.userId, r.name, r.firstName, r.email, r.phone],
      );
    }
    const deliveries: Delivery[] = [];
    if (!json.draft) {
      const row = (await signbookRow(q, session.domain, id, true))!;
      const signatories = await signatoriesOf(q, session.domain, [id]);
      const { emitted } = await applyEvent(q, session.domain, row, signatories, { type: 'signbook.start' });
      for (const e of emitted) {
        if (e.type === 'signbook.stepStarted') {
          deliveries.push(
            ...(await recordStepMails(q, session.domain, deps.mail, deps.config.publicUrl, row, signatories, e.step)),
          );
        }
      }
    }
    return { id, orgId, deliveries };
  });
  await publishSignbook(deps, session.domain, id, orgId, deliveries);
  return { signbook: await viewById(deps.db, session, id), warnings };
}
