// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render.tsx';
import { DelayedLoader } from './DelayedLoader.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DelayedLoader', () => {
  it('stays invisible for 300 ms, then shows the spinner', () => {
    renderWithProviders(<DelayedLoader />);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toContain('Chargement en cours');
  });

  it('never appears when the wait ends before 300 ms', () => {
    const { unmount } = renderWithProviders(<DelayedLoader />);
    act(() => vi.advanceTimersByTime(200));
    unmount();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
