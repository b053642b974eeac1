/** Test rendering with the real theme and the real French texts (no mocked translations). */
import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { registerFormatters } from '../i18n/formatters.ts';
import fr from '../i18n/locales/fr.json';
import { system } from '../theme.ts';

export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  lng: 'fr',
  fallbackLng: 'fr',
  resources: { fr: { translation: fr } },
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});
registerFormatters(testI18n);

export const renderWithProviders = (ui: ReactElement): RenderResult =>
  render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={testI18n}>{ui}</I18nextProvider>
    </ChakraProvider>,
  );
