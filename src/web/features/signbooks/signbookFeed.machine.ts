/**
 * What the signbook page knows of one signbook, fed by its facts: the server's answers to its read
 * (`signbooks.get`, or `signbooks.guestGet` for a guest, from the bus) and word that it changed (the
 * push `signbook.updated` of its room — the pushed payload is neutral, the view is per user, so a
 * change means reading again). The lifecycle itself is machines/signbook, restored from the view
 * (`useSignbook`): the chart the server applies.
 *
 * open (facts invoked: the subscription and the room live exactly as long as it) →
 *   reading (the `read` actor asks; the answer comes back as a fact) → shown; a change or
 *   `signbook.reread` reads again. While the seal runs and no live socket will say when it ends,
 *   `awaitingSeal` reads again every 2 s.
 */
import { assign, fromEventObservable, fromPromise, setup } from 'xstate';
import type { SignbookView } from '../../../contract/signbook.ts';

export type SignbookFeedFact =
  | { readonly type: 'signbook.read.succeeded'; readonly view: SignbookView }
  | { readonly type: 'signbook.read.failed'; readonly key: string }
  /** The server says the signbook changed (push), or a socket came back (something may have). */
  | { readonly type: 'signbook.changed' }
  /** Whether a socket will tell this page when the seal ends. */
  | { readonly type: 'signbook.live'; readonly live: boolean };

export type SignbookFeedEvent = SignbookFeedFact | { readonly type: 'signbook.reread' };

export interface SignbookFeedContext {
  readonly view: SignbookView | null;
  /** Why the signbook is not shown (translation key): not found, not yet your turn… */
  readonly errorKey: string | null;
  readonly live: boolean;
}

export const SEAL_POLL_MS = 2000;

export const signbookFeedMachine = setup({
  types: {} as { context: SignbookFeedContext; events: SignbookFeedEvent; input: { live?: boolean } | undefined },
  actors: {
    /** Provided by the page: this signbook's facts (its room followed, or a guest's socket open, meanwhile). */
    facts: fromEventObservable<SignbookFeedFact, void>(() => ({ subscribe: () => ({ unsubscribe: () => {} }) })),
    /** Provided by the page: asks the server; the answer arrives as a fact. */
    read: fromPromise<void, void>(async () => {}),
  },
  guards: {
    pollsForSeal: ({ context }) => context.view?.status === 'SEALING' && !context.live,
  },
  actions: {
    storeView: assign({
      view: ({ event, context }) => (event.type === 'signbook.read.succeeded' ? event.view : context.view),
      errorKey: null,
    }),
    storeError: assign({
      errorKey: ({ event, context }) => (event.type === 'signbook.read.failed' ? event.key : context.errorKey),
    }),
    storeLive: assign({ live: ({ event, context }) => (event.type === 'signbook.live' ? event.live : context.live) }),
  },
}).createMachine({
  id: 'signbookFeed',
  context: ({ input }) => ({ view: null, errorKey: null, live: input?.live ?? false }),
  invoke: { id: 'facts', src: 'facts' },
  on: {
    'signbook.live': { actions: 'storeLive' },
    'signbook.changed': { target: '.reading' },
  },
  initial: 'reading',
  states: {
    reading: {
      invoke: { id: 'read', src: 'read' },
      on: {
        'signbook.read.succeeded': { target: 'shown', actions: 'storeView' },
        'signbook.read.failed': { target: 'shown', actions: 'storeError' },
        // A change while reading: this answer may predate it, read again.
        'signbook.changed': { target: 'reading', reenter: true },
      },
    },
    shown: {
      always: { guard: 'pollsForSeal', target: 'awaitingSeal' },
      on: { 'signbook.reread': 'reading' },
    },
    awaitingSeal: {
      after: { [SEAL_POLL_MS]: 'reading' },
      on: { 'signbook.reread': 'reading', 'signbook.live': { target: 'shown', actions: 'storeLive' } },
    },
  },
});
