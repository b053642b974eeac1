import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../auth/PublicLayout.tsx';

export const UnsupportedBrowserPage = () => {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('system.unsupported.title')}>
      <Text>{t('system.unsupported.text')}</Text>
    </PublicLayout>
  );
};
