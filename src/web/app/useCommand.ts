/**
 * One command of a view (issue 14): machines/command run with the app's client and bus. The `send`
 * actor only calls, tagged with this command's call number; the answer is the bus's
 * `api.<routeId>.succeeded | failed` carrying that tag. The view renders { running, confirming, done,
 * failure } and offers its button from `canSubmit`; the alerts and what follows a success (a
 * navigation, a file saved, a page read again) are the options.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { filter, map, Subject, type Observable } from 'rxjs';
import { fromEventObservable, fromPromise } from 'xstate';
import {
  commandMachine,
  selectCanCancel,
  selectCanConfirm,
  selectCanSubmit,
  selectConfirming,
  selectDone,
  selectFailure,
  selectResult,
  selectRunning,
  type CommandCall,
  type CommandEvent,
  type CommandFailure,
  type CommandInput,
  type SendInput,
} from '../../../machines/command/index.ts';
import { ERROR_KEYS } from '../../contract/keys.ts';
import type { RouteResult } from '../../contract/results.ts';
import type { RouteId } from '../../contract/routes.ts';
import type { ApiClient } from '../api/index.ts';
import type { Bus } from '../bus/bus.ts';
import { failedType, succeededType } from '../bus/events.ts';
import { useServices } from './context.tsx';
import type { Services } from './services.ts';

export interface UseCommandOptions<T> {
  /** The alert once done (the view's own key); none when the view shows it itself. */
  readonly successAlert?: string;
  /**
   * The alert of a failure: a key, or the key (with a detail) chosen from the failure; none when the view
   * shows it itself.
   */
  readonly failureAlert?: string | ((failure: CommandFailure) => string | FailureAlert | null);
  /** What follows a success: a navigation, a file saved, the page read again. */
  readonly onDone?: (result: T) => void;
  /** The client that calls (the signing module's, which renews its session); the app's by default. */
  readonly client?: Pick<ApiClient, 'call'>;
  /** An answer that is a refusal though it came (the signing module's « Auth token not valid »). */
  readonly refuses?: (answer: unknown) => boolean;
}

/** A failure's alert with what the server said underneath (a translated key). */
export interface FailureAlert {
  readonly message: string;
  readonly detail?: string;
}

export interface CommandView<T> {
  readonly running: boolean;
  readonly confirming: boolean;
  readonly done: boolean;
  readonly failure: CommandFailure | null;
  /** The last call's answer, once done. */
  readonly result: T | null;
  /** Whether a click sends (or asks to confirm) now: not while running or confirming. */
  readonly canSubmit: boolean;
  readonly canConfirm: boolean;
  readonly canCancel: boolean;
  /** Sends `call`; with `confirm`, once a person confirms (`confirm` / `cancel`). */
  readonly submit: (call?: CommandCall, how?: { readonly confirm?: boolean }) => void;
  readonly confirm: () => void;
  readonly cancel: () => void;
}

let commands = 0;

/** This command's answers on the bus, as the machine's `api.command.*` facts. */
const answersOf = (
  bus: Bus,
  { routeId, requester }: CommandInput,
  refuses?: (answer: unknown) => boolean,
): Observable<CommandEvent> =>
  bus.ofType(succeededType(routeId), failedType(routeId)).pipe(
    filter((e) => typeof e.request === 'string' && e.request.startsWith(`${requester}#`)),
    map((e): CommandEvent => {
      const answer = 'failure' in e ? e.failure : e.result;
      if (refuses?.(answer)) {
        const status = 'failure' in e ? e.failure.status : 200;
        return {
          type: 'api.command.failed',
          request: e.request!,
          failure: { status, key: ERROR_KEYS.authInvalidToken },
        };
      }
      return 'failure' in e
        ? { type: 'api.command.failed', request: e.request!, failure: e.failure }
        : { type: 'api.command.succeeded', request: e.request!, result: e.result };
    }),
  );

/** What the machine reports once a call is answered, for the view's latest options to act on. */
type Outcome =
  { readonly done: true; readonly result: unknown } | { readonly done: false; readonly failure: CommandFailure };

/** The client and the refusal test are the view's constants: read once, when it mounts. */
const commandLogic = (services: Services, outcomes: Subject<Outcome>, options: UseCommandOptions<unknown>) =>
  commandMachine.provide({
    actors: {
      facts: fromEventObservable(({ input }: { input: CommandInput }) =>
        answersOf(services.bus, input, options.refuses),
      ),
      send: fromPromise(async ({ input, signal }: { input: SendInput; signal: AbortSignal }) => {
        // The answer, good or bad, reaches the machine through the bus.
        await (options.client ?? services.api)
          .call(input.routeId, { ...input.call, request: input.request, signal })
          .catch(() => undefined);
      }),
    },
    actions: {
      notifyDone: (_, { result }) => outcomes.next({ done: true, result }),
      notifyFailure: (_, failure) => outcomes.next({ done: false, failure }),
    },
  });

const act = <T>(services: Services, options: UseCommandOptions<T>, outcome: Outcome): void => {
  const alert = (what: string | FailureAlert | null | undefined, type: 'success' | 'error') => {
    const alert = typeof what === 'string' ? { message: what } : what;
    if (alert?.message) services.actors.alerts.send({ type: 'alert.push', alert: { ...alert, type } });
  };
  if (outcome.done) {
    alert(options.successAlert, 'success');
    options.onDone?.(outcome.result as T);
  } else {
    const { failureAlert } = options;
    alert(typeof failureAlert === 'function' ? failureAlert(outcome.failure) : failureAlert, 'error');
  }
};

/** A command on `routeId`: `submit` sends it (with the call's params and body), once at a time. */
export const useCommand = <R extends RouteId, T = RouteResult<R>>(
  routeId: R,
  options: UseCommandOptions<T> = {},
): CommandView<T> => {
  const services = useServices();
  const [outcomes] = useState(() => new Subject<Outcome>());
  const [logic] = useState(() => commandLogic(services, outcomes, options as UseCommandOptions<unknown>));
  // The latest options act on an answer: what follows a success may close over the page's latest state.
  useEffect(() => {
    const subscription = outcomes.subscribe((outcome) => act(services, options, outcome));
    return () => subscription.unsubscribe();
  }, [outcomes, services, options]);
  const [requester] = useState(() => `command-${++commands}`);
  const actor = useActorRef(logic, { input: { routeId, requester } });
  const running = useSelector(actor, selectRunning);
  const confirming = useSelector(actor, selectConfirming);
  const done = useSelector(actor, selectDone);
  const failure = useSelector(actor, selectFailure);
  const result = useSelector(actor, selectResult) as T | null;
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const canCancel = useSelector(actor, selectCanCancel);
  const actions = useMemo(
    () => ({
      submit: (call: CommandCall = {}, how: { readonly confirm?: boolean } = {}) =>
        actor.send({ type: 'command.submit', call, ...(how.confirm ? { confirm: true } : {}) }),
      confirm: () => actor.send({ type: 'command.confirm' }),
      cancel: () => actor.send({ type: 'command.cancel' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ running, confirming, done, failure, result, canSubmit, canConfirm, canCancel, ...actions }),
    [running, confirming, done, failure, result, canSubmit, canConfirm, canCancel, actions],
  );
};
