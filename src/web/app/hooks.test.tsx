// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProvider } from './context.tsx';
import { useAlerts, useAuth, useBadges, useNotifications } from './hooks.ts';
import { createServices, type Services } from './services.ts';

const Probe = ({ onCancel }: { onCancel: () => void }) => {
  const auth = useAuth();
  const { alerts, push, close } = useAlerts();
  const notifications = useNotifications();
  const badges = useBadges();
  return (
    <div>
      <p data-testid="status">{auth.status}</p>
      <p data-testid="can-login">{String(auth.can.login)}</p>
      <p data-testid="badges">{badges ? badges.employees.toValidate : 'none'}</p>
      <button onClick={() => push({ message: 'masks.get.error', type: 'error', mode: 'manual' })}>push</button>
      <ul>
        {alerts.map((a) => (
          <li key={a.id}>
            {a.message}
            <button onClick={() => close(a.id)}>close {a.message}</button>
          </li>
        ))}
      </ul>
      <p data-testid="empty">{String(notifications.isEmpty)}</p>
      <button onClick={() => notifications.track('up', 'upload', onCancel).progress(30)}>upload</button>
      <button onClick={() => notifications.cancel('up')}>cancel</button>
      <ol>
        {notifications.notifications.map((n) => (
          <li key={n.id}>{`${n.id} ${n.state} ${n.percentage}`}</li>
        ))}
      </ol>
    </div>
  );
};

let services: Services;
afterEach(() => {
  cleanup();
  services.stop();
});

describe('app hooks', () => {
  it('expose auth flags, alerts, notifications with cancel, and pushed badges', async () => {
    services = createServices({ storage: null, socket: false });
    let canceled = 0;
    render(
      <AppProvider services={services}>
        <Probe onCancel={() => (canceled += 1)} />
      </AppProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('loggedOut'));
    expect(screen.getByTestId('can-login').textContent).toBe('true');

    fireEvent.click(screen.getByText('push'));
    fireEvent.click(screen.getByText('push'));
    expect(screen.getAllByText('masks.get.error')).toHaveLength(1);
    fireEvent.click(screen.getByText('close masks.get.error'));
    expect(screen.queryByText('masks.get.error')).toBeNull();

    expect(screen.getByTestId('empty').textContent).toBe('true');
    fireEvent.click(screen.getByText('upload'));
    expect(screen.getByText('up running 30')).toBeTruthy();
    fireEvent.click(screen.getByText('cancel'));
    expect(screen.getByText('up canceled 30')).toBeTruthy();
    expect(canceled).toBe(1);

    expect(screen.getByTestId('badges').textContent).toBe('none');
    act(() =>
      services.bus.emit({
        type: 'push.badges.updated',
        payload: {
          employees: { all: 1, active: 1, inactive: 0, toValidate: 7 },
          campaigns: {
            validation: 0,
            finalized: 0,
            errorRetry: 0,
            errorDelete: 0,
            splitting: 0,
            dispatching: 0,
            refused: 0,
          },
          signbooks: { inProgress: 0, toSign: 0, done: 0, refused: 0, error: 0 },
        },
      }),
    );
    expect(screen.getByTestId('badges').textContent).toBe('7');
  });
});
