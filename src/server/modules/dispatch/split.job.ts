/**
 * The `campaign.split` job: for each source not yet split_done (position order), wipe what an
 * interrupted run left, split it (automatic: through the mask of its document type; manual: the whole
 * file to every recipient), mark it split_done. Then `job.split.completed {review}` through the
 * campaign machine, and the dispatch job when the machine goes on to distribution. An unreadable PDF,
 * a missing mask or a source where no page matches → `job.split.failed` with `split_error` = the key.
 */
import type { DomainId } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import { type Db, schemaOf } from '../../db/db.ts';
import { type SafePort, safePortOf } from '../../ports/safe.ts';
import { yieldNow } from '../../jobs/slice.ts';
import type { MailPort } from '../../ports/mail.ts';
import type { Push } from '../../push/push.ts';
import { employeeRows } from '../../pdf/matcher.ts';
import { isPdfProblem } from '../../pdf/problem.ts';
import { readFile } from '../../files/store.ts';
import { campaignRow } from './campaign.repo.ts';
import { CAMPAIGN_DISPATCH_JOB, runDispatchJob } from './dispatch.job.ts';
import type { JobSender } from './jobs.ts';
import { applyJobEvent } from './lifecycle.ts';
import { progressPublisher, publishCampaign } from './push.ts';
import { manualRecipients, splitManualSource } from './split.manual.ts';
import { type SplitNotifier, splitNotifier } from './split.notify.ts';
import { maskFor, orgSubtree } from './split.mask.ts';
import { type SourceRow, splitAutomaticSource } from './split.source.ts';
import { SplitStopped, wipeSource } from './split.store.ts';

export const CAMPAIGN_SPLIT_JOB = 'campaign.split';
export interface SplitJobData {
  readonly domain: DomainId;
  readonly campaignId: string;
}
export interface SplitJobDeps {
  readonly db: Db;
  readonly push: Push;
  /** The queue, to start the dispatch job; absent → the dispatch job runs inline. */
  readonly jobs?: JobSender;
  readonly safe?: SafePort;
  /** Passed on to the dispatch job (« Personnes à prévenir »). */
  readonly mail?: MailPort | undefined;
  readonly publicUrl?: string | undefined;
}

/** Why a split stops for good: the key the operator sees (`campaigns.split_error`). */
export class SplitFailure extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

async function finish(deps: SplitJobDeps, data: SplitJobData, review: boolean, notifier: SplitNotifier): Promise<void> {
  const s = schemaOf(data.domain);
  const next = await deps.db.tx(async (q) => {
    await q.query(
      `UPDATE ${s}.campaigns c SET split_error = NULL, pages_split = c.pages_total, recipients_count =
         (SELECT count(DISTINCT employee_id)::int FROM ${s}.dispatched_docs d WHERE d.campaign_id = c.id) WHERE c.id = $1`,
      [data.campaignId],
    );
    return applyJobEvent(q, data.domain, data.campaignId, { type: 'job.split.completed', review });
  });
  await publishCampaign(deps, data.domain, data.campaignId);
  // The split is over before any distribution starts: its entry ends here.
  await notifier.ended('done');
  if (next?.matches({ dispatching: 'queued' })) {
    if (deps.jobs) await deps.jobs.send(CAMPAIGN_DISPATCH_JOB, data);
    else
      await runDispatchJob(
        {
          db: deps.db,
          push: deps.push,
          safe: deps.safe ?? safePortOf(deps),
          mail: deps.mail,
          publicUrl: deps.publicUrl,
        },
        data,
      );
  }
}

async function fail(deps: SplitJobDeps, data: SplitJobData, key: string, notifier: SplitNotifier): Promise<void> {
  await deps.db.tx(async (q) => {
    await q.query(`UPDATE ${schemaOf(data.domain)}.campaigns SET split_error = $2 WHERE id = $1`, [
      data.campaignId,
      key,
    ]);
    await applyJobEvent(q, data.domain, data.campaignId, { type: 'job.split.failed' });
  });
  await publishCampaign(deps, data.domain, data.campaignId);
  await notifier.ended('error');
}

/** A source's page count, known once it is open; the campaign's pages_total is the sum over its sources. */
async function setSourcePages(db: Db, data: SplitJobData, sourceId: string, pages: number): Promise<void> {
  const s = schemaOf(data.domain);
  await db.tx(async (q) => {
    await q.query(`UPDATE ${s}.campaign_sources SET pages = $2 WHERE id = $1`, [sourceId, pages]);
    await q.query(
      `UPDATE ${s}.campaigns c SET pages_total = (SELECT coalesce(sum(pages), 0)::int FROM ${s}.campaign_sources
         WHERE campaign_id = c.id) WHERE c.id = $1`,
      [data.campaignId],
    );
  });
}

/**
 * Where a campaign's recipients are found: its organisation and those below it that its creator sees
 * (as the ignored-pages picker and its assignment do). A creator given an organisation without its
 * children does not send to, nor see the names of, the children's employees.
 */
async function recipientOrgs(db: Db, domain: DomainId, orgId: string, creator: string | null): Promise<string[]> {
  const subtree = await orgSubtree(db, domain, orgId);
  if (!creator) return subtree;
  const seen = new Set(await visibleOrgIds(db, { userId: creator, domain }));
  return subtree.filter((id) => seen.has(id));
}

export async function runSplitJob(deps: SplitJobDeps, data: SplitJobData): Promise<void> {
  const { db } = deps;
  const s = schemaOf(data.domain);
  const campaign = await campaignRow(db, data.domain, data.campaignId);
  if (!campaign || campaign.status !== 'SPLITTING') return;
  const { rows: sources } = await db.query<SourceRow & { split_done: boolean }>(
    `SELECT id, position, name, doc_type_code, file_id, pages, split_done FROM ${s}.campaign_sources
      WHERE campaign_id = $1 ORDER BY position`,
    [data.campaignId],
  );
  const orgIds = await recipientOrgs(db, data.domain, campaign.organization_id, campaign.created_by ?? null);
  // The creator's panel: a running entry now, moved by the coalesced progress, finished at the end.
  const notifier = await splitNotifier(deps, data.domain, campaign);
  notifier.running(campaign.pages_split, campaign.pages_total);
  const progress = progressPublisher(deps, data.domain, campaign.organization_id, data.campaignId, (c) =>
    notifier.running(c.pagesSplit, c.pagesTotal),
  );
  try {
    const recipients = campaign.automatic_recipients
      ? []
      : await manualRecipients(db, data.domain, data.campaignId, orgIds);
    let pagesBefore = 0;
    for (const source of sources) {
      if (source.split_done) {
        pagesBefore += source.pages;
        continue;
      }
      await db.tx((q) => wipeSource(q, data.domain, data.campaignId, source));
      const bytes = (await readFile(db, data.domain, source.file_id))?.bytes;
      if (!bytes) throw new SplitFailure(ERROR_KEYS.pdfDamaged);
      // The campaign's creation and the source's reading came just before: a turn before the employees load.
      await yieldNow();
      const run = {
        db,
        domain: data.domain,
        campaignId: data.campaignId,
        source,
        bytes,
        pagesBefore,
        progressed: () => progress.tick(),
        opened: (pages: number) => setSourcePages(db, data, source.id, pages),
      };
      let pages: number;
      if (campaign.automatic_recipients) {
        const mask = await maskFor(db, data.domain, campaign.organization_id, source.doc_type_code);
        if (!mask) throw new SplitFailure(ERROR_KEYS.campaignMaskRequired);
        const employees = await employeeRows(db, data.domain, orgIds);
        // Loading thousands of employees held the thread (and PGlite) for tens of ms: let requests through.
        await yieldNow();
        const result = await splitAutomaticSource(run, mask, employees, orgIds);
        if (result.matched === 0)
          throw new SplitFailure(
            // A scan has no text anywhere: the mask is not the problem, the file is.
            result.pages > 0 && result.textless === result.pages
              ? ERROR_KEYS.campaignNoText
              : ERROR_KEYS.campaignNoPageMatched,
          );
        pages = result.pages;
      } else pages = await splitManualSource(run, recipients);
      pagesBefore += pages;
      await db.tx(async (q) => {
        await q.query(`UPDATE ${s}.campaign_sources SET split_done = true WHERE id = $1`, [source.id]);
        await q.query(`UPDATE ${s}.campaigns SET pages_split = $2 WHERE id = $1`, [data.campaignId, pagesBefore]);
      });
      await progress.flushNow();
    }
  } catch (error) {
    if (error instanceof SplitStopped) {
      await publishCampaign(deps, data.domain, data.campaignId);
      return notifier.ended('canceled');
    }
    if (error instanceof SplitFailure) return fail(deps, data, error.key, notifier);
    if (isPdfProblem(error)) return fail(deps, data, error.key, notifier);
    throw error;
  }
  await finish(deps, data, campaign.review, notifier);
}

/** After a restart: campaigns still splitting get their job again (a source not split_done is redone). */
export async function resumeSplits(
  db: Db,
  domains: readonly DomainId[],
  send: (data: SplitJobData) => Promise<unknown>,
): Promise<number> {
  let n = 0;
  for (const domain of domains) {
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM ${schemaOf(domain)}.campaigns WHERE status = 'SPLITTING'`,
    );
    for (const { id } of rows) {
      await send({ domain, campaignId: id });
      n += 1;
    }
  }
  return n;
}
