/**
 * Runs machines/document-list for the documents archive list: the app's API client as its reads
 * (every result published on the bus as usual), `downloads.ts` as its zip (followed and canceled in the
 * notifications panel), the deposits heard on the bus as its reloads, the alerts as its action; the
 * URL's query (search, filters, sort, paging) sent as `list.query`. The page renders `view` and sends
 * the machine's events.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { debounceTime, map, merge } from 'rxjs';
import {
  createDocumentListActors,
  type DepositFact,
  documentListMachine,
  type DocumentListEvent,
  type DocumentQuery,
  selectDocumentList,
} from '../../../../machines/document-list/index.ts';
import { useServices } from '../../app/index.ts';
import { missedPushes } from '../../bus/index.ts';
import { downloadArchive } from './downloads.ts';

/** A burst of deposits (a campaign's dispatch) reads the list once; so does a reconnection that lost pushes. */
const DEPOSITS_QUIET_MS = 500;

export const useDocumentList = (query: DocumentQuery) => {
  const services = useServices();
  const { i18n } = useTranslation();
  // Built once per page (useActorRef keeps the first): the alerts actor rather than a render's `push`.
  const logic = useMemo(
    () =>
      documentListMachine.provide({
        actors: createDocumentListActors({
          api: services.api,
          downloadArchive: async ({ body, count, expectedBytes, atLeast }) =>
            (await downloadArchive(services, body, count, expectedBytes, atLeast)) ? 'saved' : 'canceled',
          deposits: merge(services.bus.ofType('push.documents.deposited'), missedPushes(services.bus)).pipe(
            debounceTime(DEPOSITS_QUIET_MS),
            map((): DepositFact => ({ type: 'list.reload' })),
          ),
        }),
        actions: {
          alert: (_, { detailKey, ...alert }) =>
            services.actors.alerts.send({
              type: 'alert.push',
              alert: { ...alert, ...(detailKey ? { detail: i18n.t(detailKey) } : {}) },
            }),
        },
      }),
    [services, i18n],
  );
  const actor = useActorRef(logic);
  const view = useSelector(actor, selectDocumentList);

  // The query stays in the URL; the machine reads again only when it changed.
  useEffect(() => {
    actor.send({ type: 'list.query', query });
  }, [actor, query]);

  const send = useMemo(() => (event: DocumentListEvent) => actor.send(event), [actor]);
  return { view, send };
};
export type DocumentList = ReturnType<typeof useDocumentList>;
