/**
 * The dashboard's chart figures (`shell.dashboardCharts`), live: refetched when the counts move
 * (`push.badges.updated`: employees, campaigns, signbooks) or documents are deposited
 * (`push.documents.deposited`) — the pushes the shell already receives — and after a reconnection
 * that lost pushes (`push.reconnected`, not recovered). A burst refetches once.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { debounceTime, merge } from 'rxjs';
import type { DashboardCharts } from '../../../contract/dashboard.ts';
import { useServices } from '../../app/index.ts';
import { missedPushes } from '../../bus/index.ts';

export type ChartsState =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'ready'; readonly data: DashboardCharts };

export const useDashboardCharts = (quietMs = 800): { state: ChartsState; reload: () => void } => {
  const { api, bus } = useServices();
  const [state, setState] = useState<ChartsState>({ status: 'loading' });
  const latest = useRef(0);

  const reload = useCallback(() => {
    const call = ++latest.current;
    api.call<DashboardCharts>('shell.dashboardCharts').then(
      (data) => {
        if (call === latest.current) setState({ status: 'ready', data });
      },
      () => {
        // A failed refresh keeps the figures already drawn; only a first load shows the error.
        if (call === latest.current) setState((s) => (s.status === 'ready' ? s : { status: 'error' }));
      },
    );
  }, [api]);

  useEffect(() => {
    reload();
    const sub = merge(bus.ofType('push.badges.updated', 'push.documents.deposited'), missedPushes(bus))
      .pipe(debounceTime(quietMs))
      .subscribe(() => reload());
    const calls = latest;
    return () => {
      sub.unsubscribe();
      // An answer arriving after unmount is dropped like a stale one.
      calls.current++;
    };
  }, [bus, reload, quietMs]);

  return { state, reload };
};
