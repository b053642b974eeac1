import { TaggedError } from 'effect/Micro';
import type { RouteId } from '../../contract/routes.ts';

/**
 * Every way a call can fail, as one shape the UI can translate: the server's `ApiError` fields,
 * or a client-side key (`error.timeout`, `error.network`, `error.aborted`) with status 0.
 */
export class ApiFailure extends TaggedError('ApiFailure')<{
  readonly routeId: RouteId;
  readonly status: number;
  readonly key: string;
  readonly message?: string;
  readonly errors?: readonly string[];
  /** Per-field validation keys (`validation.*`) for forms to show beside each field. */
  readonly fields?: Readonly<Record<string, string>>;
}> {}

export const isApiFailure = (value: unknown): value is ApiFailure => value instanceof ApiFailure;
