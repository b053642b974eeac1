/**
 * One signbook: its steps and each signatory's state, the document (pdf.js), the refusal and its
 * reason, the seal (hashes, failure with retry), the signed PDF to download when complete — and, when
 * it is the session user's turn, the signer's walk. Everything follows push: another signatory's
 * signature moves the steps here without reload. The page runs the signbook's feed and an actor of
 * machines/signbook restored from it (useSignbook): the actions offered are those its `can()` allows.
 */
import { Alert, Badge, Box, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { PdfViewer } from '../../components/PdfViewer.tsx';
import { AppLink } from '../../components/AppLink.tsx';
import { formatDateTime } from './labels.ts';
import { SignbookActions } from './SignbookActions.tsx';
import { SignbookLifecycle, lifecycleKey } from './SignbookLifecycle.tsx';
import { SignbookStatusBadge } from './SignbookListPage.tsx';
import { canonicalItemPath, listPath, type SignbookScope, scopeOf } from './signbookPaths.ts';
import { SignerWalk } from './SignerWalk.tsx';
import { StepsView } from './StepsView.tsx';
import type { SignbookAccess } from './signbookAccess.ts';
import { useSignbook } from './useSignbook.ts';

export const SignbookView = ({
  access,
  backTo,
  scope,
}: {
  access: SignbookAccess;
  backTo?: string;
  /** The list the URL opened it from: left for the list that shows it once its status moves. */
  scope?: SignbookScope;
}) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { view, pdf, errorKey, loading, refresh } = useSignbook(access);
  // Once the walk is shown it stays for its confirmation, even after the signbook moves on.
  const [walking, setWalking] = useState(false);
  if (view?.canSign && !walking) setWalking(true);
  // A refused (or sealed) signbook open under "in progress" moves under its real list, so the
  // breadcrumb and the back link say where it is — except under a signer's walk, kept for its confirmation.
  const movedTo = scope && view && !walking ? canonicalItemPath(scope, view.status) : null;
  useEffect(() => {
    if (movedTo) void navigate({ to: movedTo, replace: true });
  }, [movedTo, navigate]);

  if (loading && !view) return <Text>{t('common.loading')}</Text>;
  if (!view) {
    return (
      <Alert.Root status={errorKey === ERROR_KEYS.signbookDocumentNotYet ? 'info' : 'error'} role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{t(errorKey ?? 'error.internal')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  const refuser = view.refusal
    ? view.steps.flatMap((s) => s.signatories).find((g) => g.id === view.refusal?.signatoryId)
    : undefined;
  const viewer = <PdfViewer data={pdf} label={t('signbooks.view.document')} />;

  return (
    <Stack gap="5">
      {backTo ? <AppLink to={backTo}>{t('signbooks.view.back')}</AppLink> : null}
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="xl">
          {view.name}
        </Heading>
        <SignbookStatusBadge status={view.status} />
        {view.sendToPersonalSafe ? <Badge colorPalette="teal">{t('signbooks.view.toSafe')}</Badge> : null}
      </Flex>
      <Text color="fg.muted" fontSize="sm">
        {t('signbooks.view.meta', {
          organization: view.organizationName,
          date: formatDateTime(view.creationDate, i18n.language),
        })}
      </Text>
      {view.refusal ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t('signbooks.view.refusedBy', { name: refuser ? `${refuser.firstname} ${refuser.name}` : '' })}
            </Alert.Title>
            <Alert.Description>{t('signbooks.view.reason', { reason: view.refusal.reason })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {view.waitingForPreviousSteps ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('signbooks.view.waitingForPrevious')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {view.status === 'SEALING' ? <Text role="status">{t('signbooks.view.sealing')}</Text> : null}
      <SignbookLifecycle key={lifecycleKey(view)} view={view}>
        {(lifecycle) => (
          <SignbookActions
            view={view}
            lifecycle={lifecycle}
            pdf={pdf}
            guest={access.token !== undefined}
            onChanged={refresh}
          />
        )}
      </SignbookLifecycle>
      {walking ? <SignerWalk access={access} view={view} document={viewer} onFinished={refresh} /> : null}
      <Grid templateColumns={{ base: '1fr', lg: view.canSign ? '1fr' : 'minmax(0, 1fr) 22rem' }} gap="5">
        {view.canSign ? null : <Box minW="0">{viewer}</Box>}
        <Stack gap="3" minW="0">
          <Heading as="h2" size="md">
            {t('signbooks.view.steps')}
          </Heading>
          <StepsView view={view} />
          {view.complete && view.seal.sha256After ? (
            <Box fontSize="xs" color="fg.muted" wordBreak="break-all" data-seal>
              <Text>{t('signbooks.view.sealedAt', { date: formatDateTime(view.seal.sealedAt, i18n.language) })}</Text>
              <Text>{t('signbooks.view.hashBefore', { hash: view.seal.sha256Before })}</Text>
              <Text>{t('signbooks.view.hashAfter', { hash: view.seal.sha256After })}</Text>
            </Box>
          ) : null}
        </Stack>
      </Grid>
    </Stack>
  );
};

export const SignbookPage = () => {
  const scope = scopeOf(useParams({ strict: false }));
  if (!scope.id) return null;
  return <SignbookView key={scope.id} access={{ id: scope.id }} backTo={listPath(scope)} scope={scope} />;
};
