import { useSyncExternalStore } from 'react';
import { LAYOUT } from '../../contract/constants.ts';

/** The seed's 600px threshold: at or below it the side navigation becomes a modal drawer. */
export const MOBILE_QUERY = `(max-width: ${LAYOUT.mobileBreakpointPx}px)`;

const subscribe = (onChange: () => void): (() => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
};

const snapshot = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia(MOBILE_QUERY).matches;

export const useIsMobile = (): boolean => useSyncExternalStore(subscribe, snapshot, () => false);
