/** Asks the reason before refusing the checked documents of a campaign awaiting validation. */
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';

export const RefuseDocumentsDialog = ({
  open,
  count,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      open={open}
      busy={busy}
      colorPalette="orange"
      texts={{
        title: t('campaigns.refuseDocuments.title'),
        text: t('campaigns.refuseDocuments.text', { count }),
        label: t('campaigns.refuseDocuments.reason'),
        confirm: t('campaigns.refuseDocuments.confirm'),
      }}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
};
