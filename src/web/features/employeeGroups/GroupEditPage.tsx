/**
 * Create (`/employee-groups/create`) or edit (`/employee-groups/{id}`) a group: name, organisation
 * (the current one by default; fixed once created), members picked over the employee search.
 * Leaving with unsaved changes asks first. The read, the save and the deletion are the group-form
 * machine (machines/group-form); this view sends it events.
 */
import { Button, Card, Field, HStack, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeGroupMember } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useAuth } from '../../app/index.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { MemberPicker } from './MemberPicker.tsx';
import { MembersTable } from './MembersTable.tsx';
import { useGroupForm } from './useGroupForm.ts';

export const GroupEditPage = () => {
  const { id } = useParams({ strict: false }) as { id?: string };
  // Another group is another form: its own machine, read afresh.
  return <GroupForm key={id ?? ''} id={id} />;
};

const GroupForm = ({ id }: { id: string | undefined }) => {
  const { t } = useTranslation();
  const { session } = useAuth();
  const navigate = useNavigate();
  const creating = id === undefined;
  const nameId = useId();
  const orgFieldId = useId();
  const { view, send, leavingUnsaved } = useGroupForm({ groupId: id ?? null, orgId: session?.orgId ?? '' });
  const { group, orgs, name, orgId, members, loadError, nameError } = view;
  const blocker = useBlocker({
    shouldBlockFn: leavingUnsaved,
    enableBeforeUnload: leavingUnsaved,
    withResolver: true,
  });
  const add = useCallback((member: EmployeeGroupMember) => send({ type: 'group.member.add', member }), [send]);
  const remove = useCallback((memberId: string) => send({ type: 'group.member.remove', memberId }), [send]);
  const save = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'group.save' });
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
                <Field.Root required invalid={nameError !== null}>
                  <Field.Label htmlFor={nameId}>{t('groups.form.name')}</Field.Label>
                  <Input
                    id={nameId}
                    value={name}
                    onChange={(e) => send({ type: 'group.name.change', value: e.target.value })}
                    onBlur={() => send({ type: 'group.name.blur' })}
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
                        onChange={(e) => send({ type: 'group.org.change', orgId: e.currentTarget.value })}
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
                {orgId ? <MemberPicker orgId={orgId} memberIds={view.memberIds} onAdd={add} /> : null}
                <MembersTable members={members} onRemove={remove} />
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
          {view.formError ? (
            <Text role="alert" color="red.fg">
              {t(view.formError, { defaultValue: t(ERROR_KEYS.internal) })}
            </Text>
          ) : null}
          <HStack gap="3" wrap="wrap">
            <Button type="submit" colorPalette="brand" loading={view.isSaving} disabled={view.saveDisabled}>
              {t(creating ? 'groups.form.create' : 'common.actions.save')}
            </Button>
            <Button variant="outline" onClick={() => void navigate({ to: '/employee-groups' })}>
              {t('groups.form.back')}
            </Button>
            {!creating ? (
              <Button variant="outline" colorPalette="red" onClick={() => send({ type: 'group.delete.ask' })} ms="auto">
                {t('groups.form.delete')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </form>
      <ConfirmDialog
        open={view.deleteAsked}
        title="groups.delete.title"
        text="groups.delete.text"
        confirm="groups.delete.confirm"
        danger
        busy={view.isDeleting}
        onConfirm={() => send({ type: 'group.delete.confirm' })}
        onCancel={() => send({ type: 'group.delete.cancel' })}
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
