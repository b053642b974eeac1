import { Badge, Box, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DsnImportedLine, DsnImportResult, DsnRejectedLine } from '../../../../contract/dsn.ts';

type Row = { readonly line: number; readonly name: string; readonly firstName: string; readonly detail: string };

const Section = ({
  id,
  title,
  rows,
  palette,
}: {
  id: string;
  title: string;
  rows: readonly Row[];
  palette: string;
}) => {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h3" size="sm" id={id} mb="2">
        <HStack gap="2">
          <span>{title}</span>
          <Badge colorPalette={palette}>{rows.length}</Badge>
        </HStack>
      </Heading>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t('dsn.result.none')}</Text>
      ) : (
        <List.Root gap="1" ps="5">
          {rows.map((row) => (
            <List.Item key={`${row.line}-${row.name}`}>
              <Text as="span" fontWeight="medium">
                {t('dsn.result.line', { line: row.line })}
              </Text>{' '}
              — {row.name} {row.firstName}
              {row.detail ? <Text as="span" color="fg.muted">{` · ${row.detail}`}</Text> : null}
            </List.Item>
          ))}
        </List.Root>
      )}
    </Box>
  );
};

/** The result screen of a DSN import: counts, then who was created (« à valider » marked), updated, left and rejected, with lines. */
export const DsnResultView = ({ result }: { result: DsnImportResult }) => {
  const { t } = useTranslation();
  const imported = (line: DsnImportedLine): Row => ({
    ...line,
    detail: line.toValidate ? `${line.organizationName} · ${t('dsn.result.toValidate')}` : line.organizationName,
  });
  const rejected = (line: DsnRejectedLine): Row => ({
    ...line,
    detail: t(line.key, { ...line.values, defaultValue: line.reason }),
  });
  const toValidate = result.created.filter((line) => line.toValidate).length;
  return (
    <Stack gap="5">
      <Text role="status">
        {t('dsn.result.summary', {
          individuals: result.individuals,
          created: result.created.length,
          toValidate,
          context: toValidate > 0 ? 'toValidate' : undefined,
          updated: result.updated.length,
          deactivated: result.deactivated.length,
          rejected: result.rejected.length,
        })}
      </Text>
      <Section id="dsn-created" title={t('dsn.result.created')} rows={result.created.map(imported)} palette="green" />
      <Section id="dsn-updated" title={t('dsn.result.updated')} rows={result.updated.map(imported)} palette="blue" />
      <Section
        id="dsn-deactivated"
        title={t('dsn.result.deactivated')}
        rows={result.deactivated.map(imported)}
        palette="gray"
      />
      <Section id="dsn-rejected" title={t('dsn.result.rejected')} rows={result.rejected.map(rejected)} palette="red" />
    </Stack>
  );
};
