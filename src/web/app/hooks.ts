/** The view-facing API of the actors: selectors for reading, named functions for sending. */
import { useSelector } from '@xstate/react';
import { useMemo, useSyncExternalStore } from 'react';
import { selectAlerts, selectReminders } from '../../../machines/alerts/alerts.selectors.ts';
import type { AlertInput } from '../../../machines/alerts/alerts.types.ts';
import { selectAuth, type AuthView } from '../../../machines/auth/auth.selectors.ts';
import type { SsoVia } from '../../../machines/auth/auth.types.ts';
import {
  selectCanCancel,
  selectCanClose,
  selectCanReset,
  selectIsEmpty,
  selectNotifications,
} from '../../../machines/notifications/notifications.selectors.ts';
import type { DomainId } from '../../contract/constants.ts';
import type { Alert, BadgeCounts, Notification } from '../../contract/entities.ts';
import { useServices } from './context.tsx';

export interface UseAuth extends AuthView {
  login(login: string, password: string): void;
  /** Back from an identity provider: its answer (code and state, CAS ticket, portal token) logs in. */
  sso(via: SsoVia, body: Readonly<Record<string, string>>): void;
  chooseDomain(domain: DomainId): void;
  /** Leaves domain choice without entering a domain: back to the login page (the session ends). */
  leaveDomainChoice(): void;
  switchOrg(orgId: string): void;
  resetOrg(): void;
  logout(): void;
  refresh(): void;
}

export const useAuth = (): UseAuth => {
  const { auth } = useServices().actors;
  const view = useSelector(auth, selectAuth);
  const commands = useMemo(
    () => ({
      login: (login: string, password: string) => auth.send({ type: 'auth.login', login, password }),
      sso: (via: SsoVia, body: Readonly<Record<string, string>>) => auth.send({ type: 'auth.sso', via, body }),
      chooseDomain: (domain: DomainId) => auth.send({ type: 'auth.domain.choose', domain }),
      leaveDomainChoice: () => auth.send({ type: 'auth.domain.back' }),
      switchOrg: (orgId: string) => auth.send({ type: 'auth.org.switch', orgId }),
      resetOrg: () => auth.send({ type: 'auth.org.reset' }),
      logout: () => auth.send({ type: 'auth.logout' }),
      refresh: () => auth.send({ type: 'auth.session.refresh' }),
    }),
    [auth],
  );
  return useMemo(() => ({ ...view, ...commands }), [view, commands]);
};

export interface UseAlerts {
  readonly alerts: readonly Alert[];
  push(input: AlertInput): void;
  close(id: string): void;
  clear(): void;
}

export const useAlerts = (): UseAlerts => {
  const { alerts: actor } = useServices().actors;
  const alerts = useSelector(actor, selectAlerts);
  return useMemo(
    () => ({
      alerts,
      push: (input: AlertInput) => actor.send({ type: 'alert.push', alert: input }),
      close: (id: string) => actor.send({ type: 'alert.close', id }),
      clear: () => actor.send({ type: 'alert.clear' }),
    }),
    [actor, alerts],
  );
};

export interface UseReminders {
  /** Standing reminders from counts, for the reminders row (they never float over the page). */
  readonly reminders: readonly Alert[];
  /** Closes one for the rest of the session (back only if its count rises). */
  close(id: string): void;
}

export const useReminders = (): UseReminders => {
  const { alerts: actor } = useServices().actors;
  const reminders = useSelector(actor, selectReminders);
  return useMemo(
    () => ({ reminders, close: (id: string) => actor.send({ type: 'reminder.close', id }) }),
    [actor, reminders],
  );
};

export interface TrackedTask {
  progress(percentage: number): void;
  done(): void;
  fail(): void;
}

export interface UseNotifications {
  readonly notifications: readonly Notification[];
  readonly isEmpty: boolean;
  /** The panel's offers, from the machine: « Annuler » on an entry, its close (×), the reset button. */
  readonly canCancel: (id: string) => boolean;
  readonly canClose: (id: string) => boolean;
  readonly canReset: boolean;
  cancel(id: string): void;
  remove(id: string): void;
  reset(): void;
  /** Starts a running notification; `cancel` is called if the user cancels it. */
  track(id: string, text: string, cancel?: () => void): TrackedTask;
}

export const useNotifications = (): UseNotifications => {
  const services = useServices();
  const actor = services.actors.notifications;
  const notifications = useSelector(actor, selectNotifications);
  const isEmpty = useSelector(actor, selectIsEmpty);
  const snapshot = useSelector(actor, (s) => s);
  return useMemo(() => {
    const track = (id: string, text: string, cancel?: () => void): TrackedTask => {
      if (cancel) services.cancelHandlers.set(id, cancel);
      actor.send({ type: 'notification.start', id, text, cancelToken: cancel ? id : null });
      const end = (type: 'notification.done' | 'notification.fail') => {
        services.cancelHandlers.delete(id);
        actor.send({ type, id });
      };
      return {
        progress: (percentage) => actor.send({ type: 'notification.progress', id, percentage }),
        done: () => end('notification.done'),
        fail: () => end('notification.fail'),
      };
    };
    return {
      notifications,
      isEmpty,
      canCancel: (id: string) => selectCanCancel(snapshot, id),
      canClose: (id: string) => selectCanClose(snapshot, id),
      canReset: selectCanReset(snapshot),
      cancel: (id: string) => actor.send({ type: 'notification.cancel', id }),
      remove: (id: string) => actor.send({ type: 'notification.remove', id }),
      reset: () => actor.send({ type: 'notification.reset' }),
      track,
    };
  }, [actor, services, notifications, isEmpty, snapshot]);
};

export const useBadges = (): BadgeCounts | null => {
  const { badges$ } = useServices();
  return useSyncExternalStore(
    (onChange) => {
      const sub = badges$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => badges$.value,
    () => badges$.value,
  );
};
