/**
 * The employee sheet (`/employees/$id`): the form in update mode, the safe's state, and the
 * actions on the safe account (create, reminder, activation letter) and deactivation — their workflow is
 * the employee-sheet machine (machines/employee-sheet), the form the employee-form machine.
 */
import { Badge, Button, chakra, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useBlocker, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { COUNTRY_NAMES, DEFAULT_COUNTRY } from '../../../contract/countries.ts';
import type { Employee } from '../../../contract/entities.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmployeeFields } from './EmployeeFields.tsx';
import { type EmployeeSheet, useEmployeeSheet } from './useEmployeeSheet.ts';
import { todayIso, useEmployeeForm } from './useEmployeeForm.ts';
import { type OrgOption, useVisibleOrgs } from './useVisibleOrgs.ts';

const EmployeeEditor = ({
  employee,
  orgs,
  sheet,
}: {
  employee: Employee;
  orgs: readonly OrgOption[];
  sheet: EmployeeSheet;
}) => {
  const { t } = useTranslation();
  const { view: actions, send: act } = sheet;
  const { view, send } = useEmployeeForm({
    mode: 'update',
    employee,
    orgId: employee.organizations[0]?.organizationId ?? null,
    visibleOrgCount: Math.max(1, orgs.length),
    today: todayIso(),
    countries: COUNTRY_NAMES,
    defaultCountry: DEFAULT_COUNTRY,
  });

  useBlocker({
    shouldBlockFn: () => view.dirty && !view.succeeded && !window.confirm(t('employees.form.leave')),
    enableBeforeUnload: () => view.dirty && !view.succeeded,
  });

  const orgName = (id: string) => orgs.find((o) => o.id === id)?.name ?? id;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('fr-FR') : t('employees.edit.none'));
  const facts: [string, string][] = [
    [t('employees.fields.safeStatus'), t(`employees.safeStatus.${employee.safeStatus}`)],
    [
      t('employees.fields.bpeAgreement'),
      t(employee.bpeAgreement ? `employees.bpe.${employee.bpeAgreement}` : 'employees.bpe.none'),
    ],
    [t('employees.fields.safeCreatedAt'), date(employee.safeCreatedAt)],
    [t('employees.fields.lastNotificationAt'), date(employee.lastNotificationAt)],
    [t('employees.fields.groups'), employee.groups.map((g) => g.name).join(', ') || t('employees.edit.none')],
  ];

  return (
    <Stack gap="6" maxW="3xl">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="lg">
          {employee.name} {employee.firstName}
        </Heading>
        <HStack gap="1">
          <Badge colorPalette={employee.active ? 'green' : 'gray'}>
            {t(employee.active ? 'employees.badges.active' : 'employees.badges.inactive')}
          </Badge>
          {employee.needsValidation && <Badge colorPalette="orange">{t('employees.badges.toValidate')}</Badge>}
        </HStack>
      </HStack>
      <DataList.Root orientation="horizontal">
        {facts.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
        <DataList.Item>
          <DataList.ItemLabel>
            {t('employees.fields.organizationsOf', { count: employee.organizations.length })}
          </DataList.ItemLabel>
          <DataList.ItemValue>
            <HStack wrap="wrap" gap="1">
              {employee.organizations.map((o) => (
                <Badge key={o.organizationId} colorPalette={o.active ? 'green' : 'gray'}>
                  {orgName(o.organizationId)} · {t(o.active ? 'employees.badges.active' : 'employees.badges.inactive')}
                </Badge>
              ))}
            </HStack>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <HStack wrap="wrap" gap="2" role="toolbar">
        <Button
          size="sm"
          variant="outline"
          // The personal safe is opened once; afterwards the reminder and the letter are what help.
          disabled={!actions.canCreateSafe}
          onClick={() => act({ type: 'sheet.safe.create' })}
        >
          {t('employees.actions.createSafe')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!actions.canSendReminder}
          onClick={() => act({ type: 'sheet.reminder.send', formEmail: view.values.email })}
        >
          {t('employees.actions.reminder')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!actions.canDownloadLetter}
          onClick={() => act({ type: 'sheet.letter.download' })}
        >
          {t('employees.actions.activationLetter')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={!actions.canDeactivate}
          onClick={() => act({ type: 'sheet.deactivate.ask' })}
        >
          {t('employees.actions.deactivate')}
        </Button>
      </HStack>
      <chakra.form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'form.submit' });
        }}
      >
        <EmployeeFields view={view} send={send} orgs={orgs} />
        <HStack mt="6" gap="3" wrap="wrap">
          <Button
            variant="outline"
            disabled={!view.canErase || !view.dirty}
            onClick={() => send({ type: 'form.erase' })}
          >
            {t('employees.actions.erase')}
          </Button>
          <Button type="submit" colorPalette="brand" disabled={!view.canSubmit} loading={view.isSubmitting}>
            {t('employees.actions.save')}
          </Button>
          {view.unchanged && (
            <Text fontSize="sm" color="fg.muted">
              {t('employees.form.unchanged')}
            </Text>
          )}
        </HStack>
      </chakra.form>
      <ConfirmDialog
        open={actions.confirmingDeactivation}
        title="employees.confirm.title"
        text="employees.confirm.deactivate"
        values={{ count: 1 }}
        confirm="employees.actions.confirm"
        onConfirm={() => act({ type: 'sheet.deactivate.confirm' })}
        onCancel={() => act({ type: 'sheet.deactivate.cancel' })}
      />
    </Stack>
  );
};

export const EmployeeEditPage = () => {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  // One sheet (and its machine) per employee: another id starts its own.
  return <EmployeeSheetScreen key={id} employeeId={id} />;
};

const EmployeeSheetScreen = ({ employeeId }: { employeeId: string }) => {
  const { t } = useTranslation();
  const { orgs, loaded } = useVisibleOrgs();
  const sheet = useEmployeeSheet(employeeId);
  const { employee, version, isFailed } = sheet.view;

  if (isFailed) return <Text role="alert">{t('employees.messages.get.error')}</Text>;
  if (!employee || !loaded) return <DelayedLoader />;
  // The key remounts the form (and its machine) on the employee as read again after an action.
  return <EmployeeEditor key={`${employee.id}-${version}`} employee={employee} orgs={orgs} sheet={sheet} />;
};
