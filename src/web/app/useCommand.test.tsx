// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../contract/keys.ts';
import type { RouteId } from '../../contract/routes.ts';
import type { CallOptions } from '../api/index.ts';
import type { BusEvent } from '../bus/events.ts';
import { AppProvider } from './context.tsx';
import { useAlerts } from './hooks.ts';
import { createServices, type Services } from './services.ts';
import { useCommand, type UseCommandOptions } from './useCommand.ts';

/** A client that only records its calls: the test answers them on the bus, as the real client does. */
const recordingClient = () => {
  const calls: { routeId: RouteId; options: CallOptions }[] = [];
  return {
    calls,
    call: <T,>(routeId: RouteId, options: CallOptions = {}) => {
      calls.push({ routeId, options });
      return new Promise<T>(() => {});
    },
  };
};

const Probe = ({ options }: { options: UseCommandOptions<unknown> }) => {
  const send = useCommand('users.passwordLost', options);
  const { alerts } = useAlerts();
  return (
    <div>
      <button disabled={!send.canSubmit} onClick={() => send.submit({ body: { email: 'a@example.fr' } })}>
        send
      </button>
      <p data-testid="state">
        {send.running ? 'running' : send.done ? `done ${JSON.stringify(send.result)}` : (send.failure?.key ?? 'idle')}
      </p>
      <ul>
        {alerts.map((a) => (
          <li key={a.id}>{`${a.type} ${a.message}`}</li>
        ))}
      </ul>
    </div>
  );
};

let services: Services;
afterEach(() => {
  cleanup();
  services.stop();
});

const answer = (request: string, outcome: { result: unknown } | { failure: { status: number; key: string } }) =>
  act(() =>
    services.bus.emit({
      type: 'result' in outcome ? 'api.users.passwordLost.succeeded' : 'api.users.passwordLost.failed',
      routeId: 'users.passwordLost',
      params: {},
      request,
      ...outcome,
    } as BusEvent),
  );

describe('useCommand', () => {
  it('sends once per click, takes its answer from the bus by its tag, then alerts and follows up', () => {
    services = createServices({ storage: null, socket: false });
    const client = recordingClient();
    const done: unknown[] = [];
    render(
      <AppProvider services={services}>
        <Probe options={{ client, successAlert: 'auth.forgot.sent', onDone: (r) => void done.push(r) }} />
      </AppProvider>,
    );
    fireEvent.click(screen.getByText('send'));
    fireEvent.click(screen.getByText('send'));
    expect(client.calls).toHaveLength(1);
    expect(screen.getByTestId('state').textContent).toBe('running');
    const request = client.calls[0]!.options.request!;
    expect(client.calls[0]!.options.body).toEqual({ email: 'a@example.fr' });
    answer(`${request}0`, { result: 'not mine' });
    expect(screen.getByTestId('state').textContent).toBe('running');
    answer(request, { result: { ok: true } });
    expect(screen.getByTestId('state').textContent).toBe('done {"ok":true}');
    expect(screen.getByText('success auth.forgot.sent')).toBeTruthy();
    expect(done).toEqual([{ ok: true }]);
  });

  it('alerts the key the view chooses for a failure, and reads a refusal in a 200 as one', () => {
    services = createServices({ storage: null, socket: false });
    const client = recordingClient();
    render(
      <AppProvider services={services}>
        <Probe
          options={{
            client,
            failureAlert: (f) => `failed ${f.key}`,
            refuses: (a) => (a as { message?: string } | null)?.message === 'no',
          }}
        />
      </AppProvider>,
    );
    fireEvent.click(screen.getByText('send'));
    answer(client.calls[0]!.options.request!, { failure: { status: 0, key: ERROR_KEYS.network } });
    expect(screen.getByTestId('state').textContent).toBe(ERROR_KEYS.network);
    expect(screen.getByText(`error failed ${ERROR_KEYS.network}`)).toBeTruthy();
    fireEvent.click(screen.getByText('send'));
    answer(client.calls[1]!.options.request!, { result: { message: 'no' } });
    expect(screen.getByTestId('state').textContent).toBe(ERROR_KEYS.authInvalidToken);
  });
});
