/**
 * The one way a signbook's state changes: restore its snapshot, ask the machine, persist the next
 * snapshot (status, current step) with the side effects' records in the same transaction. A refused
 * event is a 409 and the transaction rolls back, so nothing changes. A `deleted` signbook's row goes.
 */
import { transition } from 'xstate';
import type { DomainId } from '../../../contract/constants.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import {
  type SignbookEmitted,
  type SignbookEvent,
  type SignbookSnapshot,
  persist,
  signbookMachine,
  statusOf,
} from '../../../../machines/signbook/index.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { type SignatoryRow, type SignbookRow, signatoriesOf, signbookRow, snapshotOf } from './repo.ts';

export interface Applied {
  readonly next: SignbookSnapshot;
  readonly emitted: readonly SignbookEmitted[];
}

/** Applies `event` to the locked row; throws 409 (or `refusal`) when the machine refuses it. Call inside `db.tx`. */
export async function applyEvent(
  q: Queryable,
  domain: DomainId,
  row: SignbookRow,
  signatories: readonly SignatoryRow[],
  event: SignbookEvent,
  refusal: ApiFailure = new ApiFailure(409, ERROR_KEYS.illegalTransition),
): Promise<Applied> {
  const current = snapshotOf(row, signatories);
  if (!current.can(event)) throw refusal;
  const [next, actions] = transition(signbookMachine, current, event);
  // Emitted events travel as `xstate.emit` actions whose params hold the event.
  const emitted = (actions as readonly { type: string; params?: unknown }[])
    .filter((a) => a.type === 'xstate.emit')
    .map((a) => (a.params as { event: SignbookEmitted }).event);
  const s = schemaOf(domain);
  const status = statusOf(next);
  if (status === null) {
    await q.query(`DELETE FROM ${s}.signbooks WHERE id = $1`, [row.id]);
  } else {
    await q.query(
      `UPDATE ${s}.signbooks
          SET machine_state = $2::jsonb, status = $3, current_step = $4, updated_at = now(),
              completed_at = CASE WHEN $3 = 'COMPLETE' THEN coalesce(completed_at, now()) ELSE completed_at END
        WHERE id = $1`,
      [row.id, JSON.stringify(persist(next)), status, next.context.currentStep],
    );
  }
  return { next, emitted };
}

/** For jobs: the same, by id, without a caller's scope. `null` when the signbook is gone or refuses. */
export async function applyJobEvent(
  q: Queryable,
  domain: DomainId,
  signbookId: string,
  event: SignbookEvent,
): Promise<Applied | null> {
  const row = await signbookRow(q, domain, signbookId, true);
  if (!row) return null;
  const signatories = await signatoriesOf(q, domain, [row.id]);
  if (!snapshotOf(row, signatories).can(event)) return null;
  return applyEvent(q, domain, row, signatories, event);
}
