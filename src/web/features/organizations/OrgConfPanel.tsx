import { Button, Card, Checkbox, Field, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DISTRIBUTION_MODES, type DistributionMode } from '../../../contract/enums.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { useOrgConf } from './useOrgConf.ts';

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

/**
 * An organisation's configuration on its sheet: the read, the choices and the save are the org-conf
 * machine (machines/org-conf); this view sends it events. `orgId` is read once: the sheet keys the panel.
 */
export const OrgConfPanel = ({ orgId, canEdit }: { orgId: string; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { view, send } = useOrgConf(orgId);
  const { conf, docTypes, css, cssError: cssInvalid } = view;

  if (view.isFailed) return null;
  if (!conf) return <DelayedLoader label={t('common.loading')} />;
  const readOnly = !canEdit;
  const save = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'conf.save' });
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
                  onChange={(e) => send({ type: 'conf.mode.change', mode: e.target.value as DistributionMode })}
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
                  onChange={(on) => send({ type: 'conf.user.toggle', userId: u.id, on })}
                  disabled={readOnly}
                />
              ))}
            </Stack>
            <Check
              label={t('organizations.fields.subscribeToSignature')}
              checked={conf.subscribeToSignature}
              onChange={(on) => send({ type: 'conf.signature.toggle', on })}
              disabled={readOnly}
            />
            <Field.Root invalid={Boolean(cssInvalid)} readOnly={readOnly}>
              <Field.Label>{t('organizations.fields.specificCSSUrl')}</Field.Label>
              <Input
                type="url"
                value={css}
                placeholder="https://"
                onChange={(e) => send({ type: 'conf.css.change', value: e.target.value })}
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
                  onChange={(on) => send({ type: 'conf.docType.toggle', code: d.code, on })}
                  disabled={readOnly}
                />
              ))}
            </Stack>
            {readOnly ? null : (
              <Button
                type="submit"
                alignSelf="flex-start"
                colorPalette="brand"
                loading={view.isSaving}
                disabled={!view.canSave}
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
