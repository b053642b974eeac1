/** `/signworkflows/templates`: the signbook templates (name, steps and their signatory types, document types, organisation). */
import { Badge, Button, Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateView } from '../../../contract/signbook.ts';
import { useAuth, useRead } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { useDocTypeLabel } from '../docTypes/useDocTypeLabel.ts';
import { useVisibleOrgs } from '../employees/useVisibleOrgs.ts';
import { saysTokenNotValid } from './signClient.ts';
import { useSignClient } from './useSignClient.ts';

export const TemplateListPage = () => {
  const { t } = useTranslation();
  const sign = useSignClient();
  const navigate = useNavigate();
  const { session } = useAuth();
  const { orgs } = useVisibleOrgs();
  const docTypeLabel = useDocTypeLabel();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const { data: page, loading } = useRead(
    'signbooks.templates',
    { body: { search: search || undefined }, scope: session?.orgId ?? '' },
    { client: sign, refuses: saysTokenNotValid, failureAlert: 'signbooks.templates.loadError' },
  );

  const columns = useMemo((): DataTableColumn<TemplateView>[] => {
    const names = new Map(orgs.map((o) => [o.id, o.name]));
    return [
      { id: 'name', header: t('signbooks.fields.name'), cell: (x) => x.name, minWidth: '12rem' },
      {
        id: 'steps',
        header: t('signbooks.templates.steps'),
        cell: (x) => (
          <HStack gap="1" wrap="wrap">
            {x.steps.map((s, i) => (
              <Badge key={i}>
                {i + 1}. {t(`signbooks.signatoryType.${s.signatoryType}`)}
              </Badge>
            ))}
          </HStack>
        ),
      },
      {
        id: 'docTypes',
        header: t('signbooks.fields.docType'),
        cell: (x) => x.docTypes.map(docTypeLabel).join(', ') || '—',
      },
      {
        id: 'organization',
        header: t('signbooks.fields.organization'),
        cell: (x) => names.get(x.organizationId) ?? '—',
      },
    ];
  }, [t, orgs, docTypeLabel]);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('sections.signbookTemplates')}
        </Heading>
        <Flex gap="2" wrap="wrap">
          <Button asChild variant="outline">
            <AppLink to="/signatories/social">{t('sections.socialSigners')}</AppLink>
          </Button>
          <Button asChild colorPalette="blue">
            <AppLink to="/signworkflows/templates/new">{t('signbooks.templates.create')}</AppLink>
          </Button>
        </Flex>
      </Flex>
      <SearchField label={t('signbooks.templates.search')} maxW="md" value={text} onChange={setText} />
      <DataTable
        label={t('signbooks.templates.label')}
        columns={columns}
        rows={page?.items ?? []}
        rowId={(x) => x.id}
        total={page?.count ?? 0}
        page={1}
        size={Math.max(20, page?.items.length ?? 0)}
        sort={{ field: 'name', dir: 'asc' }}
        onPageChange={() => undefined}
        onSizeChange={() => undefined}
        onSortChange={() => undefined}
        loading={loading}
        emptyText={t('signbooks.templates.empty')}
        onRowClick={(x) => void navigate({ to: `/signworkflows/templates/${x.id}` as '/' })}
      />
    </Stack>
  );
};
