/**
 * The rights matrix read the other way round (flag → family and column), and the short texts the
 * screens show for a set of flags. Pure, so lists and the trail say the same thing.
 */
import { FEATURES, type Feature } from '../../../contract/features.ts';
import {
  RIGHT_COLUMNS,
  RIGHT_FAMILIES,
  RIGHTS_MATRIX,
  type RightColumn,
  type RightFamily,
} from '../../../contract/rights.ts';

export interface Cell {
  readonly family: RightFamily;
  readonly column: RightColumn;
  readonly feature: Feature;
}

/** Every cell of the contract's matrix, in the screens' order (families, then All / Create-Edit / List / Others). */
export const CELLS: readonly Cell[] = RIGHT_FAMILIES.flatMap((family) =>
  RIGHT_COLUMNS.flatMap((column) => {
    const feature = RIGHTS_MATRIX[family][column];
    return feature ? [{ family, column, feature }] : [];
  }),
);

export const cellsOf = (family: RightFamily): readonly Cell[] => CELLS.filter((c) => c.family === family);
export const cellOf = (feature: Feature): Cell | undefined => CELLS.find((c) => c.feature === feature);

/** The flags in the product's order, each once: what a form sends and compares. */
export const orderedFeatures = (flags: Iterable<Feature>): Feature[] => {
  const set = new Set(flags);
  return FEATURES.filter((f) => set.has(f));
};

export const familyKey = (family: RightFamily): string => `rights.families.${family}`;
export const familyHintKey = (family: RightFamily): string => `rights.familyHints.${family}`;
/** Column header (« Créer / modifier »). */
export const columnKey = (column: RightColumn | 'all'): string => `rights.columns.${column}`;
/** The same, inside a sentence (« créer / modifier »). */
export const columnWordKey = (column: RightColumn | 'all'): string => `rights.columnWords.${column}`;

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** « Campagnes : lister » — the accessible name of a cell, and how the trail names a right. */
export const cellLabel = (t: Translate, family: RightFamily, column: RightColumn | 'all'): string =>
  t('rights.matrix.cell', { family: t(familyKey(family)), column: t(columnWordKey(column)) });

export const featureLabel = (t: Translate, feature: Feature): string => {
  const cell = cellOf(feature);
  return cell ? cellLabel(t, cell.family, cell.column) : feature;
};

/**
 * What a set of flags lets someone do, by family: « Tous les droits », « Aucun droit », or the
 * families with the columns granted when not all of them (« Campagnes (lister) »).
 */
export const rightsSummary = (t: Translate, flags: readonly Feature[]): string => {
  const set = new Set(flags);
  if (CELLS.every((c) => set.has(c.feature))) return t('rights.summary.all');
  // Everything but one family reads shorter as an exception.
  const missing = RIGHT_FAMILIES.filter((family) => !cellsOf(family).some((c) => set.has(c.feature)));
  const othersFull = RIGHT_FAMILIES.every(
    (family) => missing.includes(family) || cellsOf(family).every((c) => set.has(c.feature)),
  );
  if (missing.length === 1 && othersFull && missing[0])
    return t('rights.summary.allBut', { family: t(familyKey(missing[0])) });
  const parts = RIGHT_FAMILIES.flatMap((family) => {
    const cells = cellsOf(family);
    const granted = cells.filter((c) => set.has(c.feature));
    if (granted.length === 0) return [];
    const name = t(familyKey(family));
    if (granted.length === cells.length) return [name];
    return [
      t('rights.summary.partial', { family: name, columns: granted.map((c) => t(columnWordKey(c.column))).join(', ') }),
    ];
  });
  return parts.length ? parts.join(' · ') : t('rights.summary.none');
};
