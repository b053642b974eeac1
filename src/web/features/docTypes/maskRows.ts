/**
 * The document-type list, pure: each type of the current organisation with the mask that applies
 * to it (the organisation's own, else the nearest ancestor's — the server's `hasMask` rule).
 */
import type { OrgDocTypeConf } from '../../../contract/entities.ts';
import type { MaskListItem } from '../../../contract/masks.ts';

export interface OrgNode {
  readonly id: string;
  readonly name: string;
  readonly parentId: string | null;
}

export interface DocTypeRow {
  readonly code: string;
  readonly label: string;
  readonly enabled: boolean;
  /** The mask that applies, when the user sees its organisation. */
  readonly mask: MaskListItem | null;
  /** A mask applies but belongs to an organisation the user does not see. */
  readonly inherited: boolean;
  /** Masks of sub-organisations for this type (they apply there, not here). */
  readonly subMasks: number;
}

/** `orgId`, then its parent, up to the top the user sees. */
export function ancestry(orgId: string, orgs: readonly OrgNode[]): string[] {
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const chain: string[] = [];
  for (let id: string | null = orgId; id && !chain.includes(id); id = byId.get(id)?.parentId ?? null) chain.push(id);
  return chain;
}

export function docTypeRows(
  docTypes: readonly OrgDocTypeConf[],
  masks: readonly MaskListItem[],
  orgId: string,
  orgs: readonly OrgNode[],
): DocTypeRow[] {
  const chain = ancestry(orgId, orgs);
  return docTypes.map((d) => {
    const ofType = masks.filter((m) => m.docType === d.code);
    const applying = ofType
      .filter((m) => chain.includes(m.orgId))
      .sort((a, b) => chain.indexOf(a.orgId) - chain.indexOf(b.orgId));
    const mask = applying[0] ?? null;
    return {
      code: d.code,
      label: d.label,
      enabled: d.enabled,
      mask,
      inherited: mask === null && d.hasMask,
      subMasks: ofType.length - applying.length,
    };
  });
}
