/**
 * Create (`/employee-groups/create`) or edit (`/employee-groups/{id}`) a group: name, organisation
 * (the current one by default; fixed once created), members picked over the employee search.
 * Leaving with unsaved changes asks first.
 */
import { Button, Card, Field, HStack, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeGroupDetail, EmployeeGroupMember, Organization } from '../../../contract/entities.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { VALIDATION_KEYS } from '../../../contract/validation.ts';
import { useAlerts, useAuth, useServices } from '../../app/index.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MemberPicker } from './MemberPicker.tsx';
import { MembersTable } from './MembersTable.tsx';

const keyOf = (failure: unknown): string =>
  typeof failure === 'object' && failure !== null && 'key' in failure && typeof failure.key === 'string'
    ? failure.key
    : ERROR_KEYS.internal;
/** What "unchanged" compares: the name as it will be saved and the set of members. */
const fingerprint = (name: string, orgId: string, members: readonly EmployeeGroupMember[]): string =>
  JSON.stringify([name.trim(), orgId, members.map((m) => m.id).sort()]);
const NAME_KEYS: readonly string[] = [ERROR_KEYS.groupNameTaken, VALIDATION_KEYS.required];

export const GroupEditPage = () => {
  const { t } = useTranslation();
  const { api } = useServices();
  const { session } = useAuth();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { id } = useParams({ strict: false }) as { id?: string };
  const creating = id === undefined;
  const nameId = useId();
  const orgFieldId = useId();

  const [group, setGroup] = useState<EmployeeGroupDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [orgs, setOrgs] = useState<readonly Organization[]>([]);
  const [name, setName] = useState('');
  const [orgId, setOrgId] = useState(session?.orgId ?? '');
  const [members, setMembers] = useState<readonly EmployeeGroupMember[]>([]);
  const [saved, setSaved] = useState(() => fingerprint('', session?.orgId ?? '', []));
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Set just before leaving on purpose (after save or delete) so the blocker lets us through.
  const leaving = useRef(false);

  useEffect(() => {
    if (creating) {
      api
        .call<Organization[]>('organizations.eligible')
        .then(setOrgs)
        .catch(() => setOrgs([]));
      return;
    }
    const controller = new AbortController();
    api
      .call<EmployeeGroupDetail>('groups.get', { params: { id }, signal: controller.signal })
      .then((g) => {
        setGroup(g);
        setName(g.name);
        setOrgId(g.orgId);
        setMembers(g.members);
        setSaved(fingerprint(g.name, g.orgId, g.members));
      })
      .catch((f: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(keyOf(f));
        alerts.push({ message: ALERT_KEYS.groups.getError, type: 'error' });
      });
    return () => controller.abort();
  }, [api, creating, id]); // eslint-disable-line react-hooks/exhaustive-deps -- alerts is stable in use

  const dirty = fingerprint(name, orgId, members) !== saved;
  const blocker = useBlocker({
    shouldBlockFn: () => dirty && !leaving.current,
    enableBeforeUnload: () => dirty && !leaving.current,
    withResolver: true,
  });

  const memberIds = useMemo(() => new Set(members.map((m) => m.id)), [members]);
  const add = useCallback(
    (m: EmployeeGroupMember) => setMembers((list) => (list.some((x) => x.id === m.id) ? list : [...list, m])),
    [],
  );
  const remove = useCallback((memberId: string) => setMembers((list) => list.filter((m) => m.id !== memberId)), []);
  const changeOrg = (next: string) => {
    // Members belong to one organisation's tree: a new organisation starts from an empty list.
    setOrgId(next);
    setMembers([]);
  };

  const nameError =
    name.trim() === '' ? VALIDATION_KEYS.required : serverError && NAME_KEYS.includes(serverError) ? serverError : null;

  const save = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (name.trim() === '' || !dirty || !orgId) return;
    setSaving(true);
    setServerError(null);
    const employeesIds = members.map((m) => m.id);
    const request = creating
      ? api.call<EmployeeGroupDetail>('groups.create', { body: { name: name.trim(), orgId, employeesIds } })
      : api.call<EmployeeGroupDetail>('groups.update', { params: { id }, body: { name: name.trim(), employeesIds } });
    request
      .then((g) => {
        alerts.push({
          message: creating ? ALERT_KEYS.groups.createSuccess : ALERT_KEYS.groups.updateSuccess,
          type: 'success',
        });
        setGroup(g);
        setName(g.name);
        setMembers(g.members);
        setSaved(fingerprint(g.name, g.orgId, g.members));
        if (creating) {
          leaving.current = true;
          void navigate({ to: '/employee-groups' });
        }
      })
      .catch((f: unknown) => {
        const key = keyOf(f);
        setServerError(key);
        alerts.push({
          message: creating ? ALERT_KEYS.groups.createError : ALERT_KEYS.groups.updateError,
          type: 'error',
          detail: t(key, { defaultValue: t(ERROR_KEYS.internal) }),
        });
      })
      .finally(() => setSaving(false));
  };

  const remove_ = () => {
    if (!id) return;
    setDeleting(true);
    api
      .call('groups.delete', { params: { id } })
      .then(() => {
        alerts.push({ message: ALERT_KEYS.groups.deleteSuccess, type: 'success' });
        leaving.current = true;
        setAskDelete(false);
        void navigate({ to: '/employee-groups' });
      })
      .catch(() => {
        setAskDelete(false);
        alerts.push({ message: ALERT_KEYS.groups.deleteError, type: 'error' });
      })
      .finally(() => setDeleting(false));
  };

  if (loadError) {
    return (
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {t('sections.employeeGroup')}
        </Heading>
        <Text role="alert" color="red.fg">
          {t(loadError, { defaultValue: t(ERROR_KEYS.internal) })}
        </Text>
      </Stack>
    );
  }
  if (!creating && !group) return <DelayedLoader label={t('common.loading')} />;

  const orgName = group?.orgName ?? orgs.find((o) => o.id === orgId)?.name ?? session?.orgName ?? '';

  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="xl">
        {creating ? t('sections.createEmployeeGroup') : group?.name}
      </Heading>
      <form onSubmit={save} noValidate aria-label={t('groups.form.label')}>
        <Stack gap="5">
          <Card.Root>
            <Card.Body>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <Field.Root required invalid={(touched || name !== '') && nameError !== null}>
                  <Field.Label htmlFor={nameId}>{t('groups.form.name')}</Field.Label>
                  <Input
                    id={nameId}
                    value={name}
                    onChange={(e) => {
                      setName(e.target.value);
                      setServerError(null);
                    }}
                    onBlur={() => setTouched(true)}
                    autoComplete="off"
                  />
                  <Field.ErrorText>{nameError ? t(nameError) : null}</Field.ErrorText>
                </Field.Root>
                <Field.Root required>
                  <Field.Label htmlFor={orgFieldId}>{t('groups.form.organization')}</Field.Label>
                  {creating && orgs.length > 0 ? (
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        id={orgFieldId}
                        value={orgId}
                        onChange={(e) => changeOrg(e.currentTarget.value)}
                      >
                        {orgs.map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  ) : (
                    <Input id={orgFieldId} value={orgName} readOnly />
                  )}
                </Field.Root>
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
          <Card.Root>
            <Card.Header>
              <Heading as="h2" size="md">
                {t('groups.members.title', { count: members.length })}
              </Heading>
            </Card.Header>
            <Card.Body>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
                {orgId ? <MemberPicker orgId={orgId} memberIds={memberIds} onAdd={add} /> : null}
                <MembersTable members={members} onRemove={remove} />
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
          {serverError && !NAME_KEYS.includes(serverError) ? (
            <Text role="alert" color="red.fg">
              {t(serverError, { defaultValue: t(ERROR_KEYS.internal) })}
            </Text>
          ) : null}
          <HStack gap="3" wrap="wrap">
            <Button type="submit" colorPalette="brand" loading={saving} disabled={!dirty || name.trim() === ''}>
              {t(creating ? 'groups.form.create' : 'common.actions.save')}
            </Button>
            <Button variant="outline" onClick={() => void navigate({ to: '/employee-groups' })}>
              {t('groups.form.back')}
            </Button>
            {!creating ? (
              <Button variant="outline" colorPalette="red" onClick={() => setAskDelete(true)} ms="auto">
                {t('groups.form.delete')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </form>
      <ConfirmDialog
        open={askDelete}
        title="groups.delete.title"
        text="groups.delete.text"
        confirm="groups.delete.confirm"
        danger
        busy={deleting}
        onConfirm={remove_}
        onCancel={() => setAskDelete(false)}
      />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="groups.unsaved.title"
        text="groups.unsaved.text"
        confirm="groups.unsaved.leave"
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
};
