/**
 * The split job's entry in its creator's notifications panel (seed 000 §4: a notifications list with
 * progress bars, error or success icons when finished): one entry per campaign split, its id stable
 * (`campaign-split-<id>`, the same after a restart), pushed to the creator's user room only — running
 * when the job starts and as pages are split (coalesced with the campaign's progress pushes), then
 * finished with the same id: done, in error when the split fails, cancelled when the campaign left
 * splitting. Nobody else hears it; a creator no longer active, or a campaign without one (demo rows),
 * gets nothing.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { Notification } from '../../../contract/entities.ts';
import type { NotificationState } from '../../../contract/enums.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import type { Push } from '../../push/push.ts';

/** The panel's texts (src/web/i18n/locales), by the entry's state. */
export const SPLIT_NOTIFICATION_KEYS: Record<NotificationState, string> = {
  running: 'campaigns.splitNotification.running',
  done: 'campaigns.splitNotification.done',
  error: 'campaigns.splitNotification.error',
  canceled: 'campaigns.splitNotification.canceled',
};

export const splitNotificationId = (campaignId: string): string => `campaign-split-${campaignId}`;

export interface SplitNotifier {
  /** Pages split so far out of the total (0 while the total is unknown). Ignored once ended. */
  running(pagesSplit: number, pagesTotal: number): void;
  /** The finished entry, same id; later `running` calls (a coalesced push still in flight) are dropped. */
  ended(state: Exclude<NotificationState, 'running'>): Promise<void>;
}

const silent: SplitNotifier = { running: () => undefined, ended: async () => undefined };

export const splitPercentage = (pagesSplit: number, pagesTotal: number): number =>
  pagesTotal > 0 ? Math.max(0, Math.min(100, Math.floor((pagesSplit / pagesTotal) * 100))) : 0;

export async function splitNotifier(
  deps: { db: Queryable; push: Push },
  domain: DomainId,
  campaign: { readonly id: string; readonly name: string; readonly created_by?: string | null | undefined },
): Promise<SplitNotifier> {
  if (!campaign.created_by) return silent;
  const { rows } = await deps.db.query<{ id: string }>(`SELECT id FROM directory.users WHERE id = $1 AND active`, [
    campaign.created_by,
  ]);
  const userId = rows[0]?.id;
  if (!userId) return silent;
  const id = splitNotificationId(campaign.id);
  const entry = (
    state: NotificationState,
    percentage: number,
    values: Record<string, string | number> = {},
  ): Notification => ({
    id,
    text: SPLIT_NOTIFICATION_KEYS[state],
    percentage,
    type: 'split',
    state,
    cancelToken: null,
    values: { campaign: campaign.name, campaignId: campaign.id, ...values },
  });
  let ended = false;
  let last = -1;
  return {
    running(pagesSplit, pagesTotal) {
      const percentage = splitPercentage(pagesSplit, pagesTotal);
      if (ended || percentage === last) return;
      last = percentage;
      deps.push.publishToUser(userId, 'notification.upserted', entry('running', percentage));
    },
    async ended(state) {
      if (ended) return;
      ended = true;
      const { rows: pages } = await deps.db.query<{ pages_split: number; pages_total: number }>(
        `SELECT pages_split, pages_total FROM ${schemaOf(domain)}.campaigns WHERE id = $1`,
        [campaign.id],
      );
      const total = pages[0]?.pages_total ?? 0;
      const split = pages[0]?.pages_split ?? 0;
      deps.push.publishToUser(
        userId,
        'notification.upserted',
        state === 'done'
          ? entry('done', 100, { count: total })
          : entry(state, splitPercentage(split, total), { count: total }),
      );
    },
  };
}
