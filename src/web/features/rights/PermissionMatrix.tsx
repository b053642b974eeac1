/**
 * The permission matrix of the rights screens (seed 000 §6): feature families × All / Créer-modifier /
 * Lister / Autres. A cell has a checkbox only where the contract's RIGHTS_MATRIX names a flag; « Tout »
 * ticks (or clears) its whole row. A table on wide screens, a list of families at 600 px and below.
 */
import { Badge, Box, Flex, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Feature } from '../../../contract/features.ts';
import { RIGHT_COLUMNS, RIGHT_FAMILIES, type RightColumn, type RightFamily } from '../../../contract/rights.ts';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { Check } from './Check.tsx';
import { type Cell, cellLabel, cellsOf, columnKey, familyHintKey, familyKey, orderedFeatures } from './rightsLabels.ts';

export interface PermissionMatrixProps {
  /** Accessible name of the matrix (« Droits de l'utilisateur »). */
  readonly label: string;
  readonly features: readonly Feature[];
  readonly onChange: (features: Feature[]) => void;
  readonly disabled?: boolean;
  /** Flags granted another way (the user's groups and rules): marked, not ticked. */
  readonly inherited?: ReadonlySet<Feature>;
}

const rowState = (cells: readonly Cell[], granted: ReadonlySet<Feature>) => {
  const on = cells.filter((c) => granted.has(c.feature)).length;
  return { all: on === cells.length, some: on > 0 && on < cells.length };
};

export const PermissionMatrix = ({ label, features, onChange, disabled = false, inherited }: PermissionMatrixProps) => {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const granted = new Set(features);

  const setCell = (feature: Feature, on: boolean) => {
    const next = new Set(granted);
    if (on) next.add(feature);
    else next.delete(feature);
    onChange(orderedFeatures(next));
  };
  const setRow = (family: RightFamily, on: boolean) => {
    const next = new Set(granted);
    for (const c of cellsOf(family)) {
      if (on) next.add(c.feature);
      else next.delete(c.feature);
    }
    onChange(orderedFeatures(next));
  };

  const allBox = (family: RightFamily) => {
    const state = rowState(cellsOf(family), granted);
    return (
      <Check
        checked={state.all}
        indeterminate={state.some}
        disabled={disabled}
        ariaLabel={cellLabel(t, family, 'all')}
        onChange={(on) => setRow(family, on)}
      />
    );
  };
  const cellBox = (family: RightFamily, column: RightColumn) => {
    const cell = cellsOf(family).find((c) => c.column === column);
    if (!cell) return null;
    const via = !granted.has(cell.feature) && inherited?.has(cell.feature);
    return (
      <Check
        checked={granted.has(cell.feature)}
        disabled={disabled}
        ariaLabel={cellLabel(t, family, column)}
        onChange={(on) => setCell(cell.feature, on)}
        label={via ? <InheritedBadge /> : undefined}
      />
    );
  };
  const familyName = (family: RightFamily) => (
    <>
      <Text fontWeight="medium">{t(familyKey(family))}</Text>
      <Text fontSize="xs" color="fg.muted">
        {t(familyHintKey(family))}
      </Text>
    </>
  );

  if (isMobile) {
    return (
      <Stack as="ul" role="list" aria-label={label} gap="2" m="0" p="0" data-layout="list">
        {RIGHT_FAMILIES.map((family) => (
          <Box as="li" key={family} listStyleType="none" borderWidth="1px" rounded="md" p="3">
            {familyName(family)}
            <Flex wrap="wrap" columnGap="5" rowGap="1" mt="2">
              <Check
                label={t(columnKey('all'))}
                checked={rowState(cellsOf(family), granted).all}
                indeterminate={rowState(cellsOf(family), granted).some}
                disabled={disabled}
                ariaLabel={cellLabel(t, family, 'all')}
                onChange={(on) => setRow(family, on)}
              />
              {cellsOf(family).map((cell) => (
                <Check
                  key={cell.column}
                  label={t(columnKey(cell.column))}
                  hint={
                    !granted.has(cell.feature) && inherited?.has(cell.feature)
                      ? t('rights.matrix.inherited')
                      : undefined
                  }
                  checked={granted.has(cell.feature)}
                  disabled={disabled}
                  ariaLabel={cellLabel(t, family, cell.column)}
                  onChange={(on) => setCell(cell.feature, on)}
                />
              ))}
            </Flex>
          </Box>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxW="100%">
      <Table.Root size="sm" aria-label={label} data-layout="table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader minW="14rem">{t('rights.matrix.family')}</Table.ColumnHeader>
            {(['all', ...RIGHT_COLUMNS] as const).map((column) => (
              <Table.ColumnHeader key={column} textAlign="center" whiteSpace="nowrap">
                {t(columnKey(column))}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {RIGHT_FAMILIES.map((family) => (
            <Table.Row key={family}>
              <Table.Cell>{familyName(family)}</Table.Cell>
              <Table.Cell>
                <Box display="flex" justifyContent="center">
                  {allBox(family)}
                </Box>
              </Table.Cell>
              {RIGHT_COLUMNS.map((column) => (
                <Table.Cell key={column}>
                  <Box display="flex" justifyContent="center">
                    {cellBox(family, column)}
                  </Box>
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};

const InheritedBadge = () => {
  const { t } = useTranslation();
  return (
    <Badge size="xs" colorPalette="gray" variant="subtle">
      {t('rights.matrix.inherited')}
    </Badge>
  );
};
