/**
 * Create (`/users/create`) or edit (`/users/{id}`) a user: identity, root and visible organisations
 * (tree with « accès par défaut »), the permission matrix, user groups; on a saved user, the
 * generated-password link, deactivation and the trail of rights changes. An administrator never sees
 * or types a password: the user chooses theirs from the mailed link.
 */
import { Badge, Box, Button, Field, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feature } from '../../../contract/features.ts';
import { MAX_LENGTH } from '../../../contract/constants.ts';
import type { UserDraft } from '../../../../machines/rights-form/index.ts';
import { Check } from '../rights/Check.tsx';
import { ChoiceList } from '../rights/ChoiceList.tsx';
import { flattenTree, OrgTreePicker } from '../rights/OrgTreePicker.tsx';
import { PermissionMatrix } from '../rights/PermissionMatrix.tsx';
import { RightsFormLayout } from '../rights/RightsFormLayout.tsx';
import { rightsSummary } from '../rights/rightsLabels.ts';
import { Section } from '../rights/Section.tsx';
import { TextField } from '../rights/TextField.tsx';
import { pendingLines } from '../rights/pendingLines.ts';
import { useRightsForm } from '../rights/useRightsForm.ts';
import { RightsTrail } from './RightsTrail.tsx';

export const UserFormPage = () => {
  const { id } = useParams({ strict: false }) as { id?: string };
  // One machine per entity: another id in the URL starts afresh.
  return <UserForm key={id ?? 'new'} id={id ?? null} />;
};

const UserForm = ({ id }: { id: string | null }) => {
  const { t } = useTranslation();
  const form = useRightsForm('user', id);
  const { view, send } = form;
  const rootFieldId = useId();
  const values = view.values as UserDraft;
  const record = view.record && 'login' in view.record ? view.record : null;
  const orgs = useMemo(() => flattenTree(view.options.orgTree), [view.options.orgTree]);
  const orgName = useMemo(() => new Map(orgs.map(({ node }) => [node.id, node.name])), [orgs]);
  const groupName = useMemo(
    () => new Map(view.options.userGroups.map((g) => [g.id, g.name])),
    [view.options.userGroups],
  );
  const inherited = useMemo(() => {
    const own = new Set(record?.features ?? []);
    return new Set((record?.effectiveFeatures ?? []).filter((f) => !own.has(f)));
  }, [record]);

  const change = (patch: Partial<Omit<UserDraft, 'kind'>>) => send({ type: 'form.change', patch });
  const disabled = !view.editable;
  const fullName = `${values.firstName} ${values.lastName}`.trim();
  const title = view.creating ? t('sections.createUser') : fullName || (record?.login ?? t('sections.user'));

  const accountActions = !view.creating ? (
    <Section title={t('users.form.account')}>
      <Stack gap="4">
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette={view.active ? 'green' : 'gray'} size="md">
            {t(view.active ? 'rights.status.active' : 'rights.status.inactive')}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            {record?.lastLoginAt
              ? t('users.form.lastLogin', { date: new Date(record.lastLoginAt).toLocaleDateString() })
              : t('users.form.neverLoggedIn')}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('users.form.passwordIntro')}
        </Text>
        <Stack gap="1" align="flex-start">
          <Button
            variant="outline"
            colorPalette="brand"
            disabled={!view.can.sendPassword}
            onClick={() => send({ type: 'form.action', action: 'sendPassword' })}
          >
            {t('users.form.sendPassword')}
          </Button>
          {view.passwordNeedsEmail ? (
            <Text fontSize="sm" color="fg.error">
              {t('users.form.passwordNeedsEmail')}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="1" align="flex-start">
          {view.active ? (
            <Button
              variant="outline"
              colorPalette="orange"
              disabled={!view.can.deactivate}
              onClick={() => send({ type: 'form.action', action: 'deactivate' })}
            >
              {t('users.form.deactivate')}
            </Button>
          ) : (
            <Button
              variant="outline"
              colorPalette="green"
              disabled={!view.can.reactivate}
              onClick={() => send({ type: 'form.action', action: 'reactivate' })}
            >
              {t('users.form.reactivate')}
            </Button>
          )}
          {view.isSelf ? (
            <Text fontSize="sm" color="fg.muted">
              {t('users.form.selfProtected')}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Section>
  ) : null;

  return (
    <RightsFormLayout
      form={form}
      title={title}
      formLabel={t('users.form.label')}
      createLabel={t('users.form.create')}
      deleteLabel={t('users.form.delete')}
      confirmTexts={{
        delete: {
          title: 'users.confirm.deleteTitle',
          text: 'users.confirm.deleteText',
          confirm: 'users.confirm.delete',
          danger: true,
        },
        deactivate: {
          title: 'users.confirm.deactivateTitle',
          text: 'users.confirm.deactivateText',
          confirm: 'users.confirm.deactivate',
          danger: true,
        },
        reactivate: {
          title: 'users.confirm.reactivateTitle',
          text: 'users.confirm.reactivateText',
          confirm: 'users.confirm.reactivate',
        },
        sendPassword: {
          title: 'users.confirm.sendPasswordTitle',
          text: 'users.confirm.sendPasswordText',
          confirm: 'users.confirm.sendPassword',
          values: { email: record?.email ?? '' },
        },
      }}
      pendingSummary={
        view.pending
          ? pendingLines(t, view.pending, view.values, { org: (i) => orgName.get(i), group: (i) => groupName.get(i) })
          : []
      }
      aside={
        !view.creating ? (
          <RightsTrail
            changes={view.changes}
            names={{
              org: (i) => orgName.get(i),
              group: (i) => groupName.get(i),
              user: (i) => (i === record?.id ? fullName : undefined),
            }}
          />
        ) : null
      }
    >
      <Section title={t('users.form.identity')}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField
            label={t('users.fields.lastName')}
            value={values.lastName}
            onChange={(v) => change({ lastName: v })}
            error={view.fieldError('lastName')}
            required
            disabled={disabled}
            maxLength={MAX_LENGTH.personName}
          />
          <TextField
            label={t('users.fields.firstName')}
            value={values.firstName}
            onChange={(v) => change({ firstName: v })}
            error={view.fieldError('firstName')}
            required
            disabled={disabled}
            maxLength={MAX_LENGTH.personName}
          />
          <TextField
            label={t('users.fields.login')}
            value={values.login}
            onChange={(v) => change({ login: v })}
            error={view.fieldError('login')}
            required
            disabled={disabled}
            maxLength={MAX_LENGTH.login}
            helper={t('users.form.loginHelp')}
          />
          <Stack gap="2">
            <TextField
              label={t('users.fields.email')}
              type="email"
              value={values.email}
              onChange={(v) => change({ email: v })}
              error={view.fieldError('email')}
              disabled={disabled}
              maxLength={MAX_LENGTH.email}
            />
            <Check
              checked={values.linkedToMicrosoft}
              disabled={disabled}
              label={t('users.fields.linkedToMicrosoft')}
              onChange={(on) => change({ linkedToMicrosoft: on })}
            />
          </Stack>
        </SimpleGrid>
      </Section>

      <Section title={t('users.form.organisations')} intro={t('users.form.organisationsIntro')}>
        <Stack gap="4">
          <Field.Root required invalid={view.fieldError('rootOrgId') !== null} disabled={disabled} maxW="md">
            <Field.Label htmlFor={rootFieldId}>
              {t('users.fields.rootOrg')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                id={rootFieldId}
                value={values.rootOrgId}
                onChange={(e) =>
                  change({
                    rootOrgId: e.currentTarget.value,
                    access: values.access.filter((a) => a.orgId !== e.currentTarget.value),
                  })
                }
              >
                <option value="">{t('users.form.chooseOrg')}</option>
                {orgs.map(({ node, depth }) => (
                  <option key={node.id} value={node.id}>
                    {`${'\u00a0\u00a0'.repeat(depth)}${node.name}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>
              {view.fieldError('rootOrgId') ? t(view.fieldError('rootOrgId') ?? '') : null}
            </Field.ErrorText>
          </Field.Root>
          <Box>
            <Text fontWeight="medium" mb="2">
              {t('users.fields.visibleOrgs')}
            </Text>
            <OrgTreePicker
              label={t('users.fields.visibleOrgs')}
              tree={view.options.orgTree}
              mode="access"
              choices={values.access}
              onChange={(access) => change({ access })}
              locked={
                values.rootOrgId
                  ? {
                      orgId: values.rootOrgId,
                      includeChildren: values.rootIncludesChildren,
                      onIncludeChildren: (on) => change({ rootIncludesChildren: on }),
                    }
                  : null
              }
              disabled={disabled}
            />
          </Box>
        </Stack>
      </Section>

      <Section title={t('users.form.rights')} intro={t('users.form.rightsIntro')}>
        <Stack gap="3">
          <PermissionMatrix
            label={t('users.form.rights')}
            features={values.features}
            onChange={(features: Feature[]) => change({ features })}
            disabled={disabled}
            inherited={inherited}
          />
          {record ? (
            <Text fontSize="sm" color="fg.muted">
              {t('users.form.effective', { rights: rightsSummary(t, record.effectiveFeatures) })}
            </Text>
          ) : null}
        </Stack>
      </Section>

      <Section title={t('users.form.groups')} intro={t('users.form.groupsIntro')}>
        <ChoiceList
          label={t('users.form.groups')}
          choices={view.options.userGroups.map((g) => ({ value: g.id, label: g.name }))}
          selected={values.userGroupIds}
          onChange={(userGroupIds) => change({ userGroupIds })}
          emptyText={t('users.form.noGroups')}
          disabled={disabled}
        />
      </Section>

      {accountActions}
    </RightsFormLayout>
  );
};
