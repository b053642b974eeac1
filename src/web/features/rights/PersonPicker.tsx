/**
 * Finds people by name or e-mail and offers each one to add, as the employee groups' member picker
 * does; the search itself is given (users or employees, read through machines/read), "more" appends
 * the next page.
 */
import { Box, Button, Field, Flex, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { PersonRef } from '../../../../machines/rights-form/index.ts';
import type { ReadQuery } from '../../../../machines/read/index.ts';
import { useRead } from '../../app/useRead.ts';
import { SearchIcon } from '../../components/icons.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { MoreButton } from '../../components/MoreButton.tsx';

export const PICKER_PAGE = 20;

export interface PersonPage {
  readonly items: readonly PersonRef[];
  readonly count: number;
}
/** A search of people: the route read, its query for a typed text (a paged one), its answer as people. */
export interface PersonSearch {
  readonly routeId: 'users.list' | 'employees.list';
  readonly query: (text: string) => ReadQuery;
  readonly people: (answer: unknown) => PersonPage;
}

export const PersonPicker = ({
  label,
  placeholder,
  emptyText,
  search,
  chosenIds,
  onAdd,
  disabled = false,
}: {
  label: string;
  placeholder: string;
  emptyText: string;
  search: PersonSearch;
  chosenIds: ReadonlySet<string>;
  onAdd: (person: PersonRef) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const settled = useDebounced(text.trim());
  const read = useRead(search.routeId, settled === '' ? null : search.query(settled));
  // Nothing shown for an empty search, nor while a new search loads (the rows of the last one go).
  const answer = settled !== '' && !read.loading ? read.data : null;
  const results = useMemo(() => (answer ? search.people(answer) : null), [answer, search]);
  const failure = settled !== '' ? (read.failure ?? read.moreFailure) : null;
  const error = failure?.key ?? null;
  const loading = read.loading || read.loadingMore;

  return (
    <Stack gap="3" minW="0">
      <Field.Root disabled={disabled}>
        <Field.Label htmlFor={inputId}>{label}</Field.Label>
        <InputGroup startElement={<SearchIcon />}>
          <Input
            id={inputId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            placeholder={placeholder}
          />
        </InputGroup>
      </Field.Root>
      {error ? (
        <Text color="fg.error" role="alert">
          {t(error, { defaultValue: t(ERROR_KEYS.internal) })}
        </Text>
      ) : null}
      {results && !error && results.items.length === 0 ? <Text color="fg.muted">{emptyText}</Text> : null}
      {results && results.items.length > 0 ? (
        <Box as="ul" m="0" p="0" aria-label={t('rights.people.results')} aria-busy={loading}>
          {results.items.map((p) => {
            const added = chosenIds.has(p.id);
            return (
              <Flex as="li" key={p.id} listStyleType="none" align="center" gap="3" py="2" borderBottomWidth="1px">
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" truncate>
                    {p.label}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {p.detail ?? '—'}
                  </Text>
                </Box>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={added || disabled}
                  onClick={() => onAdd(p)}
                  aria-label={t('rights.people.addNamed', { name: p.label })}
                >
                  {t(added ? 'rights.people.added' : 'rights.people.add')}
                </Button>
              </Flex>
            );
          })}
        </Box>
      ) : null}
      {results ? (
        <MoreButton read={read}>
          {t('rights.people.more', { shown: results.items.length, count: results.count })}
        </MoreButton>
      ) : null}
    </Stack>
  );
};

/** The people chosen so far, each removable. */
export const PeopleList = ({
  label,
  people,
  emptyText,
  onRemove,
  disabled = false,
}: {
  label: string;
  people: readonly PersonRef[];
  emptyText: string;
  onRemove: (id: string) => void;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  if (people.length === 0) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Box as="ul" m="0" p="0" aria-label={label} borderWidth="1px" rounded="md" maxH="24rem" overflowY="auto">
      {people.map((p) => (
        <Flex
          as="li"
          key={p.id}
          listStyleType="none"
          align="center"
          gap="3"
          px="3"
          py="2"
          borderBottomWidth="1px"
          _last={{ borderBottomWidth: 0 }}
        >
          <Box flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {p.label}
            </Text>
            {p.detail ? (
              <Text fontSize="sm" color="fg.muted" truncate>
                {p.detail}
              </Text>
            ) : null}
          </Box>
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            disabled={disabled}
            onClick={() => onRemove(p.id)}
            aria-label={t('rights.people.removeNamed', { name: p.label })}
          >
            {t('rights.people.remove')}
          </Button>
        </Flex>
      ))}
    </Box>
  );
};
