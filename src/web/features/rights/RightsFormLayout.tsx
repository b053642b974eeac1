/**
 * What the user, user-group and rule pages share around their fields: loading and its failure, the
 * conflict banner (reload, what was typed kept), the failure under the form, save / cancel changes /
 * back / delete (a disabled save says what it waits for), the confirmation of an action, and the warning before leaving unsaved changes.
 */
import { Alert, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import type { RightsAction } from '../../../../machines/rights-form/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { RIGHTS_PATHS, type RightsFormHandle } from './useRightsForm.ts';

/** Where each kind's field labels are (`rootOrgId` is labelled « Organisation racine » as `rootOrg`). */
const FIELD_LABELS: Record<RightsFormHandle['view']['kind'], string> = {
  user: 'users.fields',
  userGroup: 'userGroups.fields',
  rule: 'rules.fields',
};
const BLOCKED_ID = 'rights-form-blocked';

export interface ConfirmTexts {
  readonly title: string;
  readonly text: string;
  readonly confirm: string;
  readonly danger?: boolean;
  readonly values?: Record<string, unknown>;
}

export const RightsFormLayout = ({
  form,
  title,
  formLabel,
  createLabel,
  deleteLabel,
  confirmTexts,
  pendingSummary,
  extraActions,
  aside,
  children,
}: {
  form: RightsFormHandle;
  title: string;
  formLabel: string;
  /** The save button of a new entity (« Créer l'utilisateur »). */
  createLabel: string;
  deleteLabel: string;
  confirmTexts: Partial<Record<RightsAction, ConfirmTexts>>;
  /** What was typed before a conflict reload, as lines to read. */
  pendingSummary: string[];
  extraActions?: ReactNode;
  /** Shown below the form (the user's trail). */
  aside?: ReactNode;
  children: ReactNode;
}) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { view, send } = form;
  const paths = RIGHTS_PATHS[view.kind];
  const listOf = (fields: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      fields.map((f) => t(`${FIELD_LABELS[view.kind]}.${f === 'rootOrgId' ? 'rootOrg' : f}`)),
    );
  const blocked = view.blockedBy;
  /** What the disabled save button waits for, in words (issue 15): read beside it and as its description. */
  const blockedLines = !blocked
    ? []
    : 'unchanged' in blocked
      ? [t('common.form.blocked.unchanged')]
      : [
          ...(blocked.missing.length ? [t('common.form.blocked.missing', { fields: listOf(blocked.missing) })] : []),
          ...(blocked.invalid.length ? [t('common.form.blocked.invalid', { fields: listOf(blocked.invalid) })] : []),
        ];

  const blocker = useBlocker({
    shouldBlockFn: form.blocksLeaving,
    enableBeforeUnload: form.blocksLeaving,
    withResolver: true,
  });

  if (view.loadFailed) {
    return (
      <Stack gap="4" maxW="5xl">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text role="alert" color="fg.error">
          {t(view.loadFailed.reason, { defaultValue: t(view.loadFailed.key) })}
        </Text>
        <HStack gap="3">
          <Button variant="outline" onClick={() => send({ type: 'form.retry' })}>
            {t('common.actions.retry')}
          </Button>
          <Button variant="ghost" onClick={() => void navigate({ to: paths.list })}>
            {t('rights.form.back')}
          </Button>
        </HStack>
      </Stack>
    );
  }
  if (view.isLoading) return <DelayedLoader label={t('common.loading')} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };
  const confirming = view.confirming ? confirmTexts[view.confirming] : undefined;

  return (
    <Stack gap="5" maxW="6xl" minW="0">
      <Heading as="h1" size="xl" overflowWrap="anywhere">
        {title}
      </Heading>
      {view.conflict ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Box flex="1">
            <Alert.Title>{t(ERROR_KEYS.rightsConflict)}</Alert.Title>
            <Alert.Description>{t('rights.conflict.text')}</Alert.Description>
            <Button
              mt="3"
              size="sm"
              colorPalette="orange"
              loading={view.isReloading}
              onClick={() => send({ type: 'form.reload' })}
            >
              {t('rights.conflict.reload')}
            </Button>
          </Box>
        </Alert.Root>
      ) : null}
      {view.pending && !view.conflict ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Box flex="1" minW="0">
            <Alert.Title>{t('rights.pending.title')}</Alert.Title>
            <Alert.Description>
              <Text>{t('rights.pending.text')}</Text>
              {pendingSummary.length ? (
                <Box as="ul" ps="5" my="2">
                  {pendingSummary.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </Box>
              ) : null}
            </Alert.Description>
            <HStack gap="2" mt="2" wrap="wrap">
              <Button size="sm" colorPalette="brand" onClick={() => send({ type: 'form.reapply' })}>
                {t('rights.pending.reapply')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => send({ type: 'form.pending.dismiss' })}>
                {t('rights.pending.dismiss')}
              </Button>
            </HStack>
          </Box>
        </Alert.Root>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={formLabel}>
        <Stack gap="5">
          {children}
          {view.failure ? (
            <Text role="alert" color="fg.error">
              {t(view.failure.reason, { defaultValue: t(view.failure.key) })}
              {view.failure.detail ? ` ${view.failure.detail}` : ''}
            </Text>
          ) : null}
          <HStack gap="3" wrap="wrap">
            <Button
              type="submit"
              colorPalette="brand"
              loading={view.isSaving}
              disabled={!view.canSubmit}
              aria-describedby={blockedLines.length ? BLOCKED_ID : undefined}
            >
              {view.creating ? createLabel : t('common.actions.save')}
            </Button>
            {blockedLines.length ? (
              <Text id={BLOCKED_ID} fontSize="sm" color="fg.muted" data-missing maxW="md">
                {blockedLines.join(' ')}
              </Text>
            ) : null}
            {view.canReset ? (
              <Button variant="outline" onClick={() => send({ type: 'form.reset' })}>
                {t('rights.form.reset')}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => void navigate({ to: paths.list })}>
              {t('rights.form.back')}
            </Button>
            {extraActions}
            {!view.creating ? (
              <Button
                variant="outline"
                colorPalette="red"
                ms={{ base: 0, md: 'auto' }}
                disabled={!view.can.delete}
                onClick={() => send({ type: 'form.action', action: 'delete' })}
              >
                {deleteLabel}
              </Button>
            ) : null}
          </HStack>
          {view.justSaved ? (
            <Text color="fg.muted" fontSize="sm" role="status">
              {t('rights.form.saved')}
            </Text>
          ) : null}
        </Stack>
      </form>
      {aside}
      <ConfirmDialog
        open={confirming !== undefined}
        title={confirming?.title ?? ''}
        text={confirming?.text ?? ''}
        confirm={confirming?.confirm ?? ''}
        danger={confirming?.danger ?? false}
        busy={view.isActing}
        {...(confirming?.values ? { values: confirming.values } : {})}
        onConfirm={() => send({ type: 'action.confirm' })}
        onCancel={() => send({ type: 'action.cancel' })}
      />
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title="rights.unsaved.title"
        text="rights.unsaved.text"
        confirm="rights.unsaved.leave"
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
};
