/**
 * The label of a document-type code, as the session organisation's types name it (`documents.orgDocTypes`,
 * disabled types included, since a template or a signbook may still carry one). A code the organisation
 * does not know, or any code while the types load, shows as itself.
 */
import { useMemo } from 'react';
import type { OrgDocTypeConf } from '../../../contract/entities.ts';
import { useAuth, useRead } from '../../app/index.ts';

export const docTypeLabelOf =
  (types: readonly Pick<OrgDocTypeConf, 'code' | 'label'>[] | null) =>
  (code: string): string =>
    types?.find((d) => d.code === code)?.label || code;

export const useDocTypeLabel = (): ((code: string) => string) => {
  const { session } = useAuth();
  const orgId = session?.orgId;
  const read = useRead('documents.orgDocTypes', orgId ? { params: { id: orgId } } : null);
  const types = read.data as readonly OrgDocTypeConf[] | null;
  return useMemo(() => docTypeLabelOf(types), [types]);
};
