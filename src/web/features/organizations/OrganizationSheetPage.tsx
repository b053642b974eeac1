import {
  Alert,
  Badge,
  Box,
  Breadcrumb,
  Button,
  Card,
  Flex,
  Heading,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization, OrganizationNode, OrganizationStats } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useAuth, useRead } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { OrgConfPanel } from './OrgConfPanel.tsx';

interface Sheet {
  org: OrganizationNode;
  ancestors: readonly Organization[];
  stats: OrganizationStats;
}

const IDENTITY = [
  'siret',
  'street',
  'zipCode',
  'city',
  'country',
  'reference',
  'billingReference',
  'internalFolderCode',
] as const;

/** `/organizations/item/{id}`: identity, place in the tree, employee counts and configuration. */
export const OrganizationSheetPage = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const tree = useRead('organizations.tree', { body: { rootId: id } });
  const lineage = useRead('organizations.ancestors', { params: { id } });
  const figures = useRead('organizations.stats', {});
  const canEdit = auth.hasFeature('OrgCreateUpdate');
  // Moving to another organisation shows the loader rather than the previous sheet.
  const loading = tree.loading || lineage.loading || figures.loading;
  const root = tree.data?.[0];
  const error =
    (tree.failure ?? lineage.failure ?? figures.failure)?.key ??
    (!loading && tree.data && !root ? ERROR_KEYS.notFound : undefined);
  const sheet: Sheet | undefined =
    !loading && root && lineage.data && figures.data
      ? { org: root, ancestors: lineage.data, stats: figures.data }
      : undefined;
  if (error) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{t(error)}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!sheet) return <DelayedLoader label={t('common.loading')} />;
  const { org, ancestors, stats } = sheet;
  const countsOf = (orgId: string) => stats.byOrganization.find((o) => o.orgId === orgId);
  const own = countsOf(org.id);
  const payroll = org.payeDomainId !== null;

  return (
    <Stack gap="5" maxW="5xl">
      <Breadcrumb.Root>
        <Breadcrumb.List>
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <AppLink to="/organizations">{t('organizations.sheet.back')}</AppLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          {ancestors.map((a) => (
            <Fragment key={a.id}>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.Link asChild>
                  <AppLink to={`/organizations/item/${a.id}`}>{a.name}</AppLink>
                </Breadcrumb.Link>
              </Breadcrumb.Item>
            </Fragment>
          ))}
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.CurrentLink>{org.name}</Breadcrumb.CurrentLink>
          </Breadcrumb.Item>
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {org.name}
        </Heading>
        {canEdit ? (
          <Flex gap="2">
            {payroll ? null : (
              <Button asChild variant="outline">
                <AppLink to={`/organizations/${org.id}`} textDecoration="none">
                  {t('organizations.sheet.edit')}
                </AppLink>
              </Button>
            )}
            <Button asChild colorPalette="brand">
              <AppLink to={`/organizations/create?parentId=${org.id}`} color="inherit" textDecoration="none">
                {t('organizations.sheet.createChild')}
              </AppLink>
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {payroll ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t(ERROR_KEYS.orgPayrollManaged)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {(
          [
            ['organizations.sheet.employees', own?.employeeCount ?? 0],
            ['organizations.sheet.active', own?.activeEmployeeCount ?? 0],
            ['organizations.sheet.inactive', (own?.employeeCount ?? 0) - (own?.activeEmployeeCount ?? 0)],
          ] as const
        ).map(([label, value]) => (
          <Stat.Root key={label} borderWidth="1px" borderRadius="md" p="3">
            <Stat.Label>{t(label)}</Stat.Label>
            <Stat.ValueText>{value}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <Card.Root as="section" aria-labelledby="org-identity">
        <Card.Header>
          <Heading as="h2" size="md" id="org-identity">
            {t('organizations.sheet.identity')}
          </Heading>
        </Card.Header>
        <Card.Body>
          <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} gapX="6" gapY="2">
            {IDENTITY.map((field) => (
              <Box key={field}>
                <Text as="dt" fontSize="sm" color="fg.muted">
                  {t(`organizations.fields.${field}`)}
                </Text>
                <Text as="dd">{org[field] ?? '—'}</Text>
              </Box>
            ))}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Card.Root as="section" aria-labelledby="org-children">
        <Card.Header>
          <Heading as="h2" size="md" id="org-children">
            {t('organizations.sheet.children')}
          </Heading>
        </Card.Header>
        <Card.Body>
          {org.children.length === 0 ? (
            <Text color="fg.muted">{t('organizations.sheet.noChildren')}</Text>
          ) : (
            <Stack as="ul" gap="1">
              {org.children.map((child) => (
                <Flex as="li" key={child.id} gap="3" align="center" listStyleType="none">
                  <AppLink to={`/organizations/item/${child.id}`}>{child.name}</AppLink>
                  <Text fontSize="sm" color="fg.muted">
                    {child.city}
                  </Text>
                  <Badge variant="subtle" colorPalette="blue">
                    {t('organizations.list.employees', { count: countsOf(child.id)?.employeeCount ?? 0 })}
                  </Badge>
                </Flex>
              ))}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <OrgConfPanel key={org.id} orgId={org.id} canEdit={canEdit} />
    </Stack>
  );
};
