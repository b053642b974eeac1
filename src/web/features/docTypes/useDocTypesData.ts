/**
 * What the document-type screens read: the current organisation's types (`documents.orgDocTypes`),
 * the masks the user sees (`masks.list`, alert `masks.get.error` when it fails) and the visible
 * organisations (names and parents, for the organisation picker and the "which mask applies" rule).
 */
import { useEffect, useState } from 'react';
import type { OrgDocTypeConf, Organization } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import type { MaskListItem } from '../../../contract/masks.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
import type { OrgNode } from './maskRows.ts';

export interface DocTypesData {
  readonly docTypes: readonly OrgDocTypeConf[];
  readonly masks: readonly MaskListItem[];
  readonly orgs: readonly OrgNode[];
}

export const useDocTypesData = (reload = 0): { data: DocTypesData | null; failed: boolean } => {
  const { api } = useServices();
  const { session, hasFeature } = useAuth();
  const alerts = useAlerts();
  const [state, setState] = useState<{ data: DocTypesData | null; failed: boolean }>({ data: null, failed: false });
  const orgId = session?.orgId;
  const canList = hasFeature('DocListDispatch');

  useEffect(() => {
    if (!orgId) return;
    const controller = new AbortController();
    const signal = controller.signal;
    const masks = canList
      ? api.call<MaskListItem[]>('masks.list', { signal }).catch((f: unknown) => {
          if (!signal.aborted) alerts.push({ message: ALERT_KEYS.masks.getError, type: 'error' });
          throw f;
        })
      : Promise.resolve([]);
    Promise.all([
      api.call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: orgId }, signal }),
      masks,
      api.call<{ items: Organization[] }>('organizations.list', { body: { limit: 200 }, signal }),
    ])
      .then(([docTypes, list, orgs]) =>
        setState({
          data: {
            docTypes,
            masks: list,
            orgs: orgs.items.map((o) => ({ id: o.id, name: o.name, parentId: o.parentId })),
          },
          failed: false,
        }),
      )
      .catch(() => {
        if (!signal.aborted) setState({ data: null, failed: true });
      });
    return () => controller.abort();
    // alerts is a fresh object per alert change; the data depend on the organisation and reloads only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, orgId, canList, reload]);

  return state;
};
