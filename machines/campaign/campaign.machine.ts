/**
 * The campaign lifecycle, pure: no invoked actors and no timers, because the server applies it with
 * `transition` to the snapshot persisted in `campaigns.machine_state`, and the web draws the same chart.
 * splitting → awaitingValidation (check before distribution) or dispatching → dispatched | inError;
 * refused and canceled end it. Documents live in the database; the machine only decides what is allowed.
 * Invariant: canRetry/canDelete are true only in inError. Events a state ignores are refused
 * (`snapshot.can` is false): the API answers 409 for them. One document sent or retried by an operator
 * (`campaign.document.send`) moves the campaign only in inError; while dispatching, the run's end counts it.
 */
import { and, assign, emit, setup } from 'xstate';
import type { CampaignContext, CampaignEmitted, CampaignEvent } from './campaign.types.ts';

type Failures = Extract<CampaignEvent, { type: 'job.dispatch.completed' | 'campaign.document.send' }>;
/** The failures an event reports: a distribution run's end, or one document's deposit. */
const failuresOf = (event: CampaignEvent): Failures | null =>
  event.type === 'job.dispatch.completed' || event.type === 'campaign.document.send' ? event : null;

export const initialCampaignContext: CampaignContext = { canRetry: false, canDelete: false };

const cleared = { canRetry: false, canDelete: false } as const;

export const campaignMachine = setup({
  types: {} as { context: CampaignContext; events: CampaignEvent; emitted: CampaignEmitted },
  guards: {
    isReviewRequired: ({ event }) => event.type === 'job.split.completed' && event.review,
    hasFailures: ({ event }) => (failuresOf(event)?.failed ?? 0) > 0,
    /** Documents of a distribution failed (either remedy): a failed split distributed none to send. */
    hasFailedDocuments: ({ context }) => context.canRetry || context.canDelete,
    /** The same, with failures still left after one document's deposit. */
    hasFailuresLeft: ({ context, event }) =>
      (context.canRetry || context.canDelete) && (failuresOf(event)?.failed ?? 0) > 0,
    canRetry: ({ context }) => context.canRetry,
    canDelete: ({ context }) => context.canDelete,
    hasNoFailuresLeft: ({ event }) => event.type === 'campaign.deleteDocuments' && event.remainingFailed === 0,
    /** In error with neither remedy: only a failed split leaves it so (nothing was distributed). */
    hasNoRemedy: ({ context }) => !context.canRetry && !context.canDelete,
  },
  actions: {
    storeFailures: assign(({ event }) => {
      const failures = failuresOf(event);
      return failures ? { canRetry: failures.retryable > 0, canDelete: failures.failed > failures.retryable } : {};
    }),
    setRetryable: assign({ canRetry: true, canDelete: false }),
    clearFailures: assign(cleared),
    // Transitions that change no state still act: the server publishes what they announce.
    emitUpdated: emit({ type: 'campaign.updated' } as const),
    emitDocumentRefused: emit(({ event }) => ({
      type: 'campaign.document.refused' as const,
      docId: event.type === 'campaign.document.refuse' ? event.docId : '',
    })),
    emitProgressed: emit({ type: 'campaign.progressed' } as const),
  },
}).createMachine({
  id: 'campaign',
  context: initialCampaignContext,
  initial: 'splitting',
  states: {
    splitting: {
      on: {
        'job.split.completed': [{ guard: 'isReviewRequired', target: 'awaitingValidation' }, { target: 'dispatching' }],
        // The source itself is at fault (unreadable, nobody found): a retry would read the same bytes.
        'job.split.failed': { target: 'inError', actions: 'clearFailures' },
        'campaign.update': { actions: 'emitUpdated' },
        'campaign.cancel': { target: 'canceled' },
      },
    },
    awaitingValidation: {
      on: {
        'campaign.validate': { target: 'dispatching' },
        'campaign.refuse': { target: 'refused' },
        'campaign.cancel': { target: 'canceled' },
        'campaign.update': { actions: 'emitUpdated' },
        'campaign.document.refuse': { actions: 'emitDocumentRefused' },
      },
    },
    dispatching: {
      initial: 'queued',
      states: {
        queued: { on: { 'job.dispatch.progressed': { target: 'running' } } },
        running: { on: { 'job.dispatch.progressed': { actions: 'emitProgressed' } } },
      },
      on: {
        'job.dispatch.completed': [
          { guard: 'hasFailures', target: 'inError', actions: 'storeFailures' },
          { target: 'dispatched' },
        ],
        'job.dispatch.failed': { target: 'inError', actions: 'setRetryable' },
        // A waiting document sent ahead of the run: the counts moved, the run's end still decides.
        'campaign.document.send': { actions: 'emitProgressed' },
      },
    },
    dispatched: {},
    inError: {
      on: {
        'campaign.retry': { guard: 'canRetry', target: 'dispatching', actions: 'clearFailures' },
        'campaign.deleteDocuments': [
          { guard: and(['canDelete', 'hasNoFailuresLeft']), target: 'dispatched', actions: 'clearFailures' },
          { guard: 'canDelete', target: 'inError' },
        ],
        'campaign.cancel': { guard: 'hasNoRemedy', target: 'canceled' },
        'campaign.document.send': [
          { guard: 'hasFailuresLeft', actions: 'storeFailures' },
          { guard: 'hasFailedDocuments', target: 'dispatched', actions: 'clearFailures' },
        ],
      },
    },
    refused: {},
    canceled: {},
  },
});
