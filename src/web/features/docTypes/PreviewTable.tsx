/**
 * The live preview: for each sample page, the text the zone reads and the employee it matches
 * (green) or nobody (orange). Choosing a row shows that page.
 */
import { Badge, Button, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MaskPreviewPage } from '../../../contract/masks.ts';

export interface PreviewTableProps {
  readonly pages: readonly MaskPreviewPage[];
  readonly sampleNames: readonly string[];
  readonly onShow?: (sample: number, page: number) => void;
}

export const PreviewTable = ({ pages, sampleNames, onShow }: PreviewTableProps) => {
  const { t } = useTranslation();
  const matched = pages.filter((p) => p.employee !== null).length;
  return (
    <>
      <Text role="status" aria-live="polite" fontWeight="medium">
        {t('masks.preview.summary', { count: matched, total: pages.length })}
      </Text>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="24rem">
        <Table.Root size="sm" stickyHeader aria-label={t('masks.preview.label')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('masks.preview.page')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('masks.preview.text')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('masks.preview.employee')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pages.map((p) => (
              <Table.Row key={`${p.sample}-${p.page}`} data-matched={p.employee ? 'yes' : 'no'}>
                <Table.Cell whiteSpace="nowrap">
                  <Button variant="plain" size="xs" px="0" onClick={() => onShow?.(p.sample, p.page)}>
                    {sampleNames.length > 1
                      ? t('masks.preview.samplePage', { sample: sampleNames[p.sample - 1] ?? p.sample, page: p.page })
                      : t('masks.preview.pageNumber', { page: p.page })}
                  </Button>
                </Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs" maxW="16rem" truncate title={p.text}>
                  {p.text || t('masks.preview.nothingRead')}
                </Table.Cell>
                <Table.Cell>
                  {p.employee ? (
                    <Badge colorPalette="green" variant="subtle">
                      {`${p.employee.firstName} ${p.employee.name}`}
                    </Badge>
                  ) : (
                    <Badge colorPalette="orange" variant="subtle">
                      {t('masks.preview.nobody')}
                    </Badge>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
};
