import type { NotificationsEvent, NotificationsEventType } from './notifications.types.ts';

type EventOf<T extends NotificationsEventType> = Extract<NotificationsEvent, { type: T }>;
type Fixtures = { readonly [T in NotificationsEventType]: readonly EventOf<T>[] };

export const notificationsFixtures = {
  'notification.start': [
    { type: 'notification.start', id: 'up-1', text: 'notifications.upload.campaign', cancelToken: 'up-1' },
    { type: 'notification.start', id: 'up-2', text: 'notifications.upload.campaign', cancelToken: 'up-2' },
  ],
  'notification.progress': [{ type: 'notification.progress', id: 'up-1', percentage: 40 }],
  'notification.done': [{ type: 'notification.done', id: 'up-1' }],
  'notification.fail': [{ type: 'notification.fail', id: 'up-1' }],
  'notification.cancel': [{ type: 'notification.cancel', id: 'up-1' }],
  'notification.remove': [{ type: 'notification.remove', id: 'up-1' }],
  'notification.reset': [{ type: 'notification.reset' }],
  'notification.clear': [{ type: 'notification.clear' }],
  'push.notification.upserted': [
    {
      type: 'push.notification.upserted',
      payload: {
        id: 'split-7',
        text: 'notifications.campaign.split',
        percentage: 40,
        type: 'split',
        state: 'running',
        cancelToken: null,
      },
    },
    {
      type: 'push.notification.upserted',
      payload: {
        id: 'split-7',
        text: 'notifications.campaign.split',
        percentage: 100,
        type: 'split',
        state: 'done',
        cancelToken: null,
      },
    },
  ],
} as const satisfies Fixtures;
