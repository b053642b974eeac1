/**
 * Builds the browser's services and long-lived actors once and connects them:
 * bus facts → machines (through invoked observable actors), session expiry → alerts and
 * notifications cleared + expiry alert + storage wiped + socket closed, auth session → socket
 * and badge counts, notification cancel → the task's abort handler.
 */
import { BehaviorSubject } from 'rxjs';
import { createActor, fromEventObservable, waitFor, type Actor } from 'xstate';
import { alertsMachine } from '../../../machines/alerts/alerts.machine.ts';
import { authMachine } from '../../../machines/auth/auth.machine.ts';
import { createAuthActors } from '../../../machines/auth/auth.actors.ts';
import { selectAuth, selectAuthStatus, type AuthSnapshot } from '../../../machines/auth/auth.selectors.ts';
import { notificationsMachine } from '../../../machines/notifications/notifications.machine.ts';
import type { BadgeCounts, Campaign } from '../../contract/entities.ts';
import { ALERT_KEYS } from '../../contract/keys.ts';
import { createApiClient, type ApiClient, type ApiClientOptions } from '../api/index.ts';
import { createBus, missedPushes, type Bus } from '../bus/index.ts';
import { createPush, type PushClient, type PushOptions } from '../push/index.ts';
import { campaignOfTopic, campaignOutcome } from './outcomes.ts';
import { createSessionStore, type SessionStore } from './sessionStore.ts';

const IN_PROGRESS: readonly string[] = [
  ALERT_KEYS.campaigns.validationInProgress,
  ALERT_KEYS.campaigns.retryInProgress,
];

/** Reminders closed in this browser session, by user (machines/alerts: closed stays closed). */
const REMINDERS_KEY = 'app.reminders.dismissed';
interface StoredDismissed {
  readonly userId: string | null;
  readonly dismissed: Record<string, number>;
}
const readDismissed = (): StoredDismissed => {
  try {
    const raw = JSON.parse(sessionStorage.getItem(REMINDERS_KEY) ?? 'null') as StoredDismissed | null;
    return raw && typeof raw.dismissed === 'object' ? raw : { userId: null, dismissed: {} };
  } catch {
    return { userId: null, dismissed: {} };
  }
};
const writeDismissed = (value: StoredDismissed): void => {
  try {
    sessionStorage.setItem(REMINDERS_KEY, JSON.stringify(value));
  } catch {
    // preference only: a reminder closed without storage comes back after a reload
  }
};

export interface ServicesOptions {
  /** API origin ('' = same origin). */
  readonly baseUrl?: string;
  /** Storage for the session; `null` = in memory; absent = localStorage. */
  readonly storage?: Parameters<typeof createSessionStore>[0];
  /** `false` disables the socket (tests without a push server). */
  readonly socket?: false | Pick<PushOptions, 'url' | 'socketOptions'>;
  readonly timeouts?: ApiClientOptions['timeouts'];
  readonly appVersion?: string;
}

export interface Services {
  readonly bus: Bus;
  readonly api: ApiClient;
  readonly push: PushClient;
  readonly sessionStore: SessionStore;
  readonly actors: {
    readonly auth: Actor<typeof authMachine>;
    readonly alerts: Actor<typeof alertsMachine>;
    readonly notifications: Actor<typeof notificationsMachine>;
  };
  /** Latest badge counts for the current organisation (push, else `shell.badges`). */
  readonly badges$: BehaviorSubject<BadgeCounts | null>;
  /** Abort handlers of running notifications, by notification id. */
  readonly cancelHandlers: Map<string, () => void>;
  /**
   * Called just before a campaign action's call: a run ending before the answer arrives still
   * replaces the action's « … en cours » message with its outcome.
   */
  campaignActionSent(campaignId: string): void;
  stop(): void;
}

const noPush: PushClient = { start() {}, stop() {}, connected: false, follow() {}, unfollow() {} };

const inSession = (s: AuthSnapshot): boolean => s.matches('session');

export const createServices = (options: ServicesOptions = {}): Services => {
  const bus = createBus();
  const sessionStore = createSessionStore(options.storage);
  const api = createApiClient({ bus, sessionStore, baseUrl: options.baseUrl ?? '', timeouts: options.timeouts });
  const push =
    options.socket === false
      ? noPush
      : createPush({
          bus,
          sessionStore,
          renewToken: () => api.call('users.current'),
          ...(options.socket ?? {}),
        });
  const badges$ = new BehaviorSubject<BadgeCounts | null>(null);
  const cancelHandlers = new Map<string, () => void>();

  const auth = createActor(
    authMachine.provide({
      actors: createAuthActors({
        api,
        sessionStore,
        appVersion: options.appVersion,
        sessionFacts: () => bus.ofType('api.session.expired', 'api.token.rotated', 'push.session.expired'),
        // RP-initiated logout: the identity provider's page, which sends the browser back to /login.
        leave: (url) => window.location.assign(url),
      }),
    }),
  );
  const stored = readDismissed();
  const alerts = createActor(
    alertsMachine.provide({ actors: { badgeFacts: fromEventObservable(() => bus.ofType('push.badges.updated')) } }),
    { input: { dismissed: stored.dismissed } },
  );
  // Closed reminders outlive a reload (sessionStorage), for the user who closed them.
  let storedUser = stored.userId;
  let lastDismissed = alerts.getSnapshot().context.dismissed;
  // Campaigns with an « … en cours » message out: their outcome replaces it when their push says so.
  const awaitingOutcome = new Set<string>();
  // The message is shown once the action's answer arrives, but a short run can end — and be pushed —
  // before that: each campaign's last push is numbered, and so is the moment an action on it was sent
  // (`campaignActionSent`), so a final push that came in between is the outcome at once.
  let pushCount = 0;
  const lastPush = new Map<string, { readonly n: number; readonly campaign: Campaign }>();
  const actionSentAt = new Map<string, number>();
  const outcomeSince = (campaignId: string) => {
    const sent = actionSentAt.get(campaignId);
    actionSentAt.delete(campaignId);
    const last = lastPush.get(campaignId);
    lastPush.delete(campaignId);
    return sent !== undefined && last && last.n > sent ? campaignOutcome(last.campaign) : null;
  };
  const alertsSub = alerts.subscribe((snapshot) => {
    const { dismissed } = snapshot.context;
    if (dismissed !== lastDismissed) {
      lastDismissed = dismissed;
      storedUser = auth.getSnapshot().context.session?.userId ?? storedUser;
      writeDismissed({ userId: storedUser, dismissed: { ...dismissed } });
    }
    for (const alert of snapshot.context.alerts) {
      const campaignId = campaignOfTopic(alert.topic);
      if (!campaignId || !IN_PROGRESS.includes(alert.message) || awaitingOutcome.has(campaignId)) continue;
      const early = outcomeSince(campaignId);
      // Same topic: the outcome replaces the message it follows.
      if (early) alerts.send({ type: 'alert.push', alert: early });
      else awaitingOutcome.add(campaignId);
    }
  });
  const outcomeSub = bus.ofType('push.campaign.updated').subscribe(({ payload }) => {
    pushCount += 1;
    if (actionSentAt.has(payload.id)) lastPush.set(payload.id, { n: pushCount, campaign: payload });
    if (!awaitingOutcome.has(payload.id)) return;
    const outcome = campaignOutcome(payload);
    if (!outcome) return;
    awaitingOutcome.delete(payload.id);
    alerts.send({ type: 'alert.push', alert: outcome });
  });
  const notifications = createActor(
    notificationsMachine.provide({
      actors: { notificationFacts: fromEventObservable(() => bus.ofType('push.notification.upserted')) },
    }),
  );

  auth.on('auth.session.expired', () => {
    push.stop();
    sessionStore.clear();
    badges$.next(null);
    alerts.send({ type: 'alert.clear' });
    notifications.send({ type: 'notification.clear' });
    alerts.send({
      type: 'alert.push',
      alert: { message: ALERT_KEYS.sessionExpired, type: 'warning', mode: 'automatic' },
    });
  });
  auth.on('auth.org.switch.failed', ({ error }) => {
    alerts.send({
      type: 'alert.push',
      alert: { message: ALERT_KEYS.organizations.switchFailure, type: 'error', mode: 'manual', detail: error.message },
    });
  });
  notifications.on('notification.canceled', ({ id }) => {
    cancelHandlers.get(id)?.();
    cancelHandlers.delete(id);
  });

  const pushCounts = () => {
    const counts = badges$.value;
    const features = auth.getSnapshot().context.session?.features ?? [];
    if (counts) {
      alerts.send({
        type: 'alerts.counts.updated',
        toValidate: counts.employees.toValidate,
        errorRetry: counts.campaigns.errorRetry,
        features,
      });
    }
  };
  const badgeSub = bus.ofType('push.badges.updated').subscribe((e) => {
    badges$.next(e.payload);
    pushCounts();
  });

  /** Connect the socket and load the counts when a session opens or its organisation changes. */
  let openedFor: string | null = null;
  let stopped = false;
  const authSub = auth.subscribe((snapshot) => {
    const session = snapshot.context.session;
    const key = inSession(snapshot) && session ? `${session.userId}|${session.domain}|${session.orgId}` : null;
    if (key === openedFor) return;
    const wasOpen = openedFor !== null;
    openedFor = key;
    if (!key) {
      push.stop();
      badges$.next(null);
      return;
    }
    if (!wasOpen) push.start();
    // Another user in this tab: what the previous one closed is not theirs to miss.
    if (session && storedUser && storedUser !== session.userId) alerts.send({ type: 'alert.clear' });
    if (session) storedUser = session.userId;
    if (selectAuthStatus(snapshot) === 'loggedIn') {
      api.call<BadgeCounts>('shell.badges').then(
        (counts) => {
          if (openedFor === key && !stopped) {
            badges$.next(counts);
            pushCounts();
          }
        },
        () => undefined, // a failed count load leaves the badges empty; the next push fills them
      );
    }
  });

  // The server sends the counts on every connection; after one that lost pushes they are also read
  // again, so a badge never waits on a packet that did not come back.
  const missedSub = missedPushes(bus).subscribe(() => {
    const key = openedFor;
    if (!key || stopped) return;
    api.call<BadgeCounts>('shell.badges').then(
      (counts) => {
        if (openedFor === key && !stopped) {
          badges$.next(counts);
          pushCounts();
        }
      },
      () => undefined,
    );
  });

  auth.start();
  alerts.start();
  notifications.start();

  return {
    bus,
    api,
    push,
    sessionStore,
    actors: { auth, alerts, notifications },
    badges$,
    cancelHandlers,
    campaignActionSent(campaignId: string) {
      actionSentAt.set(campaignId, pushCount);
    },
    stop() {
      stopped = true;
      authSub.unsubscribe();
      badgeSub.unsubscribe();
      missedSub.unsubscribe();
      alertsSub.unsubscribe();
      outcomeSub.unsubscribe();
      push.stop();
      auth.stop();
      alerts.stop();
      notifications.stop();
      bus.close();
    },
  };
};

/** Resolves once auth has left `restoring` (route guards wait for it on first load). */
export const waitForAuthSettled = (services: Services): Promise<AuthSnapshot> =>
  waitFor(services.actors.auth, (s) => !s.matches('restoring'), { timeout: Infinity });

export { selectAuth };
