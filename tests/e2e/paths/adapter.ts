/**
 * A browser adapter says, for one machine, how a user (or the real server) makes each event of a
 * generated path happen on the screens, and what the screen shows in each state. The replay
 * (tests/e2e/machine-paths.spec.ts) walks the plan's paths with it; nothing is mocked: a fact the
 * screens cannot cause is caused through the real API or the browser's real network, and the
 * adapter's `how` says so.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';

export interface StepContext {
  readonly page: Page;
  readonly event: EventObject;
  /** The path's whole event list and this step's index: an action may depend on the outcome that follows. */
  readonly events: readonly EventObject[];
  readonly index: number;
  /** The event after this one, if any (e.g. the login's answer decides which credentials to type). */
  readonly next: EventObject | undefined;
  /** The machine's snapshot before this step (the model's, computed by pure transitions). */
  readonly before: AnyMachineSnapshot;
  /** Values a path keeps between steps (a created record's name, a file chosen earlier). */
  readonly memo: Map<string, unknown>;
}

export type Action = (ctx: StepContext) => Promise<void>;

/** What the screen must show in a state; `null` = work in flight, the fact that ends it asserts the outcome. */
export type ScreenCheck =
  ((page: Page, snapshot: AnyMachineSnapshot, memo: Map<string, unknown>) => Promise<void>) | null;

export interface MachineAdapter {
  /** The catalog name (machines/catalog.ts). */
  readonly machine: string;
  /**
   * Set on a second screen that runs the same machine (the employee edit page beside the creation
   * sheet): its paths cover only what the machine's earlier adapters leave, and the replay names it.
   */
  readonly variant?: string;
  /**
   * The machine's input as the screen creates it, when it differs from the catalog's (the browser's
   * paths are generated from it; transitions are the same).
   */
  readonly input?: unknown;
  /**
   * The path changes the browser context itself (Playwright's clock, the network switched offline): it
   * gets a context of its own. Others share their worker's context (cleared between paths), whose
   * cache keeps the app's scripts for the next path's first load.
   */
  readonly ownContext?: true;
  /** Where paths start, before their first event: the persona, the screen opened. */
  readonly start: (page: Page, events: readonly EventObject[], memo: Map<string, unknown>) => Promise<void>;
  /** Per event type: what makes it happen. An event type without an entry cannot be driven. */
  readonly events: Readonly<Record<string, Action>>;
  /** How each driven event is caused, in a few words (printed in docs/machines). */
  readonly how: Readonly<Record<string, string>>;
  /** Per state id: what the screen shows. The most specific declared id of an active state applies. */
  readonly states: Readonly<Record<string, ScreenCheck>>;
  /**
   * Transitions the screens cannot take today, with the reason (a path walking one of them is not
   * replayed). They count as not covered by the browser.
   */
  readonly notDriven?: Readonly<Record<string, string>>;
  /**
   * What the screens offer in a state, beyond the machine accepting it (a field shown on one step
   * only, a fixture variant no persona can produce): the browser's paths are generated with it.
   */
  readonly offered?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  /**
   * For a chained machine (plan.ts `CHAINED`): whether a path that has walked `walked` (standing at
   * `snapshot`) may go on with `event` — what the real world keeps of earlier steps that the model does not
   * (an upload canceled answers « canceled », a campaign validated no longer awaits validation, the one
   * page naming nobody already given). Unchained paths never ask: they end right after their transition.
   */
  readonly chainable?: (walked: readonly EventObject[], snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
}
