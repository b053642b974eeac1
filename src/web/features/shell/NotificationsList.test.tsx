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

describe('NotificationsList', () => {
  it('reads "Vous n\'avez pas de notification" when empty', () => {
    renderWithProviders(<NotificationsList notifications={[]} onCancel={vi.fn()} onReset={vi.fn()} />);
    expect(screen.getByText(SEED_TEXTS.noNotification)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers cancel on running items only, and shows done/error icons', () => {
    const onCancel = vi.fn();
    renderWithProviders(
      <NotificationsList
        notifications={[note('a', 'running', 40), note('b', 'done'), note('c', 'error')]}
        onCancel={onCancel}
        onReset={vi.fn()}
      />,
    );
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
      <NotificationsList notifications={[note('a', 'running')]} onCancel={vi.fn()} onReset={onReset} />,
    );
    expect(
      (screen.getByRole('button', { name: 'Effacer les notifications terminées' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    cleanup();
    renderWithProviders(
      <NotificationsList
        notifications={[note('a', 'running'), note('b', 'done')]}
        onCancel={vi.fn()}
        onReset={onReset}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les notifications terminées' }));
    expect(onReset).toHaveBeenCalledOnce();
  });
});
