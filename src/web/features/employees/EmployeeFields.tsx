/** The employee form's blocks (information, social security, address, organisations), driven by the machine's view. */
import {
  Alert,
  Box,
  Button,
  Field,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_LENGTH } from '../../../contract/constants.ts';
import { COUNTRIES } from '../../../contract/countries.ts';
import type { EmployeeFormEvent, EmployeeFormView, FormField } from '../../../../machines/employee-form/index.ts';
import type { OrgOption } from './useVisibleOrgs.ts';

interface Props {
  readonly view: EmployeeFormView;
  readonly send: (event: EmployeeFormEvent) => void;
  readonly orgs: readonly OrgOption[];
}

/** Each input's `maxLength`: the limits the contract's `EmployeeInput` enforces. */
const MAX_LENGTHS: Readonly<Partial<Record<FormField, number>>> = {
  name: MAX_LENGTH.personName,
  firstName: MAX_LENGTH.personName,
  email: MAX_LENGTH.email,
  phone: MAX_LENGTH.phone,
  numSecu: MAX_LENGTH.numSecu,
  street: MAX_LENGTH.street,
  complement: MAX_LENGTH.street,
  postal: MAX_LENGTH.postalCode,
  city: MAX_LENGTH.city,
};

const Block = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack as="section" gap="3" aria-label={title}>
    <Heading as="h3" size="sm">
      {title}
    </Heading>
    {children}
  </Stack>
);

export const EmployeeFields = ({ view, send, orgs }: Props) => {
  const { t } = useTranslation();
  const text = (field: FormField, type = 'text', required = false) => {
    const error = view.fieldError(field);
    return (
      <Field.Root invalid={error !== null} required={required}>
        <Field.Label>
          {t(`employees.fields.${field}`)}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          name={field}
          type={type}
          maxLength={MAX_LENGTHS[field]}
          value={view.values[field]}
          onChange={(e) => send({ type: 'form.change', field, value: e.currentTarget.value })}
          onBlur={() => send({ type: 'form.blur', field })}
        />
        {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
      </Field.Root>
    );
  };
  const countryError = view.fieldError('country');
  const orgName = (id: string) => orgs.find((o) => o.id === id)?.name ?? id;
  const usedIds = new Set(view.organizations.map((l) => l.organizationId));
  const nextOrg = orgs.find((o) => !usedIds.has(o.id));

  return (
    <Stack gap="6">
      <Block title={t('employees.sheet.information')}>
        {text('name', 'text', true)}
        {text('firstName', 'text', true)}
        {text('birthDate', 'date', true)}
        {text('email', 'email', view.mode === 'create')}
        <Text fontSize="xs" color="fg.muted">
          {t('employees.sheet.emailCaution')}
        </Text>
        {view.isCheckingEmail && (
          <Text fontSize="xs" role="status">
            {t('employees.sheet.checkingEmail')}
          </Text>
        )}
        {text('phone', 'tel')}
      </Block>
      <Block title={t('employees.sheet.socialSecurity')}>{text('numSecu')}</Block>
      <Block title={t('employees.sheet.address')}>
        {text('street')}
        {text('complement')}
        {text('postal')}
        {text('city')}
        <Field.Root invalid={countryError !== null}>
          <Field.Label>{t('employees.fields.country')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="country"
              value={view.values.country}
              onChange={(e) => send({ type: 'form.change', field: 'country', value: e.currentTarget.value })}
            >
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.name}>
                  {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {countryError && <Field.ErrorText>{t(countryError)}</Field.ErrorText>}
        </Field.Root>
      </Block>
      <Block title={t('employees.sheet.organizations')}>
        {view.organizations.map((line, index) => (
          <Box key={`${index}-${line.organizationId}`} borderWidth="1px" rounded="md" p="3">
            <Stack gap="2">
              <Field.Root>
                <Field.Label>{t('employees.fields.organization')}</Field.Label>
                {line.locked ? (
                  <Input value={orgName(line.organizationId)} readOnly disabled aria-readonly="true" />
                ) : (
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={line.organizationId}
                      onChange={(e) => send({ type: 'form.org.change', index, organizationId: e.currentTarget.value })}
                    >
                      <option value="">{t('employees.sheet.chooseOrg')}</option>
                      {orgs
                        .filter((o) => o.id === line.organizationId || !usedIds.has(o.id))
                        .map((o) => (
                          <option key={o.id} value={o.id}>
                            {o.name}
                          </option>
                        ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
              </Field.Root>
              <HStack align="end">
                <Field.Root>
                  <Field.Label>{t('employees.fields.registrationNumber')}</Field.Label>
                  <Input
                    maxLength={MAX_LENGTH.reference}
                    value={line.registrationNumber}
                    onChange={(e) =>
                      send({ type: 'form.org.change', index, registrationNumber: e.currentTarget.value })
                    }
                  />
                </Field.Root>
                {line.removable && (
                  <IconButton
                    variant="ghost"
                    aria-label={t('employees.actions.removeOrg')}
                    onClick={() => send({ type: 'form.org.remove', index })}
                  >
                    ✕
                  </IconButton>
                )}
              </HStack>
            </Stack>
          </Box>
        ))}
        {view.canAddOrg && orgs.length > 1 && nextOrg && (
          <Button
            variant="outline"
            size="sm"
            alignSelf="start"
            onClick={() => send({ type: 'form.org.add', organizationId: nextOrg.id })}
          >
            {t('employees.actions.addOrg')}
          </Button>
        )}
      </Block>
      {view.candidate && (
        <Alert.Root status="info" role="alertdialog" aria-label={t('employees.import.title')}>
          <Alert.Content>
            <Alert.Title>{t('employees.import.title')}</Alert.Title>
            <Alert.Description>
              <Text>{t('employees.import.text')}</Text>
              <Text fontWeight="semibold" data-testid="import-candidate">
                {view.candidate.name} {view.candidate.firstName}
              </Text>
              <Text>
                {[view.candidate.address.street, view.candidate.address.postal, view.candidate.address.city]
                  .filter(Boolean)
                  .join(', ')}
              </Text>
              <HStack mt="2">
                <Button size="sm" variant="outline" onClick={() => send({ type: 'import.cancel' })}>
                  {t('employees.actions.cancel')}
                </Button>
                <Button size="sm" disabled={!view.canConfirmImport} onClick={() => send({ type: 'import.confirm' })}>
                  {t('employees.actions.integrate')}
                </Button>
              </HStack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
};
