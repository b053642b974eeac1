/**
 * Demo campaigns (with their dispatched documents), documents and signbooks, in the statuses the
 * screens list: each status of seed 000 §4 that a user can reach from a menu has at least one row.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { DispatchedDocStatus } from '../../../contract/enums.ts';
import { campaignSpecs, frMonth, monthStart, type CampaignSpec } from './campaigns.ts';
import type { DomainSchema, Queryable } from '../db.ts';
import { pdfFileRow, pdfPagesFileRow } from './files.ts';
import { demoId } from './ids.ts';
import { insertRows, type Row } from './insert.ts';
import { findOrg, type DemoOrg } from './orgs.ts';
import type { DemoEmployee } from './people.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from './personas.ts';
import { seedSignbooks } from './signbooks.ts';

export interface SeedContext {
  q: Queryable;
  domain: DomainId;
  schema: DomainSchema;
  now: Date;
  employees: readonly DemoEmployee[];
  userId: (login: string) => string;
}

const monthEnd = (now: Date, back: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const daysAgo = (now: Date, days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

/** Documents exist for a recipient once the document reached (or waits for) their safe. */
const CREATES_DOCUMENT: readonly DispatchedDocStatus[] = [
  'DISPATCHED',
  'PAPER_DISPATCHED',
  'WAITING_FOR_USER_REGISTRATION',
];

export async function seedWorkflows(ctx: SeedContext): Promise<void> {
  const { domain, now } = ctx;
  const files: Row[] = [];
  const documents: Row[] = [];
  const campaigns: Row[] = [];
  const dispatched: Row[] = [];
  const sources: Row[] = [];
  for (const spec of campaignSpecs(domain, now, ctx.userId)) {
    const org = findOrg(domain, spec.org);
    const campaignId = demoId(`campaign:${domain}:${spec.key}`);
    const recipients = ctx.employees
      .filter((e) => e.mainOrgId === org.id && e.links[0]?.active)
      .slice(0, spec.limit ?? Number.MAX_SAFE_INTEGER);
    const period = spec.createdDaysAgo > 20 ? 1 : 0;
    // The source the campaign was split from: two pages per recipient (the pages each document
    // names), then the page of the unknown matricule — the document page's « Fichier source ».
    const sourcePage = (who: string, matricule: string, page: 1 | 2): string[] => [
      spec.docLabel,
      org.name,
      who,
      `Matricule ${matricule}`,
      `Période : ${frMonth(monthStart(now, period))}`,
      `Page ${page} / 2`,
    ];
    const sourcePages = recipients.flatMap((e) => {
      const who = `${e.firstName} ${e.name}`;
      const matricule = e.links[0]?.registrationNumber ?? '';
      return [sourcePage(who, matricule, 1), sourcePage(who, matricule, 2)];
    });
    if (spec.unknownRecipient) sourcePages.push(sourcePage('', `${org.matriculePrefix}-09999`, 1));
    const source = pdfPagesFileRow(`${domain}:${spec.key}:source`, `${spec.name}.pdf`, sourcePages);
    files.push(source);
    const sourceId = demoId(`source:${domain}:${spec.key}`);
    sources.push({
      id: sourceId,
      campaign_id: campaignId,
      position: 0,
      name: `${spec.name}.pdf`,
      doc_type_code: spec.docType,
      file_id: source.id,
      pages: sourcePages.length,
      split_done: true,
    });
    const rows = recipients.map((e, i) => ({ e, i, outcome: spec.outcome(e, i) }));
    for (const { e, i, outcome } of rows) {
      let documentId: string | null = null;
      if (CREATES_DOCUMENT.includes(outcome.status)) {
        const description = `${spec.docLabel} — ${e.firstName} ${e.name}`;
        const file = pdfFileRow(`${domain}:${spec.key}:${e.id}`, `${description}.pdf`, [
          spec.docLabel,
          org.name,
          `SIRET ${org.siret}`,
          `${e.firstName} ${e.name}`,
          `Matricule ${e.links[0]?.registrationNumber ?? ''}`,
          `Période : ${frMonth(monthStart(now, period))}`,
        ]);
        files.push(file);
        documentId = demoId(`document:${domain}:${spec.key}:${e.id}`);
        documents.push({
          ...documentRow(ctx, org, e, spec, documentId, file.id as string, period),
          ...deposit('campaign', campaignId, spec.createdBy),
        });
      }
      dispatched.push({
        id: demoId(`dispatched:${domain}:${spec.key}:${e.id}`),
        campaign_id: campaignId,
        employee_id: e.id,
        status: outcome.status,
        reason: outcome.reason ?? null,
        failure_cause: outcome.failureCause ?? null,
        document_id: documentId,
        pages: [2 * i + 1, 2 * i + 2],
        source_id: sourceId,
        postal: outcome.postal
          ? JSON.stringify({
              status: 'POSTED',
              dispatchDate: isoDay(new Date(now.getTime() - 20 * 86_400_000)),
              receptionDate: null,
              returnDate: null,
              foldStatus: 'PLI_STANDARD',
            })
          : null,
        updated_at: daysAgo(now, Math.max(0, spec.createdDaysAgo - 1)),
      });
    }
    if (spec.unknownRecipient) {
      dispatched.push({
        id: demoId(`dispatched:${domain}:${spec.key}:unknown`),
        campaign_id: campaignId,
        employee_id: null,
        status: 'NOT_DISPATCHED',
        reason: `Matricule ${org.matriculePrefix}-09999 introuvable`,
        failure_cause: 'NO_EMP_FOUND',
        document_id: null,
        pages: [2 * rows.length + 1],
        source_id: sourceId,
        postal: null,
        updated_at: daysAgo(now, spec.createdDaysAgo),
      });
    }
    const pages = sourcePages.length;
    campaigns.push({
      id: campaignId,
      organization_id: org.id,
      name: spec.name,
      doc_name: spec.docLabel,
      status: spec.status,
      doc_type_code: spec.docType,
      review: true,
      automatic_recipients: true,
      on_refuse: true,
      on_error: true,
      users_to_notify: [spec.createdBy],
      can_retry: spec.canRetry ?? false,
      can_delete: spec.canDelete ?? false,
      recipients_count: recipients.length,
      // Every page of the source went to a document (the unknown matricule's page to its row in
      // error), so no page is ignored: a count the « Pages ignorées » list and download could not
      // show would not add up (issue 15 §5).
      pages_total: pages,
      pages_split: pages,
      ignored_pages: [],
      source_file_id: source.id,
      created_by: spec.createdBy,
      created_at: daysAgo(ctx.now, spec.createdDaysAgo),
      sent_at: spec.sent ? daysAgo(ctx.now, Math.max(0, spec.createdDaysAgo - 1)) : null,
    });
  }
  addUploadedDocuments(ctx, files, documents);
  await insertRows(ctx.q, `${ctx.schema}.files`, files);
  await insertRows(ctx.q, `${ctx.schema}.documents`, documents);
  await insertRows(ctx.q, `${ctx.schema}.campaigns`, campaigns);
  await insertRows(ctx.q, `${ctx.schema}.campaign_sources`, sources);
  await insertRows(ctx.q, `${ctx.schema}.dispatched_docs`, dispatched);
  await seedSignbooks(ctx);
}

/** Where a demo document came from (migration 0023): the campaign or upload, and who deposited it. */
const deposit = (source: 'campaign' | 'upload', sourceId: string | null, userId: string | null): Row => ({
  source,
  source_id: sourceId,
  deposited_by: userId,
  page_count: 1,
});

function documentRow(
  ctx: SeedContext,
  org: DemoOrg,
  e: DemoEmployee | null,
  spec: Pick<CampaignSpec, 'docType' | 'docLabel' | 'createdDaysAgo'>,
  id: string,
  fileId: string,
  monthsBack: number,
): Row {
  const start = monthStart(ctx.now, monthsBack);
  const end = monthEnd(ctx.now, monthsBack);
  const empName = e ? `${e.firstName} ${e.name}` : null;
  return {
    id,
    organization_id: org.id,
    employee_id: e?.id ?? null,
    type_code: spec.docType,
    description: empName ? `${spec.docLabel} — ${empName}` : spec.docLabel,
    meta_datas: JSON.stringify([
      { name: 'periodStartDate', value: isoDay(start) },
      { name: 'periodEndDate', value: isoDay(end) },
      { name: 'orgName', value: org.name },
      ...(empName ? [{ name: 'empName', value: empName }] : []),
      { name: 'docType', value: spec.docType },
      { name: 'year', value: String(start.getUTCFullYear()) },
    ]),
    emission_date: isoDay(end),
    transmitter: org.name,
    period_start: isoDay(start),
    period_end: isoDay(end),
    destination: e ? 'EMPLOYEE_SAFE' : 'EMPLOYER_SAFE',
    keywords: [spec.docType.toLowerCase()],
    file_id: fileId,
    read_at:
      e && e.safeStatus === 'FINALISED' && e.registered ? daysAgo(ctx.now, Math.max(0, spec.createdDaysAgo - 2)) : null,
    deposited_at: daysAgo(ctx.now, spec.createdDaysAgo),
  };
}

/** Documents deposited one by one (not through a campaign): contracts and an employer-side note. */
function addUploadedDocuments(ctx: SeedContext, files: Row[], documents: Row[]): void {
  const plan =
    ctx.domain === 'legacy'
      ? [{ org: ROOT_LEGACY, count: 4 }]
      : [
          { org: ROOT_MAIN, count: 10 },
          { org: ROOT_TRIAL, count: 2 },
        ];
  const uploader = ctx.userId(ctx.domain === 'legacy' ? 'multi' : 'admin');
  for (const { org: orgName, count } of plan) {
    const org = findOrg(ctx.domain, orgName);
    const people = ctx.employees.filter((e) => e.mainOrgId === org.id).slice(0, count);
    people.forEach((e, i) => {
      const spec = { docType: 'CONTRAT_TRAVAIL', docLabel: 'Contrat de travail', createdDaysAgo: 40 + i * 3 };
      const file = pdfFileRow(`${ctx.domain}:upload:${e.id}`, `Contrat de travail — ${e.firstName} ${e.name}.pdf`, [
        'Contrat de travail',
        org.name,
        `${e.firstName} ${e.name}`,
      ]);
      files.push(file);
      documents.push({
        ...documentRow(ctx, org, e, spec, demoId(`document:${ctx.domain}:upload:${e.id}`), file.id as string, 2),
        ...deposit('upload', null, uploader),
      });
    });
    const note = pdfFileRow(`${ctx.domain}:upload:${org.id}:note`, 'Note de service.pdf', [
      'Note de service',
      org.name,
    ]);
    files.push(note);
    documents.push({
      ...documentRow(
        ctx,
        org,
        null,
        { docType: 'NOTE_SERVICE', docLabel: 'Note de service — règlement intérieur', createdDaysAgo: 60 },
        demoId(`document:${ctx.domain}:upload:${org.id}:note`),
        note.id as string,
        2,
      ),
      ...deposit('upload', null, uploader),
    });
  }
}
