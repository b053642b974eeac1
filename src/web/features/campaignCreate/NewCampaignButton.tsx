/** The campaign list's way into creation, shown only with the DocCreateDispatch feature. */
import { Button } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/index.ts';

export const NewCampaignButton = () => {
  const { t } = useTranslation();
  const { hasFeature } = useAuth();
  const navigate = useNavigate();
  if (!hasFeature('DocCreateDispatch')) return null;
  return (
    <Button colorPalette="brand" alignSelf="flex-start" onClick={() => void navigate({ to: '/campaigns/create' })}>
      {t('campaignCreate.actions.new')}
    </Button>
  );
};
