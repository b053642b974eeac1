import { describe, expect, it, vi } from 'vitest';
import type { DispatchedDocument } from '../../../contract/entities.ts';
import { ApiFailure } from '../../api/index.ts';
import type { Services } from '../../app/index.ts';
import { reportName } from './CampaignDownloads.tsx';
import { campaignHref, documentHref, isStepBack } from './campaignPaths.ts';
import { docActionFor, runDocAction } from './docActions.ts';
import { PAPER_REMOVE_AFTER_MS, PAPER_STEP_MS, simulatePaperProgress } from './paperProgress.ts';

const doc = (over: Partial<DispatchedDocument>): DispatchedDocument =>
  ({ id: 'd-1', campaignId: 'c-1', status: 'DISPATCHED', failureCause: null, ...over }) as DispatchedDocument;

describe('paper dispatch simulation (seed 000 §4)', () => {
  it('steps every 300 ms per paper document and removes the notification 3 s after 100 %', () => {
    vi.useFakeTimers();
    try {
      const seen: string[] = [];
      simulatePaperProgress(4, {
        start: () => seen.push('start'),
        progress: (p) => seen.push(`${p}`),
        done: () => seen.push('done'),
        remove: () => seen.push('remove'),
      });
      expect(seen).toEqual(['start']);
      vi.advanceTimersByTime(PAPER_STEP_MS);
      expect(seen).toEqual(['start', '25']);
      vi.advanceTimersByTime(3 * PAPER_STEP_MS);
      expect(seen).toEqual(['start', '25', '50', '75', '100', 'done']);
      vi.advanceTimersByTime(PAPER_REMOVE_AFTER_MS - 1);
      expect(seen.at(-1)).toBe('done');
      vi.advanceTimersByTime(1);
      expect(seen.at(-1)).toBe('remove');
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops where it is when stopped (cancelled or closed in the panel)', () => {
    vi.useFakeTimers();
    try {
      const seen: string[] = [];
      const stop = simulatePaperProgress(2, {
        start: () => seen.push('start'),
        progress: (p) => seen.push(`${p}`),
        done: () => seen.push('done'),
        remove: () => seen.push('remove'),
      });
      vi.advanceTimersByTime(PAPER_STEP_MS);
      stop();
      vi.advanceTimersByTime(PAPER_STEP_MS + PAPER_REMOVE_AFTER_MS);
      expect(seen).toEqual(['start', '50']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('per-document actions', () => {
  it('offers retry for failures a new attempt can fix, send for waiting documents, nothing otherwise', () => {
    const safeDown = doc({ status: 'NOT_DISPATCHED', failureCause: 'EDOCPERSO_ERROR' });
    expect(docActionFor(safeDown, 'IN_ERROR')).toBe('retry');
    expect(docActionFor(safeDown, 'DISPATCHING')).toBeNull();
    expect(docActionFor(doc({ status: 'NOT_DISPATCHED', failureCause: 'NO_EMP_FOUND' }), 'IN_ERROR')).toBeNull();
    expect(docActionFor(doc({ status: 'CANT_CREATE_DOC_ERROR' }), 'IN_ERROR')).toBe('retry');
    expect(docActionFor(doc({ status: 'WAITING_FOR_USER_REGISTRATION' }), 'DISPATCHED')).toBeNull();
    expect(docActionFor(doc({ status: 'CANT_AUTO_ATTACH_EMP_TO_ORG' }), 'DISPATCHED')).toBe('send');
    expect(docActionFor(doc({ status: 'CANT_AUTO_ATTACH_EMP_TO_ORG' }), 'NEEDS_VALIDATION')).toBeNull();
    expect(docActionFor(doc({ status: 'NEEDS_DISPATCHING' }), 'DISPATCHING')).toBe('send');
    expect(docActionFor(doc({ status: 'DISPATCHED' }), 'DISPATCHED')).toBeNull();
  });

  it('shows the seed failure key when the document is still failed, and the server key on a 409', async () => {
    const failedAgain = {
      call: () => Promise.resolve(doc({ status: 'NOT_DISPATCHED' })),
    } as unknown as Services['api'];
    expect((await runDocAction(failedAgain, doc({}), 'retry')).alert).toEqual({
      message: 'campaign.dispactchedDoc.retry.failure',
      type: 'error',
    });
    const conflict = {
      call: () =>
        Promise.reject(
          new ApiFailure({
            routeId: 'campaigns.sendDispatchedDoc',
            status: 409,
            key: 'error.workflow.illegal-transition',
          }),
        ),
    } as unknown as Services['api'];
    expect((await runDocAction(conflict, doc({}), 'send')).alert.message).toBe('error.workflow.illegal-transition');
    const down = { call: () => Promise.reject(new Error('network')) } as unknown as Services['api'];
    expect((await runDocAction(down, doc({}), 'send')).alert.message).toBe('campaign.dispactchedDoc.send.failure');
    const ok = { call: () => Promise.resolve(doc({ status: 'DISPATCHED' })) } as unknown as Services['api'];
    expect((await runDocAction(ok, doc({}), 'retry')).alert).toEqual({
      message: 'campaigns.docs.done',
      type: 'success',
    });
  });
});

describe('paths and names', () => {
  it('builds the document page path in the list scope the campaign was opened from', () => {
    expect(documentHref({}, 'c', 'd')).toBe('/campaigns/c/d');
    expect(documentHref({ status: 'error', subStatus: 'error-retry' }, 'c', 'd')).toBe(
      '/campaigns/status/error/subStatus/error-retry/c/d',
    );
    expect(campaignHref({ status: 'finalized' }, 'c')).toBe('/campaigns/status/finalized/c');
    expect([isStepBack({ back: 1 }), isStepBack({ back: '1' }), isStepBack({})]).toEqual([true, true, false]);
  });

  it('names the treatment report after the campaign, keeping accents', () => {
    expect(reportName('Bulletins de paie « octobre 2026 »')).toBe('rapport-Bulletins-de-paie-octobre-2026.csv');
    expect(reportName('///')).toBe('rapport-campagne.csv');
  });
});
