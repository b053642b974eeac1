/** The group form's rules and what it sends: pure, for the machine and its view. */
import type { EmployeeGroupMember } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';

/** What "unchanged" compares: the name as it will be saved, the organisation and the set of members. */
export const fingerprint = (name: string, orgId: string, members: readonly EmployeeGroupMember[]): string =>
  JSON.stringify([name.trim(), orgId, members.map((m) => m.id).sort()]);

/** The server's answers that concern the name: shown under it rather than below the form. */
export const NAME_KEYS: readonly string[] = [ERROR_KEYS.groupNameTaken, VALIDATION_KEYS.required];

export const keyOf = (failure: unknown): string =>
  typeof failure === 'object' && failure !== null && 'key' in failure && typeof failure.key === 'string'
    ? failure.key
    : ERROR_KEYS.internal;
