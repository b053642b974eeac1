/**
 * The employee sheet (`/employees/$id`): the form in update mode, the safe's state, and the
 * actions on the safe account (create, reminder, activation letter) and deactivation.
 */
import { Badge, Button, chakra, DataList, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_NAMES } from '../../../contract/constants.ts';
import { COUNTRY_NAMES, DEFAULT_COUNTRY } from '../../../contract/countries.ts';
import type { Employee } from '../../../contract/entities.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { saveBlob } from '../../components/saveBlob.ts';
import { EmployeeFields } from './EmployeeFields.tsx';
import { todayIso, useEmployeeForm } from './useEmployeeForm.ts';
import { type OrgOption, useVisibleOrgs } from './useVisibleOrgs.ts';

const failureDetail = (failure: unknown): { detail?: string } => {
  const detail = (failure as { errors?: readonly string[]; message?: string }).errors?.[0];
  return detail ? { detail } : {};
};

const EmployeeEditor = ({
  employee,
  orgs,
  onChanged,
}: {
  employee: Employee;
  orgs: readonly OrgOption[];
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [busy, setBusy] = useState(false);
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

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const createSafe = () =>
    run(async () => {
      try {
        const answer = await api.call<{ accountCreated: boolean }>('employees.createEDocPerso', {
          body: { id: employee.id },
        });
        alerts.push(
          answer.accountCreated
            ? { type: 'success', message: 'employees.messages.safe.success' }
            : { type: 'error', message: 'employees.messages.safe.error' },
        );
        onChanged();
      } catch (failure) {
        alerts.push({ type: 'error', message: 'employees.messages.safe.error', ...failureDetail(failure) });
      }
    });

  const sendReminder = () => {
    if (!view.values.email.trim() && !employee.email) {
      alerts.push({ type: 'error', message: ALERT_KEYS.reminderNeedsEmail });
      return;
    }
    void run(async () => {
      try {
        await api.call('employees.reminder', { body: { id: employee.id } });
        alerts.push({ type: 'success', message: ALERT_KEYS.employees.reminderSuccess });
        onChanged();
      } catch (failure) {
        const key = (failure as { key?: string }).key;
        alerts.push({
          type: 'error',
          message: key === ALERT_KEYS.reminderNeedsEmail ? key : ALERT_KEYS.employees.reminderError,
        });
      }
    });
  };

  const activationLetter = () =>
    run(async () => {
      try {
        const blob = await api.call<Blob | undefined>('employees.activationMail', { body: { id: employee.id } });
        // A 204 (no letter possible) arrives as an empty body.
        if (!blob || blob.size === 0) throw new Error('no letter');
        saveBlob(blob, DOWNLOAD_NAMES.activationLetter);
      } catch {
        alerts.push({ type: 'error', message: ALERT_KEYS.employees.activationMailError });
      }
    });

  const deactivate = () =>
    run(async () => {
      setConfirmDeactivate(false);
      try {
        await api.call('employees.deactivate', { params: { id: employee.id } });
        alerts.push({ type: 'success', message: 'employees.messages.deactivate.success' });
        void navigate({ to: '/employees' });
      } catch (failure) {
        alerts.push({ type: 'error', message: ALERT_KEYS.employees.deleteError, ...failureDetail(failure) });
      }
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
          disabled={busy || employee.safeStatus !== 'NOT_CREATED'}
          onClick={() => void createSafe()}
        >
          {t('employees.actions.createSafe')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={sendReminder}>
          {t('employees.actions.reminder')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void activationLetter()}>
          {t('employees.actions.activationLetter')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={busy || !employee.active}
          onClick={() => setConfirmDeactivate(true)}
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
        open={confirmDeactivate}
        title="employees.confirm.title"
        text="employees.confirm.deactivate"
        values={{ count: 1 }}
        confirm="employees.actions.confirm"
        onConfirm={() => void deactivate()}
        onCancel={() => setConfirmDeactivate(false)}
      />
    </Stack>
  );
};

export const EmployeeEditPage = () => {
  const { t } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const { id } = useParams({ strict: false }) as { id?: string };
  const { orgs, loaded } = useVisibleOrgs();
  const [employee, setEmployee] = useState<Employee | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    api
      .call<Employee>('employees.get', { params: { id }, signal: controller.signal })
      .then((e) => setEmployee(e))
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        alerts.push({ type: 'error', message: 'employees.messages.get.error' });
      });
    return () => controller.abort();
    // alerts.push is stable; listing it would reload on every alert.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, id, version]);

  if (failed) return <Text role="alert">{t('employees.messages.get.error')}</Text>;
  if (!employee || !loaded) return <DelayedLoader />;
  // The key remounts the form (and its machine) on the reloaded employee after an action.
  return (
    <EmployeeEditor
      key={`${employee.id}-${version}`}
      employee={employee}
      orgs={orgs}
      onChanged={() => setVersion((v) => v + 1)}
    />
  );
};
