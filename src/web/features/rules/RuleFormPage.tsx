/**
 * Create (`/rules/create`) or edit (`/rules/{id}`) an access rule: its name, the rights it gives, the
 * documents its users may see (period, types, organisations, employees, employee groups, metadata:
 * every criterion filled in must hold) and whom it applies to (user groups, users).
 */
import { Box, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH } from '../../../contract/constants.ts';
import type { RuleDraft } from '../../../../machines/rights-form/index.ts';
import { ChoiceList } from '../rights/ChoiceList.tsx';
import { flattenTree, OrgTreePicker } from '../rights/OrgTreePicker.tsx';
import { PeopleList, PersonPicker } from '../rights/PersonPicker.tsx';
import { PermissionMatrix } from '../rights/PermissionMatrix.tsx';
import { RightsFormLayout } from '../rights/RightsFormLayout.tsx';
import { Section } from '../rights/Section.tsx';
import { TextField } from '../rights/TextField.tsx';
import { pendingLines } from '../rights/pendingLines.ts';
import { useEmployeeSearch, useUserSearch } from '../rights/searches.ts';
import { useRightsForm } from '../rights/useRightsForm.ts';

export const RuleFormPage = () => {
  const { id } = useParams({ strict: false }) as { id?: string };
  // One machine per entity: another id in the URL starts afresh.
  return <RuleForm key={id ?? 'new'} id={id ?? null} />;
};

const Part = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <Stack gap="2" minW="0">
    <Text fontWeight="medium">{title}</Text>
    {children}
  </Stack>
);

const RuleForm = ({ id }: { id: string | null }) => {
  const { t } = useTranslation();
  const form = useRightsForm('rule', id);
  const { view, send } = form;
  const values = view.values as RuleDraft;
  const searchUsers = useUserSearch();
  const searchEmployees = useEmployeeSearch();
  const change = (patch: Partial<Omit<RuleDraft, 'kind'>>) => send({ type: 'form.change', patch });
  const disabled = !view.editable;
  const orgName = useMemo(
    () => new Map(flattenTree(view.options.orgTree).map(({ node }) => [node.id, node.name])),
    [view.options.orgTree],
  );
  const groupName = useMemo(
    () => new Map(view.options.userGroups.map((g) => [g.id, g.name])),
    [view.options.userGroups],
  );
  const employeeIds = useMemo(() => new Set(values.employees.map((p) => p.id)), [values.employees]);
  const userIds = useMemo(() => new Set(values.users.map((p) => p.id)), [values.users]);

  return (
    <RightsFormLayout
      form={form}
      title={view.creating ? t('sections.createRule') : values.name || t('sections.rule')}
      formLabel={t('rules.form.label')}
      createLabel={t('rules.form.create')}
      deleteLabel={t('rules.form.delete')}
      confirmTexts={{
        delete: {
          title: 'rules.confirm.deleteTitle',
          text: 'rules.confirm.deleteText',
          confirm: 'rules.confirm.delete',
          danger: true,
        },
      }}
      pendingSummary={
        view.pending
          ? pendingLines(t, view.pending, view.values, { org: (i) => orgName.get(i), group: (i) => groupName.get(i) })
          : []
      }
    >
      <Section title={t('rules.form.identity')}>
        <Stack maxW="xl">
          <TextField
            label={t('rules.fields.name')}
            value={values.name}
            onChange={(v) => change({ name: v })}
            error={view.fieldError('name')}
            required
            disabled={disabled}
            maxLength={MAX_LENGTH.name}
          />
        </Stack>
      </Section>

      <Section title={t('rules.form.rights')} intro={t('rules.form.rightsIntro')}>
        <PermissionMatrix
          label={t('rules.form.rights')}
          features={values.features}
          onChange={(features) => change({ features })}
          disabled={disabled}
        />
      </Section>

      <Section title={t('rules.form.documents')} intro={t('rules.form.documentsIntro')}>
        <Stack gap="6">
          <Part title={t('rules.fields.period')}>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="xl">
              <TextField
                label={t('rules.fields.periodStart')}
                type="date"
                value={values.periodStart}
                onChange={(v) => change({ periodStart: v })}
                error={view.fieldError('periodStart')}
                disabled={disabled}
              />
              <TextField
                label={t('rules.fields.periodEnd')}
                type="date"
                value={values.periodEnd}
                onChange={(v) => change({ periodEnd: v })}
                error={view.fieldError('periodEnd')}
                disabled={disabled}
              />
            </SimpleGrid>
          </Part>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <Part title={t('rules.fields.docTypes')}>
              <ChoiceList
                label={t('rules.fields.docTypes')}
                choices={view.options.docTypes.map((d) => ({ value: d.code, label: d.label }))}
                selected={values.docTypes}
                onChange={(docTypes) => change({ docTypes })}
                emptyText={t('rules.form.noDocTypes')}
                disabled={disabled}
              />
            </Part>
            <Part title={t('rules.fields.employeeGroups')}>
              <ChoiceList
                label={t('rules.fields.employeeGroups')}
                choices={view.options.employeeGroups.map((g) => ({ value: g.id, label: g.name }))}
                selected={values.employeeGroupIds}
                onChange={(employeeGroupIds) => change({ employeeGroupIds })}
                emptyText={t('rules.form.noEmployeeGroups')}
                disabled={disabled}
              />
            </Part>
          </SimpleGrid>
          <Part title={t('rules.fields.organisations')}>
            <Text fontSize="sm" color="fg.muted">
              {t('rules.form.organisationsIntro')}
            </Text>
            <OrgTreePicker
              label={t('rules.fields.organisations')}
              tree={view.options.orgTree}
              mode="subtree"
              choices={values.organizationIds.map((orgId) => ({ orgId, includeChildren: true }))}
              onChange={(choices) => change({ organizationIds: choices.map((c) => c.orgId) })}
              disabled={disabled}
            />
          </Part>
          <Part title={t('rules.fields.employees')}>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <PersonPicker
                label={t('rules.form.findEmployee')}
                placeholder={t('rights.people.placeholder')}
                emptyText={t('rules.form.noEmployee')}
                search={searchEmployees}
                chosenIds={employeeIds}
                onAdd={(p) => change({ employees: [...values.employees, p] })}
                disabled={disabled}
              />
              <PeopleList
                label={t('rules.fields.employees')}
                people={values.employees}
                emptyText={t('rules.form.noEmployees')}
                onRemove={(pid) => change({ employees: values.employees.filter((p) => p.id !== pid) })}
                disabled={disabled}
              />
            </SimpleGrid>
          </Part>
          <Part title={t('rules.fields.meta')}>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="xl">
              <TextField
                label={t('rules.fields.metaKey')}
                value={values.metaKey}
                onChange={(v) => change({ metaKey: v })}
                error={view.fieldError('metaKey')}
                disabled={disabled}
                maxLength={MAX_LENGTH.name}
              />
              <TextField
                label={t('rules.fields.metaValue')}
                value={values.metaValue}
                onChange={(v) => change({ metaValue: v })}
                error={view.fieldError('metaValue')}
                disabled={disabled}
                maxLength={MAX_LENGTH.text}
              />
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {t('rules.form.metaHelp')}
            </Text>
          </Part>
        </Stack>
      </Section>

      <Section title={t('rules.form.targets')} intro={t('rules.form.targetsIntro')}>
        <Stack gap="6">
          <Part title={t('rules.fields.userGroups')}>
            <ChoiceList
              label={t('rules.fields.userGroups')}
              choices={view.options.userGroups.map((g) => ({ value: g.id, label: g.name }))}
              selected={values.userGroupIds}
              onChange={(userGroupIds) => change({ userGroupIds })}
              emptyText={t('rules.form.noUserGroups')}
              disabled={disabled}
            />
          </Part>
          <Part title={t('rules.fields.users')}>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <PersonPicker
                label={t('rules.form.findUser')}
                placeholder={t('rights.people.placeholder')}
                emptyText={t('rules.form.noUser')}
                search={searchUsers}
                chosenIds={userIds}
                onAdd={(p) => change({ users: [...values.users, p] })}
                disabled={disabled}
              />
              <Box minW="0">
                <PeopleList
                  label={t('rules.fields.users')}
                  people={values.users}
                  emptyText={t('rules.form.noUsers')}
                  onRemove={(pid) => change({ users: values.users.filter((p) => p.id !== pid) })}
                  disabled={disabled}
                />
              </Box>
            </SimpleGrid>
          </Part>
        </Stack>
      </Section>
    </RightsFormLayout>
  );
};
