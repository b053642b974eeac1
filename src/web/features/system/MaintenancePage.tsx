import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../auth/PublicLayout.tsx';

export const MaintenancePage = () => {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('system.maintenance.title')}>
      <Text mb="4">{t('system.maintenance.text')}</Text>
      <Button colorPalette="brand" onClick={() => window.location.assign('/')}>
        {t('common.actions.retry')}
      </Button>
    </PublicLayout>
  );
};
