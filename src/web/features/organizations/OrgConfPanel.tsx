import { Button, Card, Checkbox, Field, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgDocTypeConf, OrganizationConf } from '../../../contract/entities.ts';
import { DISTRIBUTION_MODES, type DistributionMode } from '../../../contract/enums.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { FORMAT_HINT_KEYS } from '../../../contract/validation.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { asFailure, failureText } from '../../../../machines/org-form/orgForm.model.ts';

/** The same rule as the server: an https URL or nothing. */
const cssError = (value: string): string | null => {
  if (value.trim() === '') return null;
  try {
    return new URL(value.trim()).protocol === 'https:' ? null : FORMAT_HINT_KEYS.httpsUrl;
  } catch {
    return FORMAT_HINT_KEYS.httpsUrl;
  }
};

const Check = ({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled: boolean;
}) => (
  <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} disabled={disabled}>
    <Checkbox.HiddenInput />
    <Checkbox.Control />
    <Checkbox.Label>{label}</Checkbox.Label>
  </Checkbox.Root>
);

export const OrgConfPanel = ({ orgId, canEdit }: { orgId: string; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const [conf, setConf] = useState<OrganizationConf | null>(null);
  const [docTypes, setDocTypes] = useState<readonly OrgDocTypeConf[]>([]);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all([
      api.call<OrganizationConf>('organizations.conf', { params: { id: orgId }, signal }),
      api.call<OrgDocTypeConf[]>('documents.orgDocTypes', { params: { id: orgId }, signal }),
    ])
      .then(([c, d]) => {
        setConf(c);
        setDocTypes(d);
      })
      .catch((f: unknown) => {
        if (signal.aborted) return;
        setFailed(true);
        alerts.push({
          message: ALERT_KEYS.organizations.confGetFailure,
          type: 'error',
          detail: failureText(asFailure(f), t),
        });
      });
    return () => controller.abort();
    // alerts and t are stable enough; reloading on their identity would refetch for nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, orgId]);

  if (failed) return null;
  if (!conf) return <DelayedLoader label={t('common.loading')} />;
  const css = conf.extraOptions.specificCSSUrl ?? '';
  const cssInvalid = cssError(css);
  const readOnly = !canEdit;
  const update = (patch: Partial<OrganizationConf>) => setConf({ ...conf, ...patch });
  const toggleUser = (userId: string, on: boolean) =>
    update({ usersToNotify: on ? [...conf.usersToNotify, userId] : conf.usersToNotify.filter((u) => u !== userId) });
  const toggleDocType = (code: string, on: boolean) =>
    setDocTypes((list) => list.map((d) => (d.code === code ? { ...d, enabled: on } : d)));

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (cssInvalid) return;
    setSaving(true);
    const body: OrganizationConf = {
      distributionMode: conf.distributionMode,
      usersToNotify: conf.usersToNotify,
      subscribeToSignature: conf.subscribeToSignature,
      extraOptions: css.trim() === '' ? {} : { specificCSSUrl: css.trim() },
      docTypes: docTypes.map(({ code, enabled }) => ({ code, enabled })),
    };
    api
      .call<OrganizationConf>('organizations.updateConf', { params: { id: orgId }, body })
      .then((saved) => {
        setConf(saved);
        alerts.push({ message: ALERT_KEYS.organizations.confUpdateSuccess, type: 'success' });
      })
      .catch((f: unknown) =>
        alerts.push({
          message: ALERT_KEYS.organizations.confUpdateFailure,
          type: 'error',
          detail: failureText(asFailure(f), t),
        }),
      )
      .finally(() => setSaving(false));
  };

  return (
    <Card.Root as="section" aria-labelledby="org-conf">
      <Card.Header>
        <Heading as="h2" size="md" id="org-conf">
          {t('organizations.sheet.configuration')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={save} noValidate>
          <Stack gap="5" maxW="2xl">
            <Field.Root>
              <Field.Label>{t('organizations.fields.distributionMode')}</Field.Label>
              <NativeSelect.Root disabled={readOnly}>
                <NativeSelect.Field
                  value={conf.distributionMode}
                  onChange={(e) => update({ distributionMode: e.target.value as DistributionMode })}
                >
                  {DISTRIBUTION_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {t(`organizations.conf.modes.${mode}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Stack as="fieldset" gap="2">
              <Text as="legend" fontWeight="medium" mb="1">
                {t('organizations.fields.usersToNotify')}
              </Text>
              {(conf.notifiableUsers ?? []).length === 0 ? (
                <Text color="fg.muted">{t('organizations.conf.noUsers')}</Text>
              ) : null}
              {(conf.notifiableUsers ?? []).map((u) => (
                <Check
                  key={u.id}
                  label={`${u.firstName} ${u.lastName}${u.email ? ` (${u.email})` : ''}`}
                  checked={conf.usersToNotify.includes(u.id)}
                  onChange={(on) => toggleUser(u.id, on)}
                  disabled={readOnly}
                />
              ))}
            </Stack>
            <Check
              label={t('organizations.fields.subscribeToSignature')}
              checked={conf.subscribeToSignature}
              onChange={(on) => update({ subscribeToSignature: on })}
              disabled={readOnly}
            />
            <Field.Root invalid={Boolean(cssInvalid)} readOnly={readOnly}>
              <Field.Label>{t('organizations.fields.specificCSSUrl')}</Field.Label>
              <Input
                type="url"
                value={css}
                placeholder="https://"
                onChange={(e) => update({ extraOptions: { specificCSSUrl: e.target.value } })}
              />
              {cssInvalid ? (
                <Field.ErrorText>{t(cssInvalid)}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('organizations.conf.cssHelp')}</Field.HelperText>
              )}
            </Field.Root>
            <Stack as="fieldset" gap="2">
              <Text as="legend" fontWeight="medium" mb="1">
                {t('organizations.fields.docTypes')}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('organizations.conf.docTypesHelp')}
              </Text>
              {docTypes.map((d) => (
                <Check
                  key={d.code}
                  label={d.label}
                  checked={d.enabled}
                  onChange={(on) => toggleDocType(d.code, on)}
                  disabled={readOnly}
                />
              ))}
            </Stack>
            {readOnly ? null : (
              <Button
                type="submit"
                alignSelf="flex-start"
                colorPalette="brand"
                loading={saving}
                disabled={Boolean(cssInvalid)}
              >
                {t('organizations.conf.save')}
              </Button>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
};
