/** The organisations the user sees (names for the organisation lines and the list's column). */
import { useMemo } from 'react';
import { useRead } from '../../app/index.ts';

export interface OrgOption {
  readonly id: string;
  readonly name: string;
}

const ALL_VISIBLE = { body: { limit: 200 } } as const;

export const useVisibleOrgs = (): { orgs: readonly OrgOption[]; loaded: boolean } => {
  // A failed read leaves no names: the lines show without them.
  const { data, loading } = useRead('organizations.list', ALL_VISIBLE);
  return useMemo(
    () => ({ orgs: (data?.items ?? []).map((o) => ({ id: o.id, name: o.name })), loaded: !loading }),
    [data, loading],
  );
};
