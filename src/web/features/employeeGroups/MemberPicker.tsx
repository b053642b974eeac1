/**
 * Finds employees of the group's organisation (and below) over the paged employee search and
 * offers each one to add; "more" follows the search's keyset cursor.
 */
import { Box, Button, Field, Flex, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee, EmployeeGroupMember } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useRead } from '../../app/useRead.ts';
import { SearchIcon } from '../../components/icons.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { MoreButton } from '../../components/MoreButton.tsx';

const PAGE = 20;
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
  const inputId = useId();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const read = useRead(
    'employees.list',
    search === ''
      ? null
      : {
          body: { search, limit: PAGE, organizations: [{ organizationId: orgId, active: true }] },
          paging: 'cursor',
        },
  );
  // Nothing shown for an empty search, nor while a new search loads (the rows of the last one go).
  const page = search !== '' && !read.loading ? read.data : null;
  const results = useMemo(() => (page ? { items: page.items.map(asMember), count: page.count } : null), [page]);
  const failure = search !== '' ? (read.failure ?? read.moreFailure) : null;
  const error = failure?.key ?? null;
  const loading = read.loading || read.loadingMore;

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
      {results ? (
        <MoreButton read={read}>
          {t('groups.form.more', { shown: results.items.length, count: results.count })}
        </MoreButton>
      ) : null}
    </Stack>
  );
};
