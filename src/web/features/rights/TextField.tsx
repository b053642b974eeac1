/** A labelled text input with its rule message (a translation key from the form machine). */
import { Field, Input } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const TextField = ({
  label,
  value,
  onChange,
  error,
  required = false,
  disabled = false,
  type = 'text',
  maxLength,
  autoComplete = 'off',
  helper,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  required?: boolean;
  disabled?: boolean;
  type?: 'text' | 'email' | 'date';
  maxLength?: number;
  autoComplete?: string;
  helper?: string;
}) => {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Field.Root required={required} invalid={error !== null} disabled={disabled} minW="0">
      <Field.Label htmlFor={id}>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
      />
      {helper && error === null ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error ? t(error, { defaultValue: t('error.validation.body') }) : null}</Field.ErrorText>
    </Field.Root>
  );
};
