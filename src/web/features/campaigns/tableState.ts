/**
 * The documents table's filter, page and size, and the step-backward flag of seed 000 §2: opening a
 * document remembers them (with the scroll position) for this campaign; coming back with `?back=1`
 * restores them, then the flag leaves the URL. Opening the campaign afresh starts from the defaults.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import type { DocFilter } from './DispatchedDocsTable.tsx';
import { isStepBack } from './campaignPaths.ts';

interface Saved {
  readonly filter: DocFilter;
  readonly page: number;
  readonly size: number;
  readonly scrollY: number;
}
const DEFAULTS: Saved = { filter: 'ALL', page: 1, size: 20, scrollY: 0 };
const storageKey = (campaignId: string) => `campaign-table:${campaignId}`;

const load = (campaignId: string): Saved | null => {
  try {
    const raw = sessionStorage.getItem(storageKey(campaignId));
    return raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<Saved>) } : null;
  } catch {
    return null;
  }
};

export function useDocsTableState(campaignId: string | undefined) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const back = isStepBack(search);
  const [initial] = useState<Saved>(() => (back && campaignId ? load(campaignId) : null) ?? DEFAULTS);
  const [filter, setFilter] = useState<DocFilter>(initial.filter);
  const [page, setPage] = useState(initial.page);
  const [size, setSize] = useState(initial.size);
  const pendingScroll = useRef(back ? initial.scrollY : null);

  /** Called when a document page opens from this table. */
  const remember = useCallback(() => {
    if (!campaignId) return;
    const saved: Saved = { filter, page, size, scrollY: window.scrollY };
    sessionStorage.setItem(storageKey(campaignId), JSON.stringify(saved));
  }, [campaignId, filter, page, size]);

  /** Called once the rows are shown: scrolls back where the user was, then drops the flag from the URL. */
  const rowsShown = useCallback(() => {
    if (pendingScroll.current === null) return;
    const y = pendingScroll.current;
    pendingScroll.current = null;
    window.scrollTo({ top: y });
    void navigate({ to: '.', search: {}, replace: true } as never);
  }, [navigate]);

  return {
    stepBack: back,
    filter,
    page,
    size,
    setFilter: (f: DocFilter) => {
      setFilter(f);
      setPage(1);
    },
    setPage,
    setSize: (s: number) => {
      setSize(s);
      setPage(1);
    },
    remember,
    rowsShown,
  };
}
