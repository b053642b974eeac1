import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { CAMPAIGN_STATUSES } from '../../src/contract/enums.ts';
import { campaignMachine } from './campaign.machine.ts';
import { selectCampaign } from './campaign.selectors.ts';
import { type CampaignSnapshot, persist, restoreSnapshot, snapshotFor, statusOf } from './campaign.status.ts';
import type { CampaignEvent } from './campaign.types.ts';

const run = (events: CampaignEvent[], from?: CampaignSnapshot): CampaignSnapshot =>
  events.reduce((s, e) => transition(campaignMachine, s, e)[0], from ?? initialTransition(campaignMachine)[0]);

describe('campaign lifecycle', () => {
  it('starts splitting, then waits for a check when the campaign asks for review', () => {
    const s = run([{ type: 'job.split.completed', review: true }]);
    expect(statusOf(s)).toBe('NEEDS_VALIDATION');
    expect(selectCampaign(s)).toMatchObject({ canValidate: true, canRefuse: true, canCancel: true, canRetry: false });
  });

  it('goes straight to distribution without review, queued until the job reports progress', () => {
    const queued = run([{ type: 'job.split.completed', review: false }]);
    expect(statusOf(queued)).toBe('NEEDS_DISPATCHING');
    expect(statusOf(run([{ type: 'job.dispatch.progressed' }], queued))).toBe('DISPATCHING');
  });

  it('ends dispatched when nothing failed, in error with the right flags otherwise', () => {
    const validated = run([{ type: 'job.split.completed', review: true }, { type: 'campaign.validate' }]);
    expect(statusOf(run([{ type: 'job.dispatch.completed', failed: 0, retryable: 0 }], validated))).toBe('DISPATCHED');
    const retry = run([{ type: 'job.dispatch.completed', failed: 3, retryable: 3 }], validated);
    expect(statusOf(retry)).toBe('IN_ERROR');
    expect(retry.context).toEqual({ canRetry: true, canDelete: false });
    const del = run([{ type: 'job.dispatch.completed', failed: 2, retryable: 0 }], validated);
    expect(del.context).toEqual({ canRetry: false, canDelete: true });
  });

  it('retries only when canRetry, and deletes only when canDelete', () => {
    const retryable = snapshotFor('IN_ERROR', { canRetry: true });
    expect(retryable.can({ type: 'campaign.retry' })).toBe(true);
    expect(retryable.can({ type: 'campaign.deleteDocuments', remainingFailed: 0 })).toBe(false);
    const after = run([{ type: 'campaign.retry' }], retryable);
    expect(statusOf(after)).toBe('NEEDS_DISPATCHING');
    expect(after.context).toEqual({ canRetry: false, canDelete: false });

    const deletable = snapshotFor('IN_ERROR', { canDelete: true });
    expect(deletable.can({ type: 'campaign.retry' })).toBe(false);
    expect(statusOf(run([{ type: 'campaign.deleteDocuments', remainingFailed: 1 }], deletable))).toBe('IN_ERROR');
    expect(statusOf(run([{ type: 'campaign.deleteDocuments', remainingFailed: 0 }], deletable))).toBe('DISPATCHED');
  });

  it('follows one document sent in error: dispatched when no failure is left, remedies recomputed otherwise', () => {
    const send = (failed: number, retryable: number) =>
      ({ type: 'campaign.document.send', failed, retryable }) as const;
    const retryable = snapshotFor('IN_ERROR', { canRetry: true });
    const some = run([send(2, 1)], retryable);
    expect([statusOf(some), some.context]).toEqual(['IN_ERROR', { canRetry: true, canDelete: true }]);
    const onlyDeletable = run([send(1, 0)], some);
    expect([statusOf(onlyDeletable), onlyDeletable.context]).toEqual([
      'IN_ERROR',
      { canRetry: false, canDelete: true },
    ]);
    const none = run([send(0, 0)], onlyDeletable);
    expect([statusOf(none), none.context]).toEqual(['DISPATCHED', { canRetry: false, canDelete: false }]);
    // A failed split distributed nothing: there is no document to send.
    expect(run([{ type: 'job.split.failed' }]).can(send(0, 0))).toBe(false);
  });

  it('lets one document go ahead of a running distribution without moving the campaign, and nowhere else', () => {
    const queued = run([{ type: 'job.split.completed', review: false }]);
    expect(statusOf(run([{ type: 'campaign.document.send', failed: 3, retryable: 3 }], queued))).toBe(
      'NEEDS_DISPATCHING',
    );
    for (const status of ['SPLITTING', 'NEEDS_VALIDATION', 'DISPATCHED', 'REFUSED', 'CANCELED'] as const)
      expect([status, snapshotFor(status).can({ type: 'campaign.document.send', failed: 0, retryable: 0 })]).toEqual([
        status,
        false,
      ]);
  });

  it('refuses operator actions once the campaign is over', () => {
    for (const status of ['DISPATCHED', 'REFUSED', 'CANCELED'] as const) {
      const view = selectCampaign(snapshotFor(status));
      expect(view).toMatchObject({
        canValidate: false,
        canRefuse: false,
        canCancel: false,
        canRetry: false,
        canUpdate: false,
      });
      expect(view.isOver).toBe(true);
    }
  });

  it('never carries failure flags outside inError, whatever the stored columns say', () => {
    expect(snapshotFor('DISPATCHED', { canRetry: true }).context.canRetry).toBe(false);
  });

  it('maps every modelled status to a state and back, and survives a JSON round trip', () => {
    const modelled = CAMPAIGN_STATUSES.filter(
      (s) =>
        !['DRAFT', 'NEEDS_CLIENT_VALIDATION', 'DISPATCHED_WAIT_CUSTOMER_DISPATCHING', 'EDITIQUE_ERROR'].includes(s),
    );
    for (const status of modelled) expect(statusOf(snapshotFor(status))).toBe(status);
    const stored = JSON.parse(JSON.stringify(persist(snapshotFor('IN_ERROR', { canRetry: true })))) as ReturnType<
      typeof persist
    >;
    const restored = restoreSnapshot(stored);
    expect(statusOf(restored)).toBe('IN_ERROR');
    expect(restored.can({ type: 'campaign.retry' })).toBe(true);
  });

  it('reads unmodelled statuses as their nearest state', () => {
    expect(statusOf(snapshotFor('NEEDS_CLIENT_VALIDATION'))).toBe('NEEDS_VALIDATION');
    expect(selectCampaign(snapshotFor('EDITIQUE_ERROR')).step).toBe('inError');
  });
});
