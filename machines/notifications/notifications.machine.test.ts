import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { notificationsMachine } from './notifications.machine.ts';
import { selectCanReset, selectIsEmpty, selectNotifications } from './notifications.selectors.ts';
import type { NotificationsEmitted } from './notifications.types.ts';

const start = () => {
  const actor = createActor(notificationsMachine).start();
  const canceled: NotificationsEmitted[] = [];
  actor.on('notification.canceled', (e) => canceled.push(e));
  const list = () => selectNotifications(actor.getSnapshot()).map((n) => `${n.id}:${n.state}:${n.percentage}`);
  return { actor, canceled, list };
};

describe('notifications machine', () => {
  it('runs a task from 0 to 100 % and ends it done or in error', () => {
    const { actor, list } = start();
    actor.send({ type: 'notification.start', id: 'a', text: 'upload' });
    actor.send({ type: 'notification.start', id: 'b', text: 'upload' });
    actor.send({ type: 'notification.progress', id: 'a', percentage: 130 });
    actor.send({ type: 'notification.done', id: 'a' });
    actor.send({ type: 'notification.progress', id: 'b', percentage: 33.4 });
    actor.send({ type: 'notification.fail', id: 'b' });
    expect(list()).toEqual(['a:done:100', 'b:error:33']);
  });

  it('cancels only a running task, and tells the app which one to abort', () => {
    const { actor, canceled, list } = start();
    actor.send({ type: 'notification.start', id: 'a', text: 'upload', cancelToken: 'tok-a' });
    actor.send({ type: 'notification.cancel', id: 'a' });
    actor.send({ type: 'notification.cancel', id: 'a' });
    actor.send({ type: 'notification.progress', id: 'a', percentage: 50 });
    expect(canceled).toEqual([{ type: 'notification.canceled', id: 'a', cancelToken: 'tok-a' }]);
    expect(list()).toEqual(['a:canceled:0']);
  });

  it('reset removes the finished ones and keeps the running ones', () => {
    const { actor, list } = start();
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'notification.start', id: 'a', text: 'upload' });
    expect(selectCanReset(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'notification.start', id: 'b', text: 'upload' });
    actor.send({ type: 'notification.done', id: 'b' });
    actor.send({ type: 'notification.reset' });
    expect(list()).toEqual(['a:running:0']);
  });

  it('clear (session end) empties the panel and aborts running tasks', () => {
    const { actor, canceled } = start();
    actor.send({ type: 'notification.start', id: 'a', text: 'upload' });
    actor.send({ type: 'notification.start', id: 'b', text: 'upload' });
    actor.send({ type: 'notification.done', id: 'b' });
    actor.send({ type: 'notification.clear' });
    expect(selectIsEmpty(actor.getSnapshot())).toBe(true);
    expect(canceled.map((c) => c.id)).toEqual(['a']);
  });

  it('adds or replaces server-pushed notifications by id', () => {
    const { actor, list } = start();
    const pushed = {
      id: 's',
      text: 'split',
      percentage: 10,
      type: 'split',
      state: 'running',
      cancelToken: null,
    } as const;
    actor.send({ type: 'push.notification.upserted', payload: pushed });
    actor.send({ type: 'push.notification.upserted', payload: { ...pushed, percentage: 100, state: 'done' } });
    expect(list()).toEqual(['s:done:100']);
    actor.send({ type: 'notification.remove', id: 's' });
    expect(list()).toEqual([]);
  });

  it('closing a running task stops it as cancel does; closing a finished one only removes it', () => {
    const { actor, canceled, list } = start();
    actor.send({ type: 'notification.start', id: 'a', text: 'upload', cancelToken: 'tok-a' });
    actor.send({ type: 'notification.start', id: 'b', text: 'upload', cancelToken: 'tok-b' });
    actor.send({ type: 'notification.done', id: 'b' });
    actor.send({ type: 'notification.remove', id: 'b' });
    expect(canceled).toEqual([]);
    actor.send({ type: 'notification.remove', id: 'a' });
    expect(canceled).toEqual([{ type: 'notification.canceled', id: 'a', cancelToken: 'tok-a' }]);
    expect(list()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
    // Its late progress finds nothing to move.
    actor.send({ type: 'notification.progress', id: 'a', percentage: 80 });
    expect(list()).toEqual([]);
  });

  it('offers cancel only on a task the app can stop, and close on every entry', () => {
    const { actor } = start();
    const split = {
      id: 's',
      text: 'split',
      percentage: 10,
      type: 'split',
      state: 'running',
      cancelToken: null,
    } as const;
    actor.send({ type: 'push.notification.upserted', payload: split });
    actor.send({ type: 'notification.start', id: 'a', text: 'upload', cancelToken: 'tok-a' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.can({ type: 'notification.cancel', id: 's' })).toBe(false);
    expect(snapshot.can({ type: 'notification.cancel', id: 'a' })).toBe(true);
    expect(snapshot.can({ type: 'notification.remove', id: 's' })).toBe(true);
    expect(snapshot.can({ type: 'notification.remove', id: 'a' })).toBe(true);
    expect(snapshot.can({ type: 'notification.remove', id: 'nobody' })).toBe(false);
  });

  it('a closed server entry stays closed: its later pushes are not heard, a new one is', () => {
    const { actor, canceled, list } = start();
    const split = {
      id: 's',
      text: 'split',
      percentage: 10,
      type: 'split',
      state: 'running',
      cancelToken: null,
    } as const;
    actor.send({ type: 'push.notification.upserted', payload: split });
    actor.send({ type: 'notification.remove', id: 's' });
    expect(canceled).toEqual([{ type: 'notification.canceled', id: 's', cancelToken: null }]);
    actor.send({ type: 'push.notification.upserted', payload: { ...split, percentage: 60 } });
    actor.send({ type: 'push.notification.upserted', payload: { ...split, percentage: 100, state: 'done' } });
    expect(list()).toEqual([]);
    actor.send({ type: 'push.notification.upserted', payload: { ...split, id: 't' } });
    expect(list()).toEqual(['t:running:10']);
    // A new session hears every entry again.
    actor.send({ type: 'notification.clear' });
    actor.send({ type: 'push.notification.upserted', payload: split });
    expect(list()).toEqual(['s:running:10']);
  });
});
