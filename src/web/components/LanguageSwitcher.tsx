import { Field, NativeSelect } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../contract/constants.ts';
import { changeLocale, isLocale } from '../i18n/index.ts';

/** Language choice; each language is written in itself so anyone can find theirs. The choice persists. */
export const LanguageSwitcher = ({ label, onChanged }: { label?: string; onChanged?: (locale: Locale) => void }) => {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <Field.Root maxW="xs">
      <Field.Label htmlFor={id}>{label ?? t('common.language')}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          id={id}
          value={i18n.language}
          onChange={(e) => {
            const next = e.target.value;
            if (!isLocale(next)) return;
            void changeLocale(next).then(() => onChanged?.(next));
          }}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {t(`common.languages.${locale}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
};
