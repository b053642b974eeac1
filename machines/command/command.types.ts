/** A one-shot command on one route: what the view asks (`command.submit`), and the bus facts that answer it. */
import type { RouteId } from '../../src/contract/routes.ts';

/** What one call sends besides its route: path params, query string, body; `download` for a file answer. */
export interface CommandCall {
  readonly params?: Readonly<Record<string, string | number>>;
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly body?: unknown;
  /** Ask for a file (the answer is a Blob) from a route that can answer JSON too (the employees' CSV). */
  readonly download?: { readonly accept: string };
}

/** A refused or lost command, as the bus's `api.<routeId>.failed` carries it. */
export interface CommandFailure {
  readonly status: number;
  readonly key: string;
  readonly message?: string;
  readonly errors?: readonly string[];
  readonly fields?: Readonly<Record<string, string>>;
}

export interface CommandInput {
  readonly routeId: RouteId;
  /** Tells this command's calls from every other's on the bus: each call is tagged `<requester>#<n>`. */
  readonly requester: string;
}

export interface CommandContext {
  readonly routeId: RouteId;
  readonly requester: string;
  /** The call submitted last (the one confirmed, running or answered); `null` before the first submit. */
  readonly call: CommandCall | null;
  /** Calls sent so far: the current one is tagged `<requester>#<sent>`. */
  readonly sent: number;
  /** The last call's answer, once done. */
  readonly result: { readonly value: unknown } | null;
  readonly failure: CommandFailure | null;
}

/** Input of the `send` actor: it only calls; the answer comes back on the bus. */
export interface SendInput {
  readonly routeId: RouteId;
  readonly request: string;
  readonly call: CommandCall;
}

export type CommandEvent =
  /** Send `call` (again, after a success or a failure); `confirm`: a person confirms first (a deletion). */
  | { readonly type: 'command.submit'; readonly call: CommandCall; readonly confirm?: boolean }
  | { readonly type: 'command.confirm' }
  /** The confirmation declined: nothing is sent. */
  | { readonly type: 'command.cancel' }
  /** The bus's `api.<routeId>.succeeded` for one of this command's calls (`request`: its tag). */
  | { readonly type: 'api.command.succeeded'; readonly request: string; readonly result: unknown }
  | { readonly type: 'api.command.failed'; readonly request: string; readonly failure: CommandFailure };

export type CommandEventType = CommandEvent['type'];

/** The tag of a command's n-th call. */
export const requestTag = (requester: string, n: number): string => `${requester}#${n}`;
