/**
 * Create (`/user-groups/create`) or edit (`/user-groups/{id}`) a user group: its name, the rights its
 * members get, and the members, picked over the users as the employee groups pick employees. The
 * server refuses to delete a group that access rules use, and says which.
 */
import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH } from '../../../contract/constants.ts';
import type { UserGroupDraft } from '../../../../machines/rights-form/index.ts';
import { PeopleList, PersonPicker } from '../rights/PersonPicker.tsx';
import { PermissionMatrix } from '../rights/PermissionMatrix.tsx';
import { RightsFormLayout } from '../rights/RightsFormLayout.tsx';
import { Section } from '../rights/Section.tsx';
import { TextField } from '../rights/TextField.tsx';
import { pendingLines } from '../rights/pendingLines.ts';
import { useUserSearch } from '../rights/searches.ts';
import { useRightsForm } from '../rights/useRightsForm.ts';

export const UserGroupFormPage = () => {
  const { id } = useParams({ strict: false }) as { id?: string };
  // One machine per entity: another id in the URL starts afresh.
  return <UserGroupForm key={id ?? 'new'} id={id ?? null} />;
};

const UserGroupForm = ({ id }: { id: string | null }) => {
  const { t } = useTranslation();
  const form = useRightsForm('userGroup', id);
  const { view, send } = form;
  const values = view.values as UserGroupDraft;
  const searchUsers = useUserSearch();
  const memberIds = useMemo(() => new Set(values.members.map((m) => m.id)), [values.members]);
  const change = (patch: Partial<Omit<UserGroupDraft, 'kind'>>) => send({ type: 'form.change', patch });
  const disabled = !view.editable;
  const record = view.record && 'memberIds' in view.record ? view.record : null;
  const usedByRules = record?.ruleIds.length ?? 0;

  return (
    <RightsFormLayout
      form={form}
      title={view.creating ? t('sections.createUserGroup') : values.name || t('sections.userGroup')}
      formLabel={t('userGroups.form.label')}
      createLabel={t('userGroups.form.create')}
      deleteLabel={t('userGroups.form.delete')}
      confirmTexts={{
        delete: {
          title: 'userGroups.confirm.deleteTitle',
          text: usedByRules ? 'userGroups.confirm.deleteUsedText' : 'userGroups.confirm.deleteText',
          confirm: 'userGroups.confirm.delete',
          danger: true,
          values: { count: usedByRules },
        },
      }}
      pendingSummary={
        view.pending ? pendingLines(t, view.pending, view.values, { org: () => undefined, group: () => undefined }) : []
      }
    >
      <Section title={t('userGroups.form.identity')}>
        <Stack maxW="xl">
          <TextField
            label={t('userGroups.fields.name')}
            value={values.name}
            onChange={(v) => change({ name: v })}
            error={view.fieldError('name')}
            required
            disabled={disabled}
            maxLength={MAX_LENGTH.name}
          />
        </Stack>
      </Section>
      <Section title={t('userGroups.form.rights')} intro={t('userGroups.form.rightsIntro')}>
        <PermissionMatrix
          label={t('userGroups.form.rights')}
          features={values.features}
          onChange={(features) => change({ features })}
          disabled={disabled}
        />
      </Section>
      <Section title={t('userGroups.form.members', { count: values.members.length })}>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <PersonPicker
            label={t('userGroups.form.findUser')}
            placeholder={t('rights.people.placeholder')}
            emptyText={t('userGroups.form.noUser')}
            search={searchUsers}
            chosenIds={memberIds}
            onAdd={(p) => change({ members: [...values.members, p] })}
            disabled={disabled}
          />
          <Stack gap="2" minW="0">
            <Text fontWeight="medium">{t('userGroups.form.memberList')}</Text>
            <PeopleList
              label={t('userGroups.form.memberList')}
              people={values.members}
              emptyText={t('userGroups.form.noMembers')}
              onRemove={(memberId) => change({ members: values.members.filter((m) => m.id !== memberId) })}
              disabled={disabled}
            />
          </Stack>
        </SimpleGrid>
      </Section>
      {usedByRules ? (
        <Text fontSize="sm" color="fg.muted">
          {t('userGroups.form.usedByRules', { count: usedByRules })}
        </Text>
      ) : null}
    </RightsFormLayout>
  );
};
