import { Field, IconButton, Input, InputGroup } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons.tsx';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  invalid?: boolean;
  error?: string | undefined;
  helper?: React.ReactNode;
  describedBy?: string;
}

/**
 * A password input with a show/hide toggle whose accessible name says what it will do. Required
 * fields carry `required` on the input rather than an asterisk, so the label reads exactly as written.
 */
export const PasswordField = ({
  label,
  value,
  onChange,
  autoComplete,
  required,
  invalid,
  error,
  helper,
  describedBy,
}: PasswordFieldProps) => {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <Field.Root required={required} invalid={invalid ?? Boolean(error)}>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <InputGroup
        endElement={
          <IconButton
            size="sm"
            variant="ghost"
            aria-label={shown ? t('auth.actions.hidePassword') : t('auth.actions.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
            me="-2"
          >
            {shown ? <EyeOffIcon /> : <EyeIcon />}
          </IconButton>
        }
      >
        <Input
          id={id}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
        />
      </InputGroup>
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );
};
