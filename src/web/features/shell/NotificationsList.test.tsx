// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../contract/entities.ts';
import { SEED_TEXTS } from '../../../contract/keys.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { NotificationsList } from './NotificationsList.tsx';

afterEach(cleanup);

const note = (id: string, state: Notification['state'], percentage = 0): Notification => ({
  id,
  text: `Découpage ${id}`,
  percentage,
  type: 'split',
  state,
  cancelToken: null,
});

/** The machine's offers as the panel gets them: cancel on running tasks with a cancel token, close on all. */
const offers = (list: readonly Notification[]) => ({
  canCancel: (id: string) => list.some((n) => n.id === id && n.state === 'running' && n.cancelToken !== null),
  canClose: (id: string) => list.some((n) => n.id === id),
  canReset: list.some((n) => n.state !== 'running'),
  onCancel: vi.fn(),
  onClose: vi.fn(),
  onReset: vi.fn(),
});

describe('NotificationsList', () => {
  it('reads "Vous n\'avez pas de notification" when empty', () => {
    renderWithProviders(<NotificationsList notifications={[]} {...offers([])} />);
    expect(screen.getByText(SEED_TEXTS.noNotification)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers cancel on running items only, and shows done/error icons', () => {
    const list = [{ ...note('a', 'running', 40), cancelToken: 'a' }, note('b', 'done'), note('c', 'error')];
    const props = offers(list);
    const onCancel = props.onCancel;
    renderWithProviders(<NotificationsList notifications={list} {...props} />);
    expect(screen.queryByText(SEED_TEXTS.noNotification)).toBeNull();
    const cancels = screen.getAllByRole('button', { name: /^Annuler/ });
    expect(cancels).toHaveLength(1);
    fireEvent.click(cancels[0]!);
    expect(onCancel).toHaveBeenCalledWith('a');
    expect(screen.getByRole('img', { name: 'Terminée' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'En erreur' })).toBeTruthy();
  });

  it('resets finished items, and cannot while everything still runs', () => {
    const onReset = vi.fn();
    renderWithProviders(
      <NotificationsList notifications={[note('a', 'running')]} {...offers([note('a', 'running')])} />,
    );
    expect(
      (screen.getByRole('button', { name: 'Effacer les notifications terminées' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    cleanup();
    const list = [note('a', 'running'), note('b', 'done')];
    renderWithProviders(<NotificationsList notifications={list} {...offers(list)} onReset={onReset} />);
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les notifications terminées' }));
    expect(onReset).toHaveBeenCalledOnce();
  });

  it('closes every entry with its own « Fermer », and offers no cancel on a task the app cannot stop', () => {
    const list = [
      note('split', 'running', 40),
      { ...note('up', 'running', 10), cancelToken: 'up' },
      note('c', 'error'),
    ];
    const props = offers(list);
    renderWithProviders(<NotificationsList notifications={list} {...props} />);
    expect(screen.getAllByRole('button', { name: /^Annuler/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Annuler « Découpage up »',
    ]);
    const closes = screen.getAllByRole('button', { name: /^Fermer/ });
    expect(closes.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Fermer « Découpage split »',
      'Fermer « Découpage up »',
      'Fermer « Découpage c »',
    ]);
    fireEvent.click(closes[0]!);
    expect(props.onClose).toHaveBeenCalledWith('split');
    expect(props.onCancel).not.toHaveBeenCalled();
  });
});
