import {
  Alert,
  Button,
  Field,
  Fieldset,
  Flex,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useBlocker, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo, Organization } from '../../../contract/entities.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { VALIDATION_KEYS, siretError } from '../../../contract/validation.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import {
  MAX_LENGTHS,
  type Failure,
  type OrgFormValues,
  type TextField,
  asFailure,
  emptyValues,
  failureText,
  fieldErrors,
  inputOf,
  sameValues,
  valuesOf,
  withCompany,
} from './orgForm.ts';

const REQUIRED: ReadonlySet<TextField> = new Set(['name', 'siret', 'city']);
const LAYOUT: readonly (readonly TextField[])[] = [
  ['name', 'siret'],
  ['street'],
  ['zipCode', 'city', 'country'],
  ['reference', 'billingReference', 'internalFolderCode'],
];

/** Create (`/organizations/create[?parentId=]`) and edit (`/organizations/{id}`). */
export const OrganizationFormPage = () => {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const { id } = useParams({ strict: false }) as { id?: string };
  const { parentId: askedParent } = useSearch({ strict: false }) as { parentId?: string };
  const [org, setOrg] = useState<Organization | null>(null);
  const [parents, setParents] = useState<readonly Organization[]>([]);
  const [initial, setInitial] = useState<OrgFormValues | null>(id ? null : emptyValues(askedParent ?? ''));
  const [values, setValues] = useState<OrgFormValues>(emptyValues(askedParent ?? ''));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [lookup, setLookup] = useState<{ busy: boolean; note: string | null; error: string | null }>({
    busy: false,
    note: null,
    error: null,
  });
  const [siretTaken, setSiretTaken] = useState<string | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    const load = async () => {
      if (id) {
        const [found, choices] = await Promise.all([
          api.call<Organization>('organizations.get', { params: { id }, signal }),
          api.call<{ items: Organization[] }>('organizations.noChildren', {
            params: { orgID: id },
            body: { limit: 200 },
            signal,
          }),
        ]);
        setOrg(found);
        setParents(choices.items);
        setInitial(valuesOf(found));
        setValues(valuesOf(found));
      } else {
        setParents(await api.call<Organization[]>('organizations.eligible', { signal }));
      }
    };
    load().catch((f: unknown) => {
      if (!signal.aborted) setFailure(asFailure(f));
    });
    return () => controller.abort();
  }, [api, id]);

  const readOnly = org?.payeDomainId != null;
  const dirty = initial !== null && !sameValues(values, initial);
  useBlocker({
    shouldBlockFn: () => dirty && !leaving.current && !window.confirm(t('organizations.form.unsaved')),
    enableBeforeUnload: () => dirty && !leaving.current,
  });

  const errors: Record<string, string | undefined> = fieldErrors(values);
  if (siretTaken !== null && siretTaken === values.siret.trim()) errors.siret = ERROR_KEYS.orgSiretTaken;
  const shown = (field: string): string | undefined =>
    submitted || touched.has(field) || (field === 'siret' && values.siret !== '') ? errors[field] : undefined;
  /**
   * What « Créer » / « Enregistrer » waits for, said beside it (issue 15): the fields to fill in and those
   * to correct, or nothing changed yet (the edit's button is disabled until something is).
   */
  const inError = LAYOUT.flat().filter((field) => errors[field]);
  const listOf = (fields: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      fields.map((f) => t(`organizations.fields.${f}`)),
    );
  const missing = inError.filter((f) => errors[f] === VALIDATION_KEYS.required);
  const invalid = inError.filter((f) => errors[f] !== VALIDATION_KEYS.required);
  const blockedLines = readOnly
    ? []
    : id && !dirty
      ? [t('common.form.blocked.unchanged')]
      : [
          ...(missing.length ? [t('common.form.blocked.missing', { fields: listOf(missing) })] : []),
          ...(invalid.length ? [t('common.form.blocked.invalid', { fields: listOf(invalid) })] : []),
        ];
  const set = (field: keyof OrgFormValues, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: string) => setTouched((s) => new Set(s).add(field));

  const searchCompany = () => {
    touch('siret');
    if (siretError(values.siret)) return;
    setLookup({ busy: true, note: null, error: null });
    api
      .call<CompanyInfo>('organizations.bySiret', { params: { siret: values.siret.trim() } })
      .then((company) => {
        setValues((v) => withCompany(v, company));
        setLookup({ busy: false, note: t('organizations.form.lookupFilled'), error: null });
      })
      .catch((f: unknown) => setLookup({ busy: false, note: null, error: asFailure(f).key }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (readOnly || Object.values(errors).some(Boolean)) return;
    setSaving(true);
    setFailure(null);
    const call = id
      ? api.call<Organization>('organizations.update', { params: { id }, body: inputOf(values) })
      : api.call<Organization>('organizations.create', { body: inputOf(values) });
    call
      .then((saved) => {
        alerts.push({
          message: id ? ALERT_KEYS.organizations.updateSuccess : ALERT_KEYS.organizations.createSuccess,
          type: 'success',
        });
        leaving.current = true;
        void navigate({ to: '/organizations/item/$id', params: { id: saved.id } });
      })
      .catch((f: unknown) => {
        const failed = asFailure(f);
        setFailure(failed);
        if (failed.key === ERROR_KEYS.orgSiretTaken) setSiretTaken(values.siret.trim());
        if (id) {
          alerts.push({ message: ALERT_KEYS.organizations.updateError, type: 'error', detail: failureText(failed, t) });
        }
      })
      .finally(() => setSaving(false));
  };

  if (initial === null) {
    return failure ? <FailureAlert failure={failure} /> : <DelayedLoader label={t('common.loading')} />;
  }

  const fieldFor = (field: TextField) => {
    const error = shown(field);
    return (
      <Field.Root key={field} required={REQUIRED.has(field)} invalid={Boolean(error)} readOnly={readOnly}>
        <Field.Label>
          {t(`organizations.fields.${field}`)}
          {REQUIRED.has(field) ? <Field.RequiredIndicator /> : null}
        </Field.Label>
        {field === 'siret' ? (
          <Flex gap="2" w="full">
            <Input
              value={values.siret}
              onChange={(e) => set('siret', e.target.value)}
              onBlur={() => touch('siret')}
              inputMode="text"
              autoComplete="off"
              maxLength={MAX_LENGTHS.siret}
            />
            {readOnly ? null : (
              <Button variant="outline" onClick={searchCompany} loading={lookup.busy}>
                {t('organizations.form.lookup')}
              </Button>
            )}
          </Flex>
        ) : (
          <Input
            value={values[field]}
            onChange={(e) => set(field, e.target.value)}
            onBlur={() => touch(field)}
            maxLength={MAX_LENGTHS[field]}
          />
        )}
        {field === 'siret' && !error ? <Field.HelperText>{t('organizations.form.siretHelp')}</Field.HelperText> : null}
        {error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : null}
      </Field.Root>
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5" maxW="4xl">
        <Heading as="h1" size="xl">
          {id ? t('organizations.form.editTitle') : t('organizations.form.createTitle')}
        </Heading>
        {readOnly ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t(ERROR_KEYS.orgPayrollManaged)}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Fieldset.Root disabled={saving}>
          <Stack gap="4">
            {LAYOUT.map((row) => (
              <SimpleGrid key={row.join()} columns={{ base: 1, md: row.length }} gap="4">
                {row.map(fieldFor)}
              </SimpleGrid>
            ))}
            {lookup.note ? (
              <Text color="green.fg" role="status">
                {lookup.note}
              </Text>
            ) : null}
            {lookup.error ? (
              <Text color="red.fg" role="alert">
                {t(lookup.error)}
              </Text>
            ) : null}
            <Field.Root readOnly={readOnly}>
              <Field.Label>{t('organizations.fields.parentId')}</Field.Label>
              <NativeSelect.Root disabled={readOnly}>
                <NativeSelect.Field value={values.parentId} onChange={(e) => set('parentId', e.target.value)}>
                  <option value="">{t('organizations.form.noParent')}</option>
                  {parents.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name} ({p.siret})
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Stack>
        </Fieldset.Root>
        {failure ? <FailureAlert failure={failure} title={id ? undefined : 'organizations.form.createError'} /> : null}
        <Flex gap="3" wrap="wrap" align="center">
          {readOnly ? null : (
            <Button
              type="submit"
              colorPalette="brand"
              loading={saving}
              disabled={Boolean(id) && !dirty}
              aria-describedby={blockedLines.length ? 'org-form-blocked' : undefined}
            >
              {id ? t('organizations.form.save') : t('organizations.form.create')}
            </Button>
          )}
          <Button
            variant="ghost"
            onClick={() => void navigate({ to: id ? '/organizations/item/$id' : '/organizations', params: { id } })}
          >
            {t('organizations.form.cancel')}
          </Button>
          {blockedLines.length ? (
            <Text id="org-form-blocked" fontSize="sm" color="fg.muted" data-missing flexBasis="full">
              {blockedLines.join(' ')}
            </Text>
          ) : null}
        </Flex>
      </Stack>
    </form>
  );
};

const FailureAlert = ({ failure, title }: { failure: Failure; title?: string | undefined }) => {
  const { t } = useTranslation();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{t(title)}</Alert.Title> : null}
        <Alert.Description whiteSpace="pre-line" data-testid="org-form-errors">
          {failureText(failure, t)}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
};
