/**
 * Finds employees of the group's organisation (and below) over the paged employee search and
 * offers each one to add; "more" follows the search's keyset cursor.
 */
import { Box, Button, Field, Flex, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeGroupMember, EmployeePage } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useServices } from '../../app/index.ts';
import { SearchIcon } from '../../components/icons.tsx';
import { useDebounced } from '../../components/useDebounced.ts';

const PAGE = 20;
const keyOf = (failure: unknown): string =>
  typeof failure === 'object' && failure !== null && 'key' in failure && typeof failure.key === 'string'
    ? failure.key
    : ERROR_KEYS.internal;
const asMember = (e: Employee): EmployeeGroupMember => ({
  id: e.id,
  name: e.name,
  firstName: e.firstName,
  email: e.email,
});

export const MemberPicker = ({
  orgId,
  memberIds,
  onAdd,
}: {
  orgId: string;
  memberIds: ReadonlySet<string>;
  onAdd: (member: EmployeeGroupMember) => void;
}) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const inputId = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  // Results remember the search they answer, so a new search shows as loading without resetting state.
  const [found, setFound] = useState<{
    search: string;
    items: EmployeeGroupMember[];
    count: number;
    next: string | null;
    error: string | null;
  } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const request = `${orgId}|${search}`;
  const results = search !== '' && found?.search === request ? found : null;
  const loading = (search !== '' && found?.search !== request) || loadingMore;
  const error = results?.error ?? null;

  const fetchPage = (after: string | null, signal?: AbortSignal) =>
    api.call<EmployeePage>('employees.list', {
      body: {
        search: search || undefined,
        limit: PAGE,
        organizations: [{ organizationId: orgId, active: true }],
        ...(after ? { after } : {}),
      },
      ...(signal ? { signal } : {}),
    });

  useEffect(() => {
    if (search === '') return;
    const controller = new AbortController();
    fetchPage(null, controller.signal)
      .then((page) =>
        setFound({
          search: request,
          items: page.items.map(asMember),
          count: page.count,
          next: page.nextCursor,
          error: null,
        }),
      )
      .catch((f: unknown) => {
        if (!controller.signal.aborted) setFound({ search: request, items: [], count: 0, next: null, error: keyOf(f) });
      });
    return () => controller.abort();
  }, [request]); // eslint-disable-line react-hooks/exhaustive-deps -- fetchPage reads search and orgId, both in request

  const more = () => {
    if (!results?.next) return;
    setLoadingMore(true);
    fetchPage(results.next)
      .then((page) =>
        setFound({
          ...results,
          items: [...results.items, ...page.items.map(asMember)],
          count: page.count,
          next: page.nextCursor,
        }),
      )
      .catch((f: unknown) => setFound({ ...results, error: keyOf(f) }))
      .finally(() => setLoadingMore(false));
  };

  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label htmlFor={inputId}>{t('groups.form.findEmployee')}</Field.Label>
        <InputGroup startElement={<SearchIcon />}>
          <Input
            id={inputId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
            placeholder={t('groups.form.findPlaceholder')}
          />
        </InputGroup>
      </Field.Root>
      {error ? (
        <Text color="red.fg" role="alert">
          {t(error, { defaultValue: t(ERROR_KEYS.internal) })}
        </Text>
      ) : null}
      {results && !error && results.items.length === 0 ? (
        <Text color="fg.muted">{t('groups.form.noEmployee')}</Text>
      ) : null}
      {results && results.items.length > 0 ? (
        <Box as="ul" m="0" p="0" aria-label={t('groups.form.results')} aria-busy={loading}>
          {results.items.map((e) => {
            const added = memberIds.has(e.id);
            const label = `${e.name} ${e.firstName}`;
            return (
              <Flex as="li" key={e.id} listStyleType="none" align="center" gap="3" py="2" borderBottomWidth="1px">
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" truncate>
                    {label}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {e.email ?? '—'}
                  </Text>
                </Box>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={added}
                  onClick={() => onAdd(e)}
                  aria-label={t('groups.form.addNamed', { name: label })}
                >
                  {t(added ? 'groups.form.added' : 'groups.form.add')}
                </Button>
              </Flex>
            );
          })}
        </Box>
      ) : null}
      {results?.next ? (
        <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={more} loading={loading}>
          {t('groups.form.more', { shown: results.items.length, count: results.count })}
        </Button>
      ) : null}
    </Stack>
  );
};
