/**
 * Replays a generated path on a real actor. Every actor the machine invokes is replaced by a
 * stub that waits: a path step `xstate.done.actor.<id>` resolves the running stub `<id>` with the
 * fixture output (`xstate.error.actor.<id>` rejects it), so the replay also proves the machine
 * really invoked that actor in that state. Other events are sent as they are.
 */
import { createActor, fromPromise, type AnyActorLogic, type AnyStateMachine, type EventObject } from 'xstate';
import type { TransitionPath } from './paths.ts';

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface StubControl {
  readonly actors: Record<string, AnyActorLogic>;
  settle(event: EventObject): boolean;
}

export const createStubActors = (machine: AnyStateMachine): StubControl => {
  const pending = new Map<string, Pending>();
  const names = Object.keys(machine.implementations.actors);
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise(({ self }) => new Promise((resolve, reject) => pending.set(self.id, { resolve, reject }))),
    ]),
  );
  const settle = (event: EventObject): boolean => {
    const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
    const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
    const id = done?.[1] ?? failed?.[1];
    if (!id) return false;
    const stub = pending.get(id);
    if (!stub) throw new Error(`path expects actor '${id}' to be running, but the machine did not invoke it`);
    pending.delete(id);
    if (done) stub.resolve((event as EventObject & { output?: unknown }).output);
    else stub.reject((event as EventObject & { error?: unknown }).error);
    return true;
  };
  return { actors, settle };
};

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export interface ReplayResult {
  readonly value: unknown;
  readonly context: unknown;
}

export const replayPath = async (
  machine: AnyStateMachine,
  path: TransitionPath,
  input?: unknown,
): Promise<ReplayResult> => {
  const stubs = createStubActors(machine);
  const actor = createActor(machine.provide({ actors: stubs.actors }), { input });
  const errors: unknown[] = [];
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  try {
    for (const event of path.events) {
      if (stubs.settle(event)) await tick();
      else actor.send(event);
      if (errors.length) throw errors[0];
    }
    const snapshot = actor.getSnapshot();
    return { value: snapshot.value, context: JSON.parse(JSON.stringify(snapshot.context)) as unknown };
  } finally {
    actor.stop();
  }
};
