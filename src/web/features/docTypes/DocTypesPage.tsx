/**
 * « Types de documents » (seed 000 §2 `/doc-types`): each type of the current organisation with
 * the mask that reads the employee on its pages, or « sans masque — destinataires manuels », and
 * the action that opens the mask editor.
 */
import { Badge, Box, Button, Card, Heading, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/index.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { type DocTypeRow, docTypeRows } from './maskRows.ts';
import { useDocTypesData } from './useDocTypesData.ts';

const MaskCell = ({ row }: { row: DocTypeRow }) => {
  const { t } = useTranslation();
  if (row.mask)
    return (
      <Stack gap="0">
        <Text fontWeight="medium">{row.mask.maskName}</Text>
        <Text fontSize="sm">
          {`${t(`masks.identifiers.${row.mask.identifier}`)} · ${t(`masks.groupings.${row.mask.grouping}`)}`}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {t('masks.list.ofOrg', { name: row.mask.orgName })}
        </Text>
      </Stack>
    );
  if (row.inherited) return <Text>{t('masks.list.inherited')}</Text>;
  return (
    <Badge colorPalette="orange" variant="subtle" whiteSpace="normal">
      {t('masks.list.noMask')}
    </Badge>
  );
};

const MaskAction = ({ row }: { row: DocTypeRow }) => {
  const { t } = useTranslation();
  return (
    <Button asChild size="sm" variant="outline">
      <Link
        to="/doc-types/$code"
        params={{ code: row.code }}
        aria-label={t(row.mask ? 'masks.list.editFor' : 'masks.list.createFor', { docType: row.label })}
      >
        {t(row.mask ? 'masks.list.edit' : 'masks.list.create')}
      </Link>
    </Button>
  );
};

const TypeNotes = ({ row }: { row: DocTypeRow }) => {
  const { t } = useTranslation();
  return (
    <>
      {row.enabled ? null : (
        <Text fontSize="xs" color="fg.muted">
          {t('masks.list.disabled')}
        </Text>
      )}
      {row.subMasks > 0 ? (
        <Text fontSize="xs" color="fg.muted">
          {t('masks.list.subMasks', { count: row.subMasks })}
        </Text>
      ) : null}
    </>
  );
};

/** ≤ 600 px: one card per type, the action under the mask (a table would scroll sideways). */
const DocTypeCards = ({ rows, canEdit }: { rows: readonly DocTypeRow[]; canEdit: boolean }) => {
  const { t } = useTranslation();
  return (
    <Stack as="ul" gap="3" listStyle="none" aria-label={t('masks.list.label')}>
      {rows.map((row) => (
        <Card.Root as="li" key={row.code} size="sm" data-doc-type={row.code}>
          <Card.Body gap="2">
            <Heading as="h2" size="sm">
              {row.label}
            </Heading>
            <TypeNotes row={row} />
            <MaskCell row={row} />
            {canEdit ? (
              <Box>
                <MaskAction row={row} />
              </Box>
            ) : null}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
};

export const DocTypesPage = () => {
  const { t } = useTranslation();
  const { session, hasFeature } = useAuth();
  const { data, failed } = useDocTypesData();
  const canEdit = hasFeature('DocCreateDispatch');
  const mobile = useIsMobile();
  const rows = useMemo(
    () => (data && session ? docTypeRows(data.docTypes, data.masks, session.orgId, data.orgs) : []),
    [data, session],
  );

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {t('sections.docTypes')}
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        {t('masks.list.intro')}
      </Text>
      {failed ? <Text>{t('masks.list.failed')}</Text> : null}
      {!data && !failed ? <DelayedLoader label={t('common.loading')} /> : null}
      {data && mobile ? <DocTypeCards rows={rows} canEdit={canEdit} /> : null}
      {data && !mobile ? (
        <Table.ScrollArea borderWidth="1px" rounded="md" maxW="5xl">
          <Table.Root size="sm" aria-label={t('masks.list.label')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('masks.list.docType')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('masks.list.mask')}</Table.ColumnHeader>
                {canEdit ? (
                  <Table.ColumnHeader>
                    <VisuallyHidden>{t('masks.list.actions')}</VisuallyHidden>
                  </Table.ColumnHeader>
                ) : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.code} data-doc-type={row.code}>
                  <Table.Cell>
                    <Text fontWeight="medium">{row.label}</Text>
                    <TypeNotes row={row} />
                  </Table.Cell>
                  <Table.Cell>
                    <MaskCell row={row} />
                  </Table.Cell>
                  {canEdit ? (
                    <Table.Cell textAlign="end">
                      <MaskAction row={row} />
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
    </Stack>
  );
};
