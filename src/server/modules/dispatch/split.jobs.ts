/**
 * How handlers start the split job: through the queue when the app has one (`main.ts`), else inline
 * (apps built for `inject` tests), awaited so the caller sees the outcome. Mirrors `startDispatch`.
 */
import type { Deps } from '../../http/routes.ts';
import { safePortOf } from '../../ports/safe.ts';
import './jobs.ts';
import { CAMPAIGN_SPLIT_JOB, type SplitJobData, runSplitJob } from './split.job.ts';

export { CAMPAIGN_SPLIT_JOB, type SplitJobData, resumeSplits, runSplitJob } from './split.job.ts';

export async function startSplit(deps: Deps, data: SplitJobData): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.send(CAMPAIGN_SPLIT_JOB, data);
    return;
  }
  await runSplitJob(
    { db: deps.db, push: deps.push, safe: safePortOf(deps), mail: deps.mail, publicUrl: deps.config.publicUrl },
    data,
  );
}
