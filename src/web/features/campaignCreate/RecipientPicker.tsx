/**
 * Manual recipients: employees over the paged employee search and groups by name. An employee without
 * e-mail is marked and refused (seed 000 §5); a group is checked member by member when added.
 */
import { Badge, Button, Field, Flex, Input, InputGroup, List, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeGroupDetail, EmployeeGroupPage } from '../../../contract/entities.ts';
import type { CreationRecipient } from '../../../../machines/campaign-creation/index.ts';
import { useAuth, useServices } from '../../app/index.ts';
import { useRead } from '../../app/useRead.ts';
import { SearchIcon } from '../../components/icons.tsx';
import { useDebounced } from '../../components/useDebounced.ts';

const PAGE = 20;
type Kind = CreationRecipient['kind'];

export const RecipientPicker = ({
  chosen,
  onAdd,
}: {
  chosen: readonly CreationRecipient[];
  onAdd: (recipient: CreationRecipient) => void;
}) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useAuth();
  const inputId = useId();
  const [kind, setKind] = useState<Kind>('employee');
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [checking, setChecking] = useState<string | null>(null);
  const orgId = session?.orgId ?? '';
  // One read per list; the kind not shown asks nothing.
  const employees = useRead(
    'employees.list',
    kind === 'employee' && orgId
      ? { body: { search: search || undefined, limit: PAGE, organizations: [{ organizationId: orgId, active: true }] } }
      : null,
  );
  const groups = useRead(
    'groups.list',
    kind === 'group' && orgId ? { body: { search: search || undefined, limit: PAGE }, scope: orgId } : null,
  );
  const read = kind === 'employee' ? employees : groups;
  const employeePage = kind === 'employee' && !employees.loading ? employees.data : null;
  // The contract names no answer for `groups.list`: it is the groups' page.
  const groupPage = kind === 'group' && !groups.loading ? (groups.data as EmployeeGroupPage | null) : null;
  // The current search's rows: none while it loads (« Chargement… »), nor after a failure.
  const results = useMemo(
    () =>
      employeePage
        ? {
            count: employeePage.count,
            items: employeePage.items.map((e): CreationRecipient => ({
              kind: 'employee',
              id: e.id,
              label: `${e.firstName} ${e.name}`,
              email: e.email,
            })),
          }
        : groupPage
          ? {
              count: groupPage.count,
              items: groupPage.items.map((g): CreationRecipient => ({
                kind: 'group',
                id: g.id,
                label: t('campaignCreate.recipients.groupLabel', { name: g.name, count: g.employeeCount }),
                email: null,
              })),
            }
          : null,
    [employeePage, groupPage, t],
  );
  const error = read.failure?.key ?? null;

  const addGroup = (group: CreationRecipient) => {
    setChecking(group.id);
    api
      .call<EmployeeGroupDetail>('groups.get', { params: { id: group.id } })
      .then((detail) =>
        onAdd({
          ...group,
          withoutEmail: detail.members.filter((m) => !m.email?.trim()).map((m) => `${m.firstName} ${m.name}`),
        }),
      )
      .catch(() => onAdd(group))
      .finally(() => setChecking(null));
  };

  const taken = new Set(chosen.map((r) => r.id));
  return (
    <Stack gap="3">
      <SegmentGroup.Root
        value={kind}
        onValueChange={({ value }) => value && setKind(value as Kind)}
        size="sm"
        alignSelf="flex-start"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'employee', label: t('campaignCreate.recipients.employees') },
            { value: 'group', label: t('campaignCreate.recipients.groups') },
          ]}
        />
      </SegmentGroup.Root>
      <Field.Root>
        <Field.Label htmlFor={inputId}>
          {t(kind === 'employee' ? 'campaignCreate.recipients.findEmployee' : 'campaignCreate.recipients.findGroup')}
        </Field.Label>
        <InputGroup startElement={<SearchIcon />}>
          <Input id={inputId} type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
        </InputGroup>
      </Field.Root>
      {error ? (
        <Text role="alert" color="fg.error">
          {t(error)}
        </Text>
      ) : null}
      {!results && !error ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      {results && results.items.length === 0 ? (
        <Text color="fg.muted">{t('campaignCreate.recipients.noMatch')}</Text>
      ) : null}
      {results && results.items.length > 0 ? (
        <List.Root
          listStyle="none"
          gap="1"
          aria-label={t('campaignCreate.recipients.results')}
          maxH="22rem"
          overflowY="auto"
        >
          {results.items.map((r) => {
            const noMail = r.kind === 'employee' && !r.email?.trim();
            return (
              <List.Item key={r.id}>
                <Flex align="center" gap="2" px="2" py="1" borderBottomWidth="1px" wrap="wrap">
                  <Stack gap="0" flex="1" minW="10rem">
                    <Text>{r.label}</Text>
                    {r.kind === 'employee' ? (
                      noMail ? (
                        <Badge colorPalette="red" alignSelf="flex-start">
                          {t('campaignCreate.recipients.noEmail')}
                        </Badge>
                      ) : (
                        <Text fontSize="xs" color="fg.muted">
                          {r.email}
                        </Text>
                      )
                    ) : null}
                  </Stack>
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={taken.has(r.id) || checking === r.id}
                    aria-disabled={noMail}
                    title={noMail ? t('campaignCreate.recipients.noEmailHint') : undefined}
                    onClick={() => (r.kind === 'group' ? addGroup(r) : onAdd(r))}
                  >
                    {t(taken.has(r.id) ? 'campaignCreate.recipients.added' : 'campaignCreate.recipients.add', {
                      name: r.label,
                    })}
                  </Button>
                </Flex>
              </List.Item>
            );
          })}
        </List.Root>
      ) : null}
      {results && results.count > results.items.length ? (
        <Text fontSize="xs" color="fg.muted">
          {t('campaignCreate.recipients.more', { shown: results.items.length, count: results.count })}
        </Text>
      ) : null}
    </Stack>
  );
};
