/**
 * The campaign's actions: exactly those whose event the lifecycle actor accepts in its current state
 * (`selectCampaign` reads `snapshot.can`), so a button the server would answer 409 to is never
 * offered. Refusing or deleting documents is offered when allowed, and needs a checked document: until
 * one is checked, a line under the buttons says so.
 */
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CampaignEventType, CampaignView } from '../../../../machines/campaign/index.ts';
import type { CampaignAction } from '../../../../machines/campaign-documents/index.ts';

export type { CampaignAction };

/** The machine event each action sends to the server, and the view's `can` flag for it. */
export const ACTION_EVENTS: Readonly<
  Record<CampaignAction, { readonly event: CampaignEventType; readonly allowed: (view: CampaignView) => boolean }>
> = {
  validate: { event: 'campaign.validate', allowed: (v) => v.canValidate },
  refuseDocuments: { event: 'campaign.document.refuse', allowed: (v) => v.canRefuseDocuments },
  refuseDispatch: { event: 'campaign.refuse', allowed: (v) => v.canRefuse },
  cancel: { event: 'campaign.cancel', allowed: (v) => v.canCancel },
  retry: { event: 'campaign.retry', allowed: (v) => v.canRetry },
  deleteDocuments: { event: 'campaign.deleteDocuments', allowed: (v) => v.canDeleteDocuments },
};

const LOOKS: Record<CampaignAction, { palette: string; variant: 'solid' | 'outline'; needsSelection: boolean }> = {
  validate: { palette: 'brand', variant: 'solid', needsSelection: false },
  refuseDocuments: { palette: 'orange', variant: 'outline', needsSelection: true },
  refuseDispatch: { palette: 'red', variant: 'outline', needsSelection: false },
  cancel: { palette: 'gray', variant: 'outline', needsSelection: false },
  retry: { palette: 'brand', variant: 'solid', needsSelection: false },
  deleteDocuments: { palette: 'red', variant: 'outline', needsSelection: true },
};

/** The actions offered for a lifecycle view, in display order. */
export const offeredActions = (view: CampaignView): CampaignAction[] =>
  (Object.keys(ACTION_EVENTS) as CampaignAction[]).filter((id) => ACTION_EVENTS[id].allowed(view));

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
  const offered = offeredActions(view);
  const waiting = selectedCount === 0 ? offered.filter((id) => LOOKS[id].needsSelection) : [];
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={t('campaigns.actions.label')}>
      {offered.map((id) => (
        <Button
          key={id}
          data-action={id}
          colorPalette={LOOKS[id].palette}
          variant={LOOKS[id].variant}
          disabled={(LOOKS[id].needsSelection && selectedCount === 0) || busy !== null}
          aria-describedby={waiting.includes(id) ? `campaign-action-${id}-why` : undefined}
          loading={busy === id}
          onClick={() => onAction(id)}
        >
          {t(`campaigns.actions.${id}`)}
        </Button>
      ))}
      {waiting.map((id) => (
        <Text key={id} id={`campaign-action-${id}-why`} fontSize="sm" color="fg.muted" flexBasis="100%">
          {t(`campaigns.actions.why.${id}`)}
        </Text>
      ))}
      {offered.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('campaigns.actions.none')}
        </Text>
      )}
    </HStack>
  );
};
