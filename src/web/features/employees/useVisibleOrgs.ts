/** The organisations the user sees (names for the organisation lines and the list's column). */
import { useEffect, useState } from 'react';
import type { Organization } from '../../../contract/entities.ts';
import { useServices } from '../../app/index.ts';

export interface OrgOption {
  readonly id: string;
  readonly name: string;
}

export const useVisibleOrgs = (): { orgs: readonly OrgOption[]; loaded: boolean } => {
  const { api } = useServices();
  const [state, setState] = useState<{ orgs: readonly OrgOption[]; loaded: boolean }>({ orgs: [], loaded: false });
  useEffect(() => {
    const controller = new AbortController();
    api
      .call<{ items: readonly Organization[] } | readonly Organization[]>('organizations.list', {
        body: { limit: 200 },
        signal: controller.signal,
      })
      .then((answer) => {
        const items = Array.isArray(answer) ? answer : (answer as { items: readonly Organization[] }).items;
        setState({ orgs: items.map((o) => ({ id: o.id, name: o.name })), loaded: true });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ orgs: [], loaded: true });
      });
    return () => controller.abort();
  }, [api]);
  return state;
};
