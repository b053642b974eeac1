/**
 * Refetches when documents are deposited (`push.documents.deposited`: a campaign's dispatch, a
 * sealed signbook, an upload by someone else). The event names no document; the refetch applies the
 * user's own access rules. A burst of deposits refetches once; so does a reconnection that lost pushes.
 */
import { useEffect } from 'react';
import { debounceTime, merge } from 'rxjs';
import { useServices } from '../../app/index.ts';
import { missedPushes } from '../../bus/index.ts';

export const useDocumentsPush = (refresh: () => void, quietMs = 500): void => {
  const { bus } = useServices();
  useEffect(() => {
    const sub = merge(bus.ofType('push.documents.deposited'), missedPushes(bus))
      .pipe(debounceTime(quietMs))
      .subscribe(() => refresh());
    return () => sub.unsubscribe();
  }, [bus, refresh, quietMs]);
};
