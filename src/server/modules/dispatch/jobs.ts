/**
 * How handlers start the dispatch job: through the queue when the app has one (`main.ts`), else
 * inline after the commit (apps built for `inject` tests), awaited so the caller sees the outcome.
 */
import type { Deps } from '../../http/routes.ts';
import { safePortOf } from '../../ports/safe.ts';
import { CAMPAIGN_DISPATCH_JOB, type DispatchJobData, runDispatchJob } from './dispatch.job.ts';

export interface JobSender {
  send<T extends object>(name: string, data: T): Promise<string | null>;
}

declare module '../../http/routes.ts' {
  interface Deps {
    /** The pg-boss queue; absent in `inject`-only apps. */
    readonly jobs?: JobSender;
  }
}

export async function startDispatch(deps: Deps, data: DispatchJobData): Promise<void> {
  if (deps.jobs) {
    await deps.jobs.send(CAMPAIGN_DISPATCH_JOB, data);
    return;
  }
  await runDispatchJob(
    { db: deps.db, push: deps.push, safe: safePortOf(deps), mail: deps.mail, publicUrl: deps.config.publicUrl },
    data,
  );
}
