/** The mask's settings: organisation, name, identifier read in the zone, page grouping. */
import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MASK_IDENTIFIERS,
  MASK_PAGE_GROUPINGS,
  type MaskIdentifier,
  type MaskPageGrouping,
} from '../../../contract/enums.ts';
import type { OrgNode } from './maskRows.ts';

export interface MaskSettings {
  readonly orgId: string;
  readonly maskName: string;
  readonly identifier: MaskIdentifier;
  readonly grouping: MaskPageGrouping;
}

const Select = ({
  label,
  value,
  onChange,
  children,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  disabled?: boolean;
}) => (
  <Field.Root>
    <Field.Label>{label}</Field.Label>
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  </Field.Root>
);

export const MaskSettingsFields = ({
  value,
  onChange,
  orgs,
  disabled,
  nameError,
}: {
  value: MaskSettings;
  onChange: (patch: Partial<MaskSettings>) => void;
  orgs: readonly OrgNode[];
  disabled?: boolean;
  nameError?: string | null;
}) => {
  const { t } = useTranslation();
  return (
    <Stack gap="3">
      <Select
        label={t('masks.editor.organization')}
        value={value.orgId}
        onChange={(orgId) => onChange({ orgId })}
        disabled={disabled}
      >
        {orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
      <Field.Root required invalid={Boolean(nameError)}>
        <Field.Label>
          {t('masks.editor.name')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          value={value.maskName}
          maxLength={200}
          disabled={disabled}
          onChange={(e) => onChange({ maskName: e.target.value })}
        />
        {nameError ? <Field.ErrorText>{t(nameError)}</Field.ErrorText> : null}
      </Field.Root>
      <Select
        label={t('masks.editor.identifier')}
        value={value.identifier}
        onChange={(v) => onChange({ identifier: v as MaskIdentifier })}
        disabled={disabled}
      >
        {MASK_IDENTIFIERS.map((id) => (
          <option key={id} value={id}>
            {t(`masks.identifiers.${id}`)}
          </option>
        ))}
      </Select>
      <Select
        label={t('masks.editor.grouping')}
        value={value.grouping}
        onChange={(v) => onChange({ grouping: v as MaskPageGrouping })}
        disabled={disabled}
      >
        {MASK_PAGE_GROUPINGS.map((g) => (
          <option key={g} value={g}>
            {t(`masks.groupings.${g}`)}
          </option>
        ))}
      </Select>
    </Stack>
  );
};
