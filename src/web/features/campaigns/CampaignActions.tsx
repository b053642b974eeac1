/**
 * The campaign's actions, each offered only when the machine accepts its event in the current state
 * (`selectCampaign` reads `snapshot.can`), so a button the server would answer 409 to is disabled.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../../machines/campaign/index.ts';

export type CampaignAction = 'validate' | 'refuseDispatch' | 'refuseDocuments' | 'cancel' | 'retry' | 'deleteDocuments';

export const CampaignActions = ({
  view,
  selectedCount,
  busy,
  onAction,
}: {
  view: CampaignView;
  /** Documents checked in the table: refusing or deleting documents needs at least one. */
  selectedCount: number;
  busy: CampaignAction | null;
  onAction: (action: CampaignAction) => void;
}) => {
  const { t } = useTranslation();
  const actions: { id: CampaignAction; allowed: boolean; palette: string; variant: 'solid' | 'outline' }[] = [
    { id: 'validate', allowed: view.canValidate, palette: 'brand', variant: 'solid' },
    {
      id: 'refuseDocuments',
      allowed: view.canRefuseDocuments && selectedCount > 0,
      palette: 'orange',
      variant: 'outline',
    },
    { id: 'refuseDispatch', allowed: view.canRefuse, palette: 'red', variant: 'outline' },
    { id: 'cancel', allowed: view.canCancel, palette: 'gray', variant: 'outline' },
    { id: 'retry', allowed: view.canRetry, palette: 'brand', variant: 'solid' },
    {
      id: 'deleteDocuments',
      allowed: view.canDeleteDocuments && selectedCount > 0,
      palette: 'red',
      variant: 'outline',
    },
  ];
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={t('campaigns.actions.label')}>
      {actions.map((a) => (
        <Button
          key={a.id}
          colorPalette={a.palette}
          variant={a.variant}
          disabled={!a.allowed || busy !== null}
          loading={busy === a.id}
          onClick={() => onAction(a.id)}
        >
          {t(`campaigns.actions.${a.id}`)}
        </Button>
      ))}
    </HStack>
  );
};
