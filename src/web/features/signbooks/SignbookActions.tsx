/**
 * What a manager may do with a signbook: send a draft to its signatories, download the signed PDF
 * (with its audit page), retry a failed seal, delete — each but the download offered exactly when the
 * lifecycle actor accepts `signbook.start` / `signbook.retrySeal` / `signbook.delete` (`snapshot.can`,
 * the chart the server applies), to a user with ParaphList.
 */
import { Alert, Button, Flex } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import type { SignbookMachineView } from '../../../../machines/signbook/index.ts';
import type { SignbookView } from '../../../contract/signbook.ts';
import type { CommandFailure } from '../../../../machines/command/index.ts';
import { useAuth, useCommand } from '../../app/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { saveBlob } from '../../components/saveBlob.ts';
import { saysTokenNotValid } from './signClient.ts';
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
  const { features } = useAuth();
  const navigate = useNavigate();
  // Each action is a command: its answer comes from the bus, its button from the command's chart.
  const signing = { client: sign, refuses: saysTokenNotValid, failureAlert: (f: CommandFailure) => f.key };
  const start = useCommand('signbooks.update', {
    ...signing,
    successAlert: 'signbooks.view.started',
    onDone: () => onChanged(),
  });
  const retry = useCommand('signbooks.retrySeal', { ...signing, onDone: () => onChanged() });
  const remove = useCommand('signbooks.delete', {
    ...signing,
    failureAlert: ALERT_KEYS.signature.deleteError,
    successAlert: 'signbooks.view.deleted',
    onDone: () => void navigate({ to: '/signworkflows/status/in-progress' as '/' }),
  });
  const offered = offeredSignbookActions(lifecycle, !guest && features.includes('ParaphList'));
  const fileName = `${view.name.replace(/[\\/:*?"<>|]+/g, '_')}${view.complete ? '-signe' : ''}.pdf`;
  const params = { id: view.id };

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
            <Button
              size="sm"
              colorPalette="red"
              loading={retry.running}
              disabled={!retry.canSubmit}
              onClick={() => retry.submit({ params })}
              alignSelf="center"
            >
              {t('signbooks.view.retrySeal')}
            </Button>
          ) : null}
        </Alert.Root>
      ) : null}
      <Flex gap="2" wrap="wrap" role="group" aria-label={t('signbooks.view.actions')}>
        {offered.includes('start') ? (
          <Button
            colorPalette="blue"
            loading={start.running}
            disabled={!start.canSubmit}
            onClick={() => start.submit({ params, body: { start: true } })}
          >
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
          <Button
            variant="outline"
            colorPalette="red"
            disabled={!remove.canSubmit}
            onClick={() => remove.submit({ params }, { confirm: true })}
          >
            {t('signbooks.view.delete')}
          </Button>
        ) : null}
      </Flex>
      <ConfirmDialog
        open={remove.confirming || remove.running}
        title="signbooks.view.deleteTitle"
        text="signbooks.view.deleteText"
        values={{ name: view.name }}
        confirm="signbooks.view.delete"
        danger
        busy={remove.running}
        onConfirm={remove.confirm}
        onCancel={remove.cancel}
      />
    </>
  );
};
