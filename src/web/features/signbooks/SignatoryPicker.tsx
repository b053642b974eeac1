/**
 * Adds a signatory to a step: an employee or a user found over the paged searches, or an external
 * person typed in. Without e-mail: refused, said beside the name. A user's missing signing right is
 * shown as a warning; when the profile cannot read rights (no UserAccess) the picker says so and
 * offers the user themself. A social signer picks its authorised users among the users before it.
 */
import { Badge, Button, Checkbox, Field, Flex, Input, List, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeePage } from '../../../contract/entities.ts';
import type { UserAdminPage } from '../../../contract/rights.ts';
import type { SignatoryType } from '../../../contract/enums.ts';
import { useAuth } from '../../app/index.ts';
import { useRead } from '../../app/useRead.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { type DraftSignatory, refusalOf, rightsWarningOf } from './signatories.ts';
import { FORMAT_HINT_KEYS } from '../../../contract/validation.ts';

type Kind = 'employee' | 'user' | 'external';
const PAGE = 20;

/** One search's rows as the picker lists them. */
interface Found {
  readonly items: readonly DraftSignatory[];
  readonly count: number;
}
const NOTHING_FOUND: Found = { items: [], count: 0 };

const employeesFound = (p: EmployeePage): Found => ({
  count: p.count,
  items: p.items.map((e): DraftSignatory => ({
    key: `employee:${e.id}`,
    type: 'employee',
    employeeId: e.id,
    name: e.name,
    firstName: e.firstName,
    email: e.email,
    phone: e.phone,
  })),
});
const usersFound = (p: UserAdminPage): Found => ({
  count: p.count,
  items: p.items.map((u): DraftSignatory => ({
    key: `user:${u.id}`,
    type: 'user',
    userId: u.id,
    name: u.lastName,
    firstName: u.firstName,
    email: u.email,
    features: u.features,
  })),
});

export const SignatoryPicker = ({
  kinds,
  taken,
  usersBefore,
  onAdd,
}: {
  /** Which kinds this step accepts (a template step fixes one). */
  kinds: readonly Kind[];
  taken: ReadonlySet<string>;
  /** Users placed before this step: who may authorise a social signer. */
  usersBefore: readonly DraftSignatory[];
  onAdd: (s: DraftSignatory) => void;
}) => {
  const { t } = useTranslation();
  const { session, features } = useAuth();
  const id = useId();
  const [chosenKind, setKind] = useState<Kind>(kinds[0] ?? 'employee');
  // A template step whose type changed keeps this picker: fall back to a kind the step accepts.
  const kind = kinds.includes(chosenKind) ? chosenKind : (kinds[0] ?? 'employee');
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [social, setSocial] = useState<string[] | null>(null);
  const [external, setExternal] = useState({ firstName: '', name: '', email: '', phone: '' });
  const canReadRights = features.includes('UserAccess');
  const orgId = session?.orgId ?? '';
  const searchable = kind === 'employee' || (kind === 'user' && canReadRights);
  // One read per list (the kind not shown asks nothing): each keeps its rows while its next search loads.
  const employees = useRead(
    'employees.list',
    kind === 'employee' && orgId
      ? { body: { search: search || undefined, limit: PAGE, organizations: [{ organizationId: orgId, active: true }] } }
      : null,
  );
  const users = useRead(
    'users.list',
    kind === 'user' && canReadRights && orgId
      ? { body: { search: search || undefined, limit: PAGE }, scope: orgId }
      : null,
  );
  const read = kind === 'employee' ? employees : kind === 'user' ? users : null;
  const employeeRows = useMemo(() => (employees.data ? employeesFound(employees.data) : null), [employees.data]);
  const userRows = useMemo(() => (users.data ? usersFound(users.data) : null), [users.data]);
  // While the next search of the same list loads, the rows found last stay on screen, the same elements:
  // a row pressed as the typed text settles is still the one clicked (blanking the list to « Chargement… »
  // dropped a click whose press landed just before, the mouse-up then falling on what replaced the row).
  // A failed search lists nobody.
  const latest =
    !searchable || !read ? null : read.failure ? NOTHING_FOUND : kind === 'employee' ? employeeRows : userRows;
  // And rows never move under a pressed pointer: results arriving meanwhile show once it is released.
  const [held, setHeld] = useState<Found | null>(null);
  const shown = held ?? latest;
  useEffect(() => {
    if (!held) return;
    // After the click that the release makes (same task), not before it.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      timer = setTimeout(() => setHeld(null), 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
      clearTimeout(timer);
    };
  }, [held]);

  /** A search of this list is running (its rows, if any, are the previous search's). */
  const searching = searchable && (read?.loading ?? false);

  const me: DraftSignatory | null = session
    ? {
        key: `user:${session.userId}`,
        type: 'user',
        userId: session.userId,
        name: session.fullName,
        firstName: '',
        email: session.email,
        features,
      }
    : null;

  const add = (s: DraftSignatory) => {
    if (refusalOf(s)) return;
    onAdd(social && s.type === 'user' ? { ...s, type: 'socialSigner' as SignatoryType, authorizedUserIds: social } : s);
  };

  const row = (s: DraftSignatory) => {
    const refusal = refusalOf(s);
    const warning = rightsWarningOf(s, canReadRights);
    return (
      <List.Item key={s.key}>
        <Flex align="center" gap="2" px="2" py="1" borderBottomWidth="1px" wrap="wrap">
          <Stack gap="0" flex="1" minW="10rem">
            <Text>
              {s.firstName} {s.name}
            </Text>
            {refusal ? (
              <Badge colorPalette="red" alignSelf="flex-start">
                {t('signbooks.picker.noEmail')}
              </Badge>
            ) : (
              <Text fontSize="xs" color="fg.muted">
                {s.email}
              </Text>
            )}
            {warning && !refusal ? (
              <Text fontSize="xs" color="orange.fg">
                {t(warning)}
              </Text>
            ) : null}
          </Stack>
          <Button
            size="xs"
            variant="outline"
            disabled={taken.has(s.key) || Boolean(refusal)}
            title={refusal ? t(refusal) : undefined}
            onClick={() => add(s)}
          >
            {t(taken.has(s.key) ? 'signbooks.picker.added' : 'signbooks.picker.add', {
              name: `${s.firstName} ${s.name}`.trim(),
            })}
          </Button>
        </Flex>
      </List.Item>
    );
  };

  const externalDraft: DraftSignatory = {
    key: `external:${external.email.trim().toLowerCase()}`,
    type: 'external',
    name: external.name.trim(),
    firstName: external.firstName.trim(),
    email: external.email.trim() || null,
    phone: external.phone.trim() || null,
  };

  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle">
      {kinds.length > 1 ? (
        <SegmentGroup.Root
          value={kind}
          onValueChange={({ value }) => value && setKind(value as Kind)}
          size="sm"
          alignSelf="flex-start"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={kinds.map((k) => ({ value: k, label: t(`signbooks.picker.kinds.${k}`) }))} />
        </SegmentGroup.Root>
      ) : null}
      {kind === 'external' ? (
        <Stack gap="2">
          <Flex gap="2" wrap="wrap">
            {(['firstName', 'name', 'email', 'phone'] as const).map((f) => (
              <Field.Root key={f} flex="1" minW="10rem" required={f === 'email' || f === 'name'}>
                <Field.Label htmlFor={`${id}-${f}`}>{t(`signbooks.picker.external.${f}`)}</Field.Label>
                <Input
                  id={`${id}-${f}`}
                  type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
                  value={external[f]}
                  onChange={(e) => setExternal((x) => ({ ...x, [f]: e.target.value }))}
                />
              </Field.Root>
            ))}
          </Flex>
          {external.email && refusalOf(externalDraft) ? (
            <Text fontSize="sm" color="fg.error">
              {t(FORMAT_HINT_KEYS.email)}
            </Text>
          ) : null}
          <Button
            size="sm"
            alignSelf="flex-start"
            disabled={!externalDraft.name || Boolean(refusalOf(externalDraft)) || taken.has(externalDraft.key)}
            onClick={() => {
              add(externalDraft);
              setExternal({ firstName: '', name: '', email: '', phone: '' });
            }}
          >
            {t('signbooks.picker.addExternal')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="2">
          {kind === 'user' && !canReadRights ? (
            <Text fontSize="sm" color="orange.fg" role="note">
              {t('warning.signbook.rights-unverifiable')} {t('signbooks.picker.onlyYou')}
            </Text>
          ) : (
            <Field.Root>
              <Field.Label htmlFor={`${id}-search`}>{t(`signbooks.picker.find.${kind}`)}</Field.Label>
              <Input
                id={`${id}-search`}
                type="search"
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoComplete="off"
              />
            </Field.Root>
          )}
          {kind === 'user' && usersBefore.length > 0 ? (
            <Stack gap="1">
              <Checkbox.Root
                checked={social !== null}
                onCheckedChange={({ checked }) => setSocial(checked ? [] : null)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('signbooks.picker.social')}</Checkbox.Label>
              </Checkbox.Root>
              {social !== null
                ? usersBefore.map((u) => (
                    <Checkbox.Root
                      key={u.key}
                      ml="6"
                      checked={social.includes(u.userId ?? '')}
                      onCheckedChange={({ checked }) =>
                        setSocial((s) =>
                          checked ? [...(s ?? []), u.userId ?? ''] : (s ?? []).filter((x) => x !== u.userId),
                        )
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>
                        {t('signbooks.picker.authorised', { name: `${u.firstName} ${u.name}`.trim() })}
                      </Checkbox.Label>
                    </Checkbox.Root>
                  ))
                : null}
            </Stack>
          ) : null}
          <List.Root
            listStyle="none"
            gap="1"
            maxH="16rem"
            overflowY="auto"
            aria-label={t('signbooks.picker.results')}
            aria-busy={searching}
            onPointerDown={() => setHeld(shown)}
          >
            {kind === 'user' && me && !(shown?.items.some((u) => u.key === me.key) ?? false) ? row(me) : null}
            {searching && !shown ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
            {shown?.items.map(row)}
          </List.Root>
          {/* Below the rows, so that the search running does not move them. */}
          {searching && shown ? (
            <Text fontSize="xs" color="fg.muted">
              {t('common.loading')}
            </Text>
          ) : shown && shown.count > shown.items.length ? (
            <Text fontSize="xs" color="fg.muted">
              {t('signbooks.picker.more', { shown: shown.items.length, count: shown.count })}
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
};
