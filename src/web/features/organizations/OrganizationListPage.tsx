import { Alert, Badge, Box, Button, Field, Flex, Heading, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization, OrganizationNode, OrganizationStats } from '../../../contract/entities.ts';
import { useAuth, useRead } from '../../app/index.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';

type Counts = ReadonlyMap<string, OrganizationStats['byOrganization'][number]>;
const SEARCH_DEBOUNCE_MS = 300;

const OrgLine = ({ org, counts, canEdit }: { org: Organization; counts: Counts; canEdit: boolean }) => {
  const { t } = useTranslation();
  const c = counts.get(org.id);
  return (
    <Flex gap="3" align="center" wrap="wrap" flex="1" minW="0">
      <AppLink to={`/organizations/item/${org.id}`} fontWeight="semibold">
        {org.name}
      </AppLink>
      <Text color="fg.muted" fontSize="sm">
        {org.siret} · {org.city}
        {org.reference ? ` · ${org.reference}` : ''}
      </Text>
      {org.childrenCount > 0 ? (
        <Badge variant="subtle">{t('organizations.list.children', { count: org.childrenCount })}</Badge>
      ) : null}
      <Badge variant="subtle" colorPalette="blue">
        {t('organizations.list.employees', { count: c?.employeeCount ?? 0 })}
      </Badge>
      {org.payeDomainId ? (
        <Badge variant="subtle" colorPalette="orange">
          {t('organizations.list.payrollManaged')}
        </Badge>
      ) : null}
      {canEdit && !org.payeDomainId ? (
        <AppLink to={`/organizations/${org.id}`} fontSize="sm" ms="auto">
          {t('organizations.list.edit')}
        </AppLink>
      ) : null}
    </Flex>
  );
};

const TreeNode = ({
  node,
  counts,
  canEdit,
  expanded,
  toggle,
}: {
  node: OrganizationNode;
  counts: Counts;
  canEdit: boolean;
  expanded: ReadonlySet<string>;
  toggle: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const open = expanded.has(node.id);
  const hasChildren = node.children.length > 0;
  return (
    <Box as="li" listStyleType="none">
      <Flex gap="2" align="center" py="1.5" borderBottomWidth="1px">
        {hasChildren ? (
          <IconButton
            size="xs"
            variant="ghost"
            aria-expanded={open}
            aria-label={t(open ? 'organizations.list.collapse' : 'organizations.list.expand', { name: node.name })}
            onClick={() => toggle(node.id)}
          >
            <span aria-hidden>{open ? '▾' : '▸'}</span>
          </IconButton>
        ) : (
          <Box w="8" flexShrink={0} />
        )}
        <OrgLine org={node} counts={counts} canEdit={canEdit} />
      </Flex>
      {hasChildren && open ? (
        <Box as="ul" ps="6">
          {node.children.map((child) => (
            <TreeNode
              key={child.id}
              node={child}
              counts={counts}
              canEdit={canEdit}
              expanded={expanded}
              toggle={toggle}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
};

export const OrganizationListPage = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const searchId = useId();
  const canEdit = auth.hasFeature('OrgCreateUpdate');
  const [opened, setExpanded] = useState<ReadonlySet<string> | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const scope = auth.session?.domain ?? '';
  const tree = useRead('organizations.tree', { body: {}, scope });
  const figures = useRead('organizations.stats', { scope });
  const found = useRead('organizations.list', term === '' ? null : { body: { search: term, limit: 50 }, scope });
  const forest = tree.data;
  const stats = figures.data;
  const error = (tree.failure ?? figures.failure ?? (term === '' ? null : found.failure))?.key ?? null;
  // The top level opens by default: a user mostly has one root.
  const expanded: ReadonlySet<string> = opened ?? new Set((forest ?? []).map((n) => n.id));

  // Results of an older search (or of a cleared box) are not shown.
  const results = term !== '' && term === search.trim() && !found.loading ? found.data : null;
  const counts: Counts = new Map((stats?.byOrganization ?? []).map((o) => [o.orgId, o]));
  const toggle = (id: string) =>
    setExpanded(() => {
      const next = new Set(expanded);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="5" maxW="6xl">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('sections.organizations')}
        </Heading>
        {canEdit ? (
          <Button asChild colorPalette="brand">
            <AppLink to="/organizations/create" color="inherit" textDecoration="none">
              {t('organizations.list.create')}
            </AppLink>
          </Button>
        ) : null}
      </Flex>
      {stats ? (
        <Text color="fg.muted">
          {t('organizations.list.totals', {
            count: stats.organizationCount,
            employees: stats.employeeCount,
            active: stats.activeEmployeeCount,
          })}
        </Text>
      ) : null}
      <Field.Root maxW="md">
        <Field.Label htmlFor={searchId}>{t('organizations.list.search')}</Field.Label>
        <Input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      </Field.Root>
      {error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t(error, { defaultValue: t('organizations.list.loadError') })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {results ? (
        <Box as="ul" aria-label={t('organizations.list.search')}>
          {results.items.length === 0 ? <Text>{t('organizations.list.noResult')}</Text> : null}
          {results.items.map((org) => (
            <Box as="li" key={org.id} listStyleType="none" py="1.5" borderBottomWidth="1px">
              <OrgLine org={org} counts={counts} canEdit={canEdit} />
            </Box>
          ))}
        </Box>
      ) : forest === null ? (
        error ? null : (
          <DelayedLoader label={t('common.loading')} />
        )
      ) : forest.length === 0 ? (
        <Text>{t('organizations.list.empty')}</Text>
      ) : (
        <Box as="ul" aria-label={t('sections.organizations')}>
          {forest.map((node) => (
            <TreeNode key={node.id} node={node} counts={counts} canEdit={canEdit} expanded={expanded} toggle={toggle} />
          ))}
        </Box>
      )}
    </Stack>
  );
};
