/**
 * Organisations as a tree of checkboxes. In `access` mode (a user's visible organisations) each
 * ticked organisation also offers « accès par défaut »: its sub-organisations, including those
 * created later. In `subtree` mode (a rule's organisations) a ticked organisation always covers
 * what is below it. An organisation already covered by a ticked one above shows it, ticked and locked.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { OrganizationNode } from '../../../contract/entities.ts';
import { Check } from './Check.tsx';

export interface OrgChoice {
  readonly orgId: string;
  readonly includeChildren: boolean;
}

interface Row {
  readonly node: OrganizationNode;
  readonly depth: number;
  /** The nearest ticked ancestor whose access reaches this organisation. */
  readonly coveredBy: OrganizationNode | null;
}

export const flattenTree = (tree: readonly OrganizationNode[]): { node: OrganizationNode; depth: number }[] => {
  const out: { node: OrganizationNode; depth: number }[] = [];
  const walk = (nodes: readonly OrganizationNode[], depth: number) => {
    for (const node of nodes) {
      out.push({ node, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
};

const rowsOf = (tree: readonly OrganizationNode[], reaches: (node: OrganizationNode) => boolean): Row[] => {
  const out: Row[] = [];
  const walk = (nodes: readonly OrganizationNode[], depth: number, coveredBy: OrganizationNode | null) => {
    for (const node of nodes) {
      out.push({ node, depth, coveredBy });
      walk(node.children, depth + 1, coveredBy ?? (reaches(node) ? node : null));
    }
  };
  walk(tree, 0, null);
  return out;
};

export const OrgTreePicker = ({
  label,
  tree,
  mode,
  choices,
  onChange,
  locked = null,
  disabled = false,
}: {
  label: string;
  tree: readonly OrganizationNode[];
  mode: 'access' | 'subtree';
  choices: readonly OrgChoice[];
  /** The whole new list of choices. */
  onChange: (choices: OrgChoice[]) => void;
  /** The user's root organisation: always visible, its default access set apart. */
  locked?: { orgId: string; includeChildren: boolean; onIncludeChildren: (on: boolean) => void } | null;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const chosen = new Map(choices.map((c) => [c.orgId, c]));
  const reaches = (node: OrganizationNode) => {
    if (locked?.orgId === node.id) return locked.includeChildren;
    const choice = chosen.get(node.id);
    return choice !== undefined && (mode === 'subtree' || choice.includeChildren);
  };
  const rows = rowsOf(tree, reaches);

  const toggle = (orgId: string, on: boolean) =>
    onChange(
      on ? [...choices, { orgId, includeChildren: mode === 'subtree' }] : choices.filter((c) => c.orgId !== orgId),
    );
  const setDefault = (orgId: string, on: boolean) =>
    onChange(choices.map((c) => (c.orgId === orgId ? { ...c, includeChildren: on } : c)));

  if (tree.length === 0) return <Text color="fg.muted">{t('rights.orgs.none')}</Text>;

  return (
    <Stack
      as="ul"
      role="list"
      aria-label={label}
      gap="0"
      m="0"
      p="0"
      borderWidth="1px"
      rounded="md"
      maxH="24rem"
      overflowY="auto"
    >
      {rows.map(({ node, depth, coveredBy }) => {
        const isRoot = locked?.orgId === node.id;
        const choice = chosen.get(node.id);
        const ticked = isRoot || choice !== undefined;
        const includeChildren = isRoot ? locked.includeChildren : (choice?.includeChildren ?? false);
        return (
          <Box
            as="li"
            key={node.id}
            listStyleType="none"
            display="flex"
            flexWrap="wrap"
            alignItems="center"
            columnGap="4"
            rowGap="1"
            py="1.5"
            pe="3"
            ps={`calc(var(--chakra-spacing-3) + ${Math.min(depth, 6)} * var(--chakra-spacing-5))`}
            borderBottomWidth="1px"
            _last={{ borderBottomWidth: 0 }}
          >
            <Box flex="1 1 12rem" minW="0">
              <Check
                checked={ticked || coveredBy !== null}
                disabled={disabled || isRoot || coveredBy !== null}
                label={node.name}
                hint={
                  isRoot
                    ? t('rights.orgs.root')
                    : coveredBy
                      ? t('rights.orgs.coveredBy', { name: coveredBy.name })
                      : undefined
                }
                onChange={(on) => toggle(node.id, on)}
              />
            </Box>
            {mode === 'access' && ticked && coveredBy === null ? (
              <Check
                checked={includeChildren}
                disabled={disabled}
                label={t('rights.orgs.defaultAccess')}
                ariaLabel={t('rights.orgs.defaultAccessOf', { name: node.name })}
                onChange={(on) => (isRoot ? locked.onIncludeChildren(on) : setDefault(node.id, on))}
              />
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
};
