/**
 * The one way a campaign's state changes: restore its snapshot, ask the machine, persist the next
 * snapshot with the side effects' records in the same transaction. A refused event is a 409 and the
 * transaction rolls back, so nothing changes.
 */
import { transition } from 'xstate';
import type { DomainId } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import {
  type CampaignEvent,
  type CampaignSnapshot,
  campaignMachine,
  persist,
  statusOf,
} from '../../../../machines/campaign/index.ts';
import { type CampaignRow, campaignRow, snapshotOfRow } from './campaign.repo.ts';

export type Effect = (q: Queryable, row: CampaignRow, next: CampaignSnapshot) => Promise<void>;

/** Applies `event` to the locked row; throws 409 when the machine refuses it. Call inside `db.tx`. */
export async function applyEvent(
  q: Queryable,
  domain: DomainId,
  row: CampaignRow,
  event: CampaignEvent,
  effect?: Effect,
): Promise<CampaignSnapshot> {
  const current = snapshotOfRow(row);
  // `can` is false for events the state ignores; targetless transitions the chart declares carry an action.
  if (!current.can(event)) throw new ApiFailure(409, ERROR_KEYS.illegalTransition);
  const [next] = transition(campaignMachine, current, event);
  if (effect) await effect(q, row, next);
  await q.query(
    `UPDATE ${schemaOf(domain)}.campaigns
        SET machine_state = $2::jsonb, status = $3, can_retry = $4, can_delete = $5
      WHERE id = $1`,
    [row.id, JSON.stringify(persist(next)), statusOf(next), next.context.canRetry, next.context.canDelete],
  );
  return next;
}

/** For jobs: the same, by id, without a caller's scope. `null` when the campaign is gone or refuses. */
export async function applyJobEvent(
  q: Queryable,
  domain: DomainId,
  campaignId: string,
  event: CampaignEvent,
): Promise<CampaignSnapshot | null> {
  const row = await campaignRow(q, domain, campaignId, true);
  if (!row || !snapshotOfRow(row).can(event)) return null;
  return applyEvent(q, domain, row, event);
}
