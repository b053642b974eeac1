/**
 * Bounded building blocks of the contract's request bodies: every string has a maximum length and
 * every list a maximum size (`MAX_LENGTH`), so no body stores or searches an unbounded value.
 * `tests/server/input-hardening.test.ts` walks every route's body schema and fails on an unbounded one.
 */
import { Schema as S } from 'effect';
import { MAX_LENGTH } from './constants.ts';

/** Any string up to `max` characters. */
export const Text = (max: number) => S.String.pipe(S.maxLength(max));
/** A non-empty string up to `max` characters. */
export const Filled = (max: number) => S.String.pipe(S.minLength(1), S.maxLength(max));
/** An id as the contract carries it (non-empty, bounded). */
export const Id = Filled(MAX_LENGTH.id);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An id the server casts to `uuid`: anything else is a 400 naming the field, never a database error. */
export const Uuid = S.String.pipe(S.maxLength(36), S.pattern(UUID_PATTERN));

/** A list of at most `max` items (`MAX_LENGTH.list` by default). */
export const List = <A, I, R>(item: S.Schema<A, I, R>, max: number = MAX_LENGTH.list) =>
  S.Array(item).pipe(S.maxItems(max));
/** A list of ids, at most `MAX_LENGTH.idList`. */
export const IdList = <A, I, R>(item: S.Schema<A, I, R>) => List(item, MAX_LENGTH.idList);
