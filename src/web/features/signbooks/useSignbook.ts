/**
 * One signbook for the page. Its feed machine (signbookFeed.machine.ts) holds the view for the
 * session user, read again whenever the signbook changes (its facts, from the bus or a guest's
 * socket) and, while the seal runs unheard, every 2 s. Its lifecycle is `SignbookLifecycle`, an
 * actor of machines/signbook restored from that view.
 * A signatory of a later step gets 409 `error.signbook.document-not-yet`: kept as `errorKey`, not
 * shown as a failure. The PDF is read once, and again for the sealed one (a new file id).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromEventObservable, fromPromise } from 'xstate';
import type { SignbookView } from '../../../contract/signbook.ts';
import { useRead, useServices } from '../../app/index.ts';
import { signbookFacts } from './useSignbookLive.ts';
import { useSignClient } from './useSignClient.ts';
import { callsOf, type SignbookAccess } from './signbookAccess.ts';
import { signbookFeedMachine } from './signbookFeed.machine.ts';

export interface SignbookState {
  readonly view: SignbookView | null;
  readonly pdf: Uint8Array | null;
  /** Why the signbook is not shown (translation key): not found, not yet your turn… */
  readonly errorKey: string | null;
  readonly loading: boolean;
  readonly refresh: () => void;
}

/** Mount once per signbook (the page keys it by id or token). */
export const useSignbook = (access: SignbookAccess): SignbookState => {
  const services = useServices();
  const sign = useSignClient();
  const logic = useMemo(
    () =>
      signbookFeedMachine.provide({
        actors: {
          facts: fromEventObservable(() => signbookFacts(services, access)),
          read: fromPromise(async ({ signal }: { signal: AbortSignal }) => {
            const [route, params] = callsOf(access).get;
            // The answer, good or bad, reaches the feed as a fact (from the bus).
            await sign.call(route, { params, signal }).catch(() => undefined);
          }),
        },
      }),
    [services, sign], // eslint-disable-line react-hooks/exhaustive-deps -- one signbook per mount
  );
  const feed = useActorRef(logic, { input: { live: false } });
  const view = useSelector(feed, (s) => s.context.view);
  const errorKey = useSelector(feed, (s) => s.context.errorKey);
  const loading = useSelector(feed, (s) => s.matches('reading'));

  // The PDF through the read machine (its answer from the bus), as bytes: read again for a new file id (the
  // sealed one); the last one received stays shown meanwhile and if a later read fails.
  const docId = view?.documents[0]?.id ?? null;
  const [route, params] = callsOf(access).document;
  const file = useRead(route, docId ? { params, scope: docId } : null, { client: sign, bytes: true });
  const pdf = file.last as Uint8Array | null;

  const refresh = useMemo(() => () => feed.send({ type: 'signbook.reread' }), [feed]);
  return { view, pdf, errorKey, loading, refresh };
};
