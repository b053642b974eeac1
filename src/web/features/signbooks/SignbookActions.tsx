/**
 * What a manager may do with a signbook: send a draft to its signatories, download the signed PDF
 * (with its audit page), retry a failed seal, delete — each but the download offered exactly when the
 * lifecycle actor accepts `signbook.start` / `signbook.retrySeal` / `signbook.delete` (`snapshot.can`,
 * the chart the server applies), to a user with ParaphList.
 */
import { Alert, Button, Flex } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import type { SignbookMachineView } from '../../../../machines/signbook/index.ts';
import type { SignbookView } from '../../../contract/signbook.ts';
import { isApiFailure } from '../../api/index.ts';
import { useAlerts, useAuth } from '../../app/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { saveBlob } from '../../components/saveBlob.ts';
import { useSignClient } from './useSignClient.ts';

export type SignbookManagerAction = 'start' | 'retrySeal' | 'delete';

/** The manager's actions the chart accepts now (none to a guest or a user without ParaphList). */
export const offeredSignbookActions = (lifecycle: SignbookMachineView, manager: boolean): SignbookManagerAction[] =>
  manager
    ? [
        ...(lifecycle.canStart ? (['start'] as const) : []),
        ...(lifecycle.canRetrySeal ? (['retrySeal'] as const) : []),
        ...(lifecycle.canDelete ? (['delete'] as const) : []),
      ]
    : [];

export const SignbookActions = ({
  view,
  lifecycle,
  pdf,
  guest,
  onChanged,
}: {
  view: SignbookView;
  /** What the signbook's chart allows now. */
  lifecycle: SignbookMachineView;
  pdf: Uint8Array | null;
  /** A guest signatory only downloads. */
  guest: boolean;
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  const sign = useSignClient();
  const alerts = useAlerts();
  const { features } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'start' | 'retry' | 'delete' | null>(null);
  const [confirm, setConfirm] = useState(false);
  const offered = offeredSignbookActions(lifecycle, !guest && features.includes('ParaphList'));
  const fileName = `${view.name.replace(/[\\/:*?"<>|]+/g, '_')}${view.complete ? '-signe' : ''}.pdf`;

  const start = () => {
    setBusy('start');
    sign
      .call('signbooks.update', { params: { id: view.id }, body: { start: true } })
      .then(() => {
        alerts.push({ message: 'signbooks.view.started', type: 'success' });
        onChanged();
      })
      .catch((f: unknown) => alerts.push({ message: isApiFailure(f) ? f.key : 'error.internal', type: 'error' }))
      .finally(() => setBusy(null));
  };
  const retry = () => {
    setBusy('retry');
    sign
      .call('signbooks.retrySeal', { params: { id: view.id } })
      .then(onChanged)
      .catch((f: unknown) => alerts.push({ message: isApiFailure(f) ? f.key : 'error.internal', type: 'error' }))
      .finally(() => setBusy(null));
  };
  const remove = () => {
    setBusy('delete');
    sign
      .call('signbooks.delete', { params: { id: view.id } })
      .then(() => {
        alerts.push({ message: 'signbooks.view.deleted', type: 'success' });
        void navigate({ to: '/signworkflows/status/in-progress' as '/' });
      })
      .catch(() => alerts.push({ message: ALERT_KEYS.signature.deleteError, type: 'error' }))
      .finally(() => {
        setBusy(null);
        setConfirm(false);
      });
  };

  return (
    <>
      {view.status === 'IN_ERROR' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('signbooks.view.sealFailed')}</Alert.Title>
            <Alert.Description>{view.seal.error ?? t('signbooks.view.sealFailedText')}</Alert.Description>
          </Alert.Content>
          {offered.includes('retrySeal') ? (
            <Button size="sm" colorPalette="red" loading={busy === 'retry'} onClick={retry} alignSelf="center">
              {t('signbooks.view.retrySeal')}
            </Button>
          ) : null}
        </Alert.Root>
      ) : null}
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('signbooks.view.actions')}>
        {offered.includes('start') ? (
          <Button colorPalette="blue" loading={busy === 'start'} onClick={start}>
            {t('signbooks.view.start')}
          </Button>
        ) : null}
        {view.complete ? (
          <Button
            colorPalette="green"
            disabled={!pdf}
            onClick={() => pdf && saveBlob(new Blob([pdf.slice()], { type: 'application/pdf' }), fileName)}
          >
            {t('signbooks.view.download')}
          </Button>
        ) : null}
        {offered.includes('delete') ? (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirm(true)}>
            {t('signbooks.view.delete')}
          </Button>
        ) : null}
      </Flex>
      <ConfirmDialog
        open={confirm}
        title="signbooks.view.deleteTitle"
        text="signbooks.view.deleteText"
        values={{ name: view.name }}
        confirm="signbooks.view.delete"
        danger
        busy={busy === 'delete'}
        onConfirm={remove}
        onCancel={() => setConfirm(false)}
      />
    </>
  );
};
