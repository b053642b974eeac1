/**
 * What the document-type screens read: the current organisation's types (`documents.orgDocTypes`),
 * the masks the user sees (`masks.list`, alert `masks.get.error` when it fails) and the visible
 * organisations (names and parents, for the organisation picker and the "which mask applies" rule).
 * Each is one read (`useRead`, its answer from the bus); the screens show them once all three are in.
 */
import { useMemo } from 'react';
import type { OrgDocTypeConf, Organization } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import type { MaskListItem } from '../../../contract/masks.ts';
import { useAuth, useRead } from '../../app/index.ts';
import type { OrgNode } from './maskRows.ts';

export interface DocTypesData {
  readonly docTypes: readonly OrgDocTypeConf[];
  readonly masks: readonly MaskListItem[];
  readonly orgs: readonly OrgNode[];
}

const NO_MASKS: readonly MaskListItem[] = [];
const MASKS_ALERT = { failureAlert: ALERT_KEYS.masks.getError };

export const useDocTypesData = (): { data: DocTypesData | null; failed: boolean } => {
  const { session, hasFeature } = useAuth();
  const orgId = session?.orgId;
  const canList = hasFeature('DocListDispatch');
  // The masks and the organisations depend on the session's organisation though their calls do not name it.
  const types = useRead('documents.orgDocTypes', orgId ? { params: { id: orgId } } : null);
  const masks = useRead('masks.list', orgId && canList ? { scope: orgId } : null, MASKS_ALERT);
  const orgs = useRead('organizations.list', orgId ? { body: { limit: 200 }, scope: orgId } : null);

  const docTypes = types.data as readonly OrgDocTypeConf[] | null;
  const maskList = canList ? (masks.data as readonly MaskListItem[] | null) : NO_MASKS;
  const orgPage = orgs.data as { items: readonly Organization[] } | null;
  const failed = Boolean(orgId) && (types.failure !== null || masks.failure !== null || orgs.failure !== null);

  return useMemo(
    () => ({
      data:
        !failed && docTypes && maskList && orgPage
          ? {
              docTypes,
              masks: maskList,
              orgs: orgPage.items.map((o) => ({ id: o.id, name: o.name, parentId: o.parentId })),
            }
          : null,
      failed,
    }),
    [failed, docTypes, maskList, orgPage],
  );
};
