/**
 * The generated paths of the signer machine (tests/harness) drive the API on a real database: each path
 * gets a fresh, started signbook whose step 1 is the signer, and every event of the path is done as the
 * signer's screen does it (SCREEN below: one row per event type, a missing row fails loudly). The calls
 * the machine invokes are really made and their real answers are what the machine gets; each answer must
 * lead where the path goes, and after every step the signbook view (the signer's state, pending code,
 * status) must agree with the state the machine reached (AGREES). A path that stops while a call is out
 * ends with that call's answer, which must then be a success.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import {
  type SignerEvent,
  type SignerEventType,
  type SignerSnapshot,
  signerMachine,
} from '../../machines/signer/index.ts';
import { signerFixtures, signerInput } from '../../machines/signer/signer.fixtures.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../src/contract/keys.ts';
import type { SignbookView } from '../../src/contract/signbook.ts';
import { transitionPaths } from '../harness/paths.ts';
import { type Answer, TYPED_PHONE, Walk, type World, closeWorld, openWorld } from './signer-paths-api.support.ts';

/** What a step did: the event the machine really gets, and whether the server was asked anything. */
interface Done {
  readonly event: SignerEvent;
  readonly touched: boolean;
}
interface Step {
  /** What the signer's screen (or the world around it) does for this event. */
  readonly does: string;
  readonly run: (walk: Walk, fixture: SignerEvent, model: SignerSnapshot) => Promise<Done>;
}

const screenOnly = (does: string): Step => ({ does, run: async (_, event) => ({ event, touched: false }) });

/** The answer of a call, as the event the invoked actor would send the machine. */
const outcome = (actor: 'requestCode' | 'submitCode' | 'submitRefusal', a: Answer): SignerEvent =>
  (a.ok
    ? { type: `xstate.done.actor.${actor}`, actorId: actor, output: a.body }
    : { type: `xstate.error.actor.${actor}`, actorId: actor, error: a.failure }) as SignerEvent;

/** The call `requestCode` makes, with the machine's own input (signerActors.ts: empty fields are left out). */
const requestCall = (walk: Walk, { context: c }: SignerSnapshot) =>
  walk.requestCode({ mode: c.mode, ...(c.mode === 'email' ? { email: c.email } : c.phone ? { phone: c.phone } : {}) });

/** How the server is brought to each failure of `submitCode` the paths name, before the screen's call. */
const SUBMIT_FAILURES: Record<string, (walk: Walk) => Promise<Answer | null>> = {
  [ALERT_KEYS.signature.invalidCode]: async (walk) => walk.submit(await walk.wrongCode()),
  [ERROR_KEYS.signatureCodeLocked]: async (walk) => {
    await walk.wrongTries((await walk.view()).pendingCode?.triesLeft ?? 0);
    return walk.submit(await walk.receivedCode());
  },
  [ERROR_KEYS.signatureCodeExpired]: async (walk) => {
    await walk.expire();
    return walk.submit(await walk.receivedCode());
  },
  /** A network failure: the call never reaches the server (null: nothing is sent). */
  [ERROR_KEYS.network]: async () => null,
};

/** The mapping: what each signer event is through the API. Typed per event type, and checked per path. */
const SCREEN: { readonly [T in SignerEventType]: Step } = {
  'signer.read': screenOnly('reading screen, "next": the channel screen shows'),
  'signer.back': screenOnly('"back" to the previous screen'),
  'signer.code.request': screenOnly('channel chosen: the machine invokes requestCode (a blank phone stays put)'),
  'signer.code.submit': screenOnly('code typed: the machine invokes submitCode (a malformed code stays put)'),
  'signer.code.renew': screenOnly('"new code": the machine invokes requestCode'),
  'signer.refuse': screenOnly('reason given: the machine invokes submitRefusal'),
  'signer.code.expired': {
    does: "the code's 10 minutes run out: its expiry moves into the past in the database",
    run: async (walk, event) => (await walk.expire(), { event, touched: true }),
  },
  'signer.resume': {
    does: "a reload with a code pending: a code asked for, wrong tries made, then resumed from the view's pendingCode",
    run: async (walk, fixture) => {
      if (fixture.type !== 'signer.resume') throw new Error(fixture.type);
      const asked = await walk.requestCode(
        fixture.mode === 'email' ? { mode: 'email' } : { mode: fixture.mode, phone: TYPED_PHONE },
      );
      expect(asked.ok).toBe(true);
      await walk.wrongTries(fixture.locked ? 5 : 5 - fixture.triesLeft);
      const pending = (await walk.view()).pendingCode;
      expect(pending).toMatchObject({ mode: fixture.mode, triesLeft: fixture.triesLeft, locked: fixture.locked });
      return { event: { type: 'signer.resume', ...pending! }, touched: true };
    },
  },
  'xstate.done.actor.requestCode': {
    does: 'POST recover-signature-code with the chosen mode (and phone)',
    run: async (walk, _, model) => ({ event: outcome('requestCode', await requestCall(walk, model)), touched: true }),
  },
  'xstate.error.actor.requestCode': {
    does: 'the same call once the hourly code requests are used up (429)',
    run: async (walk, _, model) => {
      await walk.exhaustRequests();
      return { event: outcome('requestCode', await requestCall(walk, model)), touched: true };
    },
  },
  'xstate.done.actor.submitCode': {
    does: 'POST sign with the code read from the outbox',
    run: async (walk) => ({
      event: outcome('submitCode', await walk.submit(await walk.receivedCode())),
      touched: true,
    }),
  },
  'xstate.error.actor.submitCode': {
    does: 'POST sign: a wrong code; the sixth try after five wrong; the right code once expired; or no call (network)',
    run: async (walk, fixture) => {
      const key = 'error' in fixture ? (fixture.error as { key: string }).key : '';
      const provoke = SUBMIT_FAILURES[key];
      if (!provoke) throw new Error(`no way to provoke submitCode failure ${key}: add it to SUBMIT_FAILURES`);
      const answer = await provoke(walk);
      return answer ? { event: outcome('submitCode', answer), touched: true } : { event: fixture, touched: false };
    },
  },
  'xstate.done.actor.submitRefusal': {
    does: 'POST refuse with the reason',
    run: async (walk, _, model) => ({
      event: outcome('submitRefusal', await walk.refuse(model.context.reason)),
      touched: true,
    }),
  },
  'xstate.error.actor.submitRefusal': {
    does: 'POST refuse after the co-signatory (HR) refused first: 409',
    run: async (walk, _, model) => {
      expect((await walk.refuse('Document à refaire', walk.w.hrSession)).ok).toBe(true);
      return { event: outcome('submitRefusal', await walk.refuse(model.context.reason)), touched: true };
    },
  },
};

/** A call the machine is waiting for when a path stops: its success is what comes next. */
const IN_FLIGHT: Record<string, SignerEventType> = {
  requestingCode: 'xstate.done.actor.requestCode',
  signing: 'xstate.done.actor.submitCode',
  refusing: 'xstate.done.actor.submitRefusal',
};

const live = (v: SignbookView) => new Date(v.pendingCode!.expiresAt).getTime() > Date.now();

/** What the view must say in each state of the walk. */
const AGREES: Record<string, (v: SignbookView, m: SignerSnapshot, walk: Walk) => void> = {
  reading: (v, _, walk) => expectSignable(v, walk),
  choosingChannel: (v, _, walk) => expectSignable(v, walk),
  // In flight: the call is not made yet (the step is screen-only, so the view was checked unchanged).
  requestingCode: () => undefined,
  signing: () => undefined,
  refusing: () => undefined,
  enteringCode: (v, m) => {
    expectSignable(v);
    expect(v.pendingCode).toMatchObject({ locked: false, triesLeft: m.context.triesLeft });
    expect(live(v), 'the pending code is still valid').toBe(true);
  },
  expired: (v) => {
    expectSignable(v);
    expect(v.pendingCode, 'an expired code is still the pending one').not.toBeNull();
    expect(live(v), 'the pending code has expired').toBe(false);
  },
  locked: (v, m) => {
    expectSignable(v);
    expect(v.pendingCode).toMatchObject({ locked: true, triesLeft: 0 });
    expect(m.context.triesLeft).toBe(0);
  },
  signed: (v) => {
    expect([Walk.me(v).state, v.canSign, v.pendingCode, v.status]).toEqual(['signed', false, null, 'IN_PROGRESS']);
  },
  refused: (v, m) => {
    expect([Walk.me(v).state, v.status, v.pendingCode]).toEqual(['refused', 'REFUSED', null]);
    expect(v.refusal).toEqual({ signatoryId: v.mySignatoryId, reason: m.context.reason });
  },
};

/** The signer may act — unless the server just answered that they no longer can (409). */
function expectSignable(v: SignbookView, walk?: Walk): void {
  if (walk?.lastFailure?.status === 409) return expect(v.canSign, 'the server said no: the view agrees').toBe(false);
  expect([Walk.me(v).state, v.canSign, v.status]).toEqual(['waiting', true, 'IN_PROGRESS']);
}

let w: World;
beforeAll(async () => {
  w = await openWorld();
}, 60_000);
afterAll(() => closeWorld(w));

describe('signer paths through the API', () => {
  const paths = transitionPaths(signerMachine, { events: signerFixtures, input: signerInput });

  it('covers every transition with a mapped event', () => {
    expect(paths.length).toBeGreaterThan(0);
    const unmapped = [...new Set(paths.flatMap((p) => p.events.map((e) => e.type)))].filter(
      (type) => !(type in SCREEN),
    );
    expect(unmapped, 'signer events without a row in SCREEN').toEqual([]);
  });

  it.each(paths.map((p) => [p.transition.key, p] as const))(
    '%s',
    async (_key, path) => {
      const walk = await Walk.start(w);
      let view = await walk.view();
      const me = Walk.me(view);
      let [model] = initialTransition(signerMachine, { signbookId: walk.id, email: me.email, phone: me.phone });
      const events = [...(path.events as SignerEvent[])];
      for (let i = 0; i < events.length; i += 1) {
        const fixture = events[i]!;
        const step = SCREEN[fixture.type];
        if (!step) throw new Error(`signer event ${fixture.type} has no row in SCREEN`);
        const [expected] = transition(signerMachine, model, fixture);
        const done = await step.run(walk, fixture, model);
        [model] = transition(signerMachine, model, done.event);
        const label = `${i + 1}. ${fixture.type} (${step.does})`;
        const said =
          done.touched && walk.lastFailure ? ` (the API said ${walk.lastFailure.status} ${walk.lastFailure.key})` : '';
        expect(model.value, `${label}: the API's answer${said} leads where the path goes`).toEqual(expected.value);
        const before = view;
        view = await walk.view();
        if (!done.touched) expect(view, `${label}: the server was not asked`).toEqual(before);
        try {
          AGREES[String(model.value)]!(view, model, walk);
        } catch (e) {
          throw new Error(`${label}: the view disagrees with ${String(model.value)}: ${(e as Error).message}`, {
            cause: e,
          });
        }
        const pending = IN_FLIGHT[String(model.value)];
        if (i === events.length - 1 && pending) events.push(signerFixtures[pending][0] as SignerEvent);
      }
    },
    60_000,
  );
});
