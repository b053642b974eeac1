/**
 * The dashboard's chart figures (`shell.dashboardCharts`), live: read again (machines/read) when the counts move
 * (`push.badges.updated`: employees, campaigns, signbooks) or documents are deposited
 * (`push.documents.deposited`) — the pushes the shell already receives — and after a reconnection
 * that lost pushes (`push.reconnected`, not recovered). A burst reads once.
 */
import { useMemo } from 'react';
import { debounceTime, merge } from 'rxjs';
import type { DashboardCharts } from '../../../contract/dashboard.ts';
import { useRead } from '../../app/index.ts';
import { missedPushes } from '../../bus/index.ts';

export type ChartsState =
  | { readonly status: 'loading' }
  | { readonly status: 'error' }
  | { readonly status: 'ready'; readonly data: DashboardCharts };

const FIGURES = {} as const;

export const useDashboardCharts = (quietMs = 800): { state: ChartsState; reload: () => void } => {
  const { last, failure, reload } = useRead('shell.dashboardCharts', FIGURES, {
    staleOn: (bus) =>
      merge(bus.ofType('push.badges.updated', 'push.documents.deposited'), missedPushes(bus)).pipe(
        debounceTime(quietMs),
      ),
  });
  // A failed refresh keeps the figures already drawn; only a first read shows the error.
  const state = useMemo((): ChartsState => {
    if (last) return { status: 'ready', data: last };
    return failure ? { status: 'error' } : { status: 'loading' };
  }, [last, failure]);
  return { state, reload };
};
