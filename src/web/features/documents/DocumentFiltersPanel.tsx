/**
 * The list's filters (issue 12): period, document types, organisations (each with its subtree), employee,
 * employee groups, destination, origin, metadata key and value, keywords, read state. Every change
 * goes straight to the URL (text fields once typing pauses); the page lists what the URL says.
 */
import { Box, Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_DESTINATIONS, DOCUMENT_SOURCES } from '../../../contract/documents.ts';
import { MultiSelect } from '../../components/MultiSelect.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { Check } from '../rights/Check.tsx';
import { PersonPicker, type PersonSearch } from '../rights/PersonPicker.tsx';
import { type DocumentFilters, periodIsInverted } from './documentSearch.ts';
import type { DocumentOptions } from './useDocumentOptions.ts';

const Labelled = ({ label, children, id }: { label: string; children: ReactNode; id: string }) => (
  <Field.Root minW="0">
    <Field.Label htmlFor={id}>{label}</Field.Label>
    {children}
  </Field.Root>
);

const Select = ({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) => {
  const id = useId();
  return (
    <Labelled label={label} id={id}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Labelled>
  );
};

/** A text field that writes to the URL once typing pauses, and follows the URL when it changes elsewhere. */
const SettledInput = ({
  label,
  value,
  onCommit,
  type = 'text',
  placeholder,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  type?: 'text' | 'date';
  placeholder?: string;
}) => {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const settled = useDebounced(draft, type === 'date' ? 0 : 400);
  useEffect(() => {
    if (settled.trim() !== value) onCommit(settled.trim());
  }, [settled]); // eslint-disable-line react-hooks/exhaustive-deps -- only a settled draft writes
  return (
    <Labelled label={label} id={id}>
      <Input
        id={id}
        size="sm"
        type={type}
        value={draft}
        placeholder={placeholder}
        onChange={(e) => setDraft(e.currentTarget.value)}
        autoComplete="off"
      />
    </Labelled>
  );
};

export interface DocumentFiltersPanelProps {
  readonly filters: DocumentFilters;
  readonly options: DocumentOptions;
  /** The chosen employee's name, once known. */
  readonly employeeLabel: string | null;
  readonly employeeSearch: PersonSearch;
  readonly onChange: (next: Partial<DocumentFilters>) => void;
  readonly onClear: () => void;
}

export const DocumentFiltersPanel = ({
  filters,
  options,
  employeeLabel,
  employeeSearch,
  onChange,
  onClear,
}: DocumentFiltersPanelProps) => {
  const { t } = useTranslation();
  const typesId = useId();
  const toggleType = (code: string, on: boolean) =>
    onChange({ types: on ? [...filters.types, code] : filters.types.filter((c) => c !== code) });
  const inverted = periodIsInverted(filters);

  return (
    <Stack
      as="section"
      aria-label={t('documents.filters.title')}
      gap="4"
      borderWidth="1px"
      rounded="md"
      p="4"
      minW="0"
      data-testid="document-filters"
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" minW="0">
        <SettledInput
          type="date"
          label={t('documents.filters.from')}
          value={filters.from}
          onCommit={(from) => onChange({ from })}
        />
        <SettledInput
          type="date"
          label={t('documents.filters.to')}
          value={filters.to}
          onCommit={(to) => onChange({ to })}
        />
        <MultiSelect
          label={t('documents.fields.organization')}
          options={options.orgs.map((o) => ({ value: o.id, label: o.name, depth: o.depth }))}
          value={filters.orgs}
          onChange={(orgs) => onChange({ orgs })}
          noneText={t('documents.filters.allOrganizations')}
          manyText={(count) => t('documents.filters.organizationCount', { count })}
          clearText={t('documents.filters.clearChoice')}
        />
        {options.groups.length > 0 ? (
          <MultiSelect
            label={t('documents.filters.group')}
            options={options.groups.map((g) => ({ value: g.id, label: g.name }))}
            value={filters.groups}
            onChange={(groups) => onChange({ groups })}
            noneText={t('documents.filters.allGroups')}
            manyText={(count) => t('documents.filters.groupCount', { count })}
            clearText={t('documents.filters.clearChoice')}
          />
        ) : null}
        <Select
          label={t('documents.fields.destination')}
          value={filters.destination}
          onChange={(v) =>
            onChange({
              destination: (DOCUMENT_DESTINATIONS as readonly string[]).includes(v)
                ? (v as DocumentFilters['destination'])
                : '',
            })
          }
        >
          <option value="">{t('documents.filters.allDestinations')}</option>
          {DOCUMENT_DESTINATIONS.map((d) => (
            <option key={d} value={d}>
              {t(`documents.destination.${d}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('documents.fields.origin')}
          value={filters.source}
          onChange={(v) =>
            onChange({
              source: (DOCUMENT_SOURCES as readonly string[]).includes(v) ? (v as DocumentFilters['source']) : '',
            })
          }
        >
          <option value="">{t('documents.filters.allOrigins')}</option>
          {DOCUMENT_SOURCES.map((s) => (
            <option key={s} value={s}>
              {t(`documents.origin.${s}`)}
            </option>
          ))}
        </Select>
        <Select
          label={t('documents.fields.read')}
          value={filters.read}
          onChange={(v) => onChange({ read: v === 'read' || v === 'unread' ? v : '' })}
        >
          <option value="">{t('documents.filters.allReadStates')}</option>
          <option value="unread">{t('documents.filters.unreadOnly')}</option>
          <option value="read">{t('documents.filters.readOnly')}</option>
        </Select>
        <SettledInput
          label={t('documents.filters.keywords')}
          placeholder={t('documents.filters.keywordsHint')}
          value={filters.keywords.join(', ')}
          onCommit={(v) =>
            onChange({
              keywords: v
                .split(',')
                .map((k) => k.trim())
                .filter(Boolean),
            })
          }
        />
        <SettledInput
          label={t('documents.filters.metaKey')}
          value={filters.metaKey}
          onCommit={(metaKey) => onChange({ metaKey })}
        />
        <SettledInput
          label={t('documents.filters.metaValue')}
          value={filters.metaValue}
          onCommit={(metaValue) => onChange({ metaValue })}
        />
      </SimpleGrid>
      {inverted ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t('documents.filters.invertedPeriod')}
        </Text>
      ) : null}
      {options.docTypes.length > 0 ? (
        <Box as="fieldset" minW="0">
          <Text as="legend" fontWeight="medium" fontSize="sm" mb="1" id={typesId}>
            {t('documents.fields.type')}
          </Text>
          <HStack as="ul" aria-labelledby={typesId} wrap="wrap" gap="4" m="0" p="0" listStyleType="none">
            {options.docTypes.map((d) => (
              <li key={d.code}>
                <Check
                  label={d.label}
                  checked={filters.types.includes(d.code)}
                  onChange={(on) => toggleType(d.code, on)}
                />
              </li>
            ))}
          </HStack>
        </Box>
      ) : null}
      <Box minW="0">
        {filters.employee ? (
          <HStack gap="3" wrap="wrap">
            <Text fontSize="sm">{t('documents.filters.employeeChosen', { name: employeeLabel ?? '…' })}</Text>
            <Button size="xs" variant="outline" onClick={() => onChange({ employee: '' })}>
              {t('documents.filters.anyEmployee')}
            </Button>
          </HStack>
        ) : (
          <Box maxW="md">
            <PersonPicker
              label={t('documents.filters.employee')}
              placeholder={t('documents.filters.employeeHint')}
              emptyText={t('documents.filters.noEmployee')}
              search={employeeSearch}
              chosenIds={new Set()}
              onAdd={(p) => onChange({ employee: p.id })}
            />
          </Box>
        )}
      </Box>
      <HStack justify="flex-end">
        <Button size="sm" variant="ghost" onClick={onClear}>
          {t('documents.filters.clear')}
        </Button>
      </HStack>
    </Stack>
  );
};
