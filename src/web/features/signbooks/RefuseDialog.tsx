/** Refusing to sign needs a reason (it ends the signbook and the creator is told why). */
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/ReasonDialog.tsx';

export const RefuseDialog = ({
  open,
  busy,
  onRefuse,
  onCancel,
  finalFocusEl,
}: {
  open: boolean;
  busy: boolean;
  onRefuse: (reason: string) => void;
  onCancel: () => void;
  /** Where the focus goes on closing (null: back to the button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
}) => {
  const { t } = useTranslation();
  return (
    <ReasonDialog
      open={open}
      busy={busy}
      texts={{
        title: t('signbooks.refuse.title'),
        label: t('signbooks.refuse.reason'),
        help: t('signbooks.refuse.help'),
        required: t('signbooks.refuse.required'),
        confirm: t('signbooks.refuse.confirm'),
      }}
      onConfirm={onRefuse}
      onCancel={onCancel}
      finalFocusEl={finalFocusEl}
    />
  );
};
