import { Either, ParseResult, Schema } from 'effect';
import { ERROR_KEYS } from '../../contract/keys.ts';
import { ApiFailure } from './errors.ts';
import { assertCleanInput } from './input.ts';

/**
 * Decodes a body with a contract schema; a mismatch is a 400 listing every failing path. The JSON
 * parts of multipart uploads come here without the JSON parser's guards, so NUL and depth are checked again.
 */
export function decodeBody<A, I>(schema: Schema.Schema<A, I, never>, body: unknown): A {
  assertCleanInput(body);
  const result = Schema.decodeUnknownEither(schema, { errors: 'all', onExcessProperty: 'ignore' })(body ?? {});
  if (Either.isRight(result)) return result.right;
  const issues = ParseResult.ArrayFormatter.formatErrorSync(result.left);
  const paths = [...new Set(issues.map((issue) => issue.path.map(String).join('.') || '(body)'))];
  throw new ApiFailure(400, ERROR_KEYS.badRequest, undefined, paths);
}
