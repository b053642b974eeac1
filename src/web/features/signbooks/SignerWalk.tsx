/**
 * The signer's walk, driven by machines/signer: one screen per step — read the document, choose how to
 * receive the code, type it, confirmation; « Refuser de signer » on each of them until the end. The server
 * decides every step; the page re-reads the signbook (push) once signed or refused. Each screen opens on
 * its own heading, which takes the focus when the step changes (the button pressed is gone by then); the
 * reading screen's actions come before the document and stay in sight while it is read.
 */
import { Alert, Box, Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSigner, signerMachine, type SignerScreen } from '../../../../machines/signer/index.ts';
import type { SignbookView } from '../../../contract/signbook.ts';
import { ChannelScreen } from './ChannelScreen.tsx';
import { CodeScreen } from './CodeScreen.tsx';
import { RefuseDialog } from './RefuseDialog.tsx';
import { signerActors } from './signerActors.ts';
import { type SignbookAccess, callsOf } from './signbookAccess.ts';
import { useSignClient } from './useSignClient.ts';

const STEPS: readonly SignerScreen[] = ['read', 'channel', 'code', 'done'];

export const SignerWalk = ({
  access,
  view,
  document,
  onFinished,
}: {
  access: SignbookAccess;
  view: SignbookView;
  /** The document viewer, shown on the reading screen. */
  document: ReactNode;
  onFinished: () => void;
}) => {
  const { t } = useTranslation();
  const sign = useSignClient();
  const me = view.steps.flatMap((s) => s.signatories).find((g) => g.id === view.mySignatoryId);
  const machine = useMemo(() => signerMachine.provide({ actors: signerActors(sign, access) }), [sign]); // eslint-disable-line react-hooks/exhaustive-deps -- one access per mount
  const actor = useActorRef(machine, {
    input: { signbookId: view.id, email: me?.email ?? null, phone: me?.phone ?? null },
  });
  const walk = useSelector(actor, selectSigner);
  const [refusing, setRefusing] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownScreen = useRef(walk.screen);
  const dialogOpen = refusing && walk.screen !== 'refused';

  // A code already pending on the server (a reload mid-walk) resumes at the code screen.
  useEffect(() => {
    const pending = view.pendingCode;
    if (pending && new Date(pending.expiresAt).getTime() > Date.now())
      actor.send({ type: 'signer.resume', ...pending });
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- only the state found on arrival

  useEffect(() => {
    if (walk.screen === 'done' || walk.screen === 'refused') onFinished();
  }, [walk.screen]); // eslint-disable-line react-hooks/exhaustive-deps -- on arrival at the end only

  // A new step: focus on its heading (not on arrival; not under the refusal dialog, which keeps it until closed).
  useEffect(() => {
    if (dialogOpen || shownScreen.current === walk.screen) return;
    shownScreen.current = walk.screen;
    stepHeading.current?.focus();
  }, [walk.screen, dialogOpen]);

  const index = STEPS.indexOf(walk.screen);
  // A signatory may refuse at any step before the end (the machine accepts it on every screen).
  const refuseButton = (
    <Button variant="outline" colorPalette="red" onClick={() => setRefusing(true)}>
      {t('signbooks.refuse.open')}
    </Button>
  );
  return (
    <Box
      as="section"
      aria-labelledby="signer-walk-title"
      borderWidth="2px"
      borderColor="blue.500"
      borderRadius="lg"
      bg="bg"
      p={{ base: '3', md: '5' }}
    >
      <Stack gap="4">
        <Heading as="h2" size="lg" id="signer-walk-title">
          {t('signbooks.signer.title')}
        </Heading>
        {walk.screen !== 'refused' ? (
          <List.Root
            as="ol"
            listStyle="none"
            display="flex"
            gap="2"
            flexWrap="wrap"
            aria-label={t('signbooks.signer.progress')}
          >
            {STEPS.map((s, i) => (
              <List.Item
                key={s}
                aria-current={i === index ? 'step' : undefined}
                data-walk-step={s}
                px="2"
                py="1"
                borderRadius="full"
                fontSize="sm"
                bg={i === index ? 'blue.solid' : i < index ? 'blue.subtle' : 'bg.muted'}
                color={i === index ? 'blue.contrast' : undefined}
              >
                {i + 1}. {t(`signbooks.signer.steps.${s}`)}
              </List.Item>
            ))}
          </List.Root>
        ) : null}
        <Heading
          as="h3"
          size="md"
          ref={stepHeading}
          tabIndex={-1}
          data-step-heading={walk.screen}
          _focus={{ outline: 'none' }}
        >
          {walk.screen === 'refused'
            ? t('signbooks.signer.refused.title')
            : t('signbooks.signer.stepHeading', {
                index: index + 1,
                total: STEPS.length,
                name: t(`signbooks.signer.steps.${walk.screen}`),
              })}
        </Heading>
        {walk.screen === 'read' ? (
          <Stack gap="3">
            <Text>{t('signbooks.signer.read.intro')}</Text>
            {walk.errorKey ? (
              <Text role="alert" color="fg.error">
                {t(walk.errorKey)}
              </Text>
            ) : null}
            {/* Before the document, and held at the top of the screen while it scrolls by. */}
            <Flex gap="2" wrap="wrap" position="sticky" top="0" zIndex="docked" bg="bg" py="2" borderBottomWidth="1px">
              <Button colorPalette="blue" onClick={() => actor.send({ type: 'signer.read' })}>
                {t('signbooks.signer.read.next')}
              </Button>
              {refuseButton}
            </Flex>
            {document}
          </Stack>
        ) : null}
        {walk.screen === 'channel' ? (
          <ChannelScreen
            view={walk}
            onRequest={(mode, to) =>
              actor.send({ type: 'signer.code.request', mode, ...(mode === 'email' ? { email: to } : { phone: to }) })
            }
            onBack={() => actor.send({ type: 'signer.back' })}
          />
        ) : null}
        {walk.screen === 'code' ? (
          <CodeScreen
            view={walk}
            outboxCall={callsOf(access).outbox}
            onSubmit={(code) => actor.send({ type: 'signer.code.submit', code })}
            onRenew={() => actor.send({ type: 'signer.code.renew' })}
            onBack={() => actor.send({ type: 'signer.back' })}
            onExpired={() => actor.send({ type: 'signer.code.expired' })}
          />
        ) : null}
        {walk.screen === 'channel' || walk.screen === 'code' ? <Flex>{refuseButton}</Flex> : null}
        {walk.screen === 'done' ? (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('signbooks.signer.done.title')}</Alert.Title>
              <Alert.Description>
                {t(view.status === 'IN_PROGRESS' ? 'signbooks.signer.done.text' : 'signbooks.signer.done.last')}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        {walk.screen === 'refused' ? (
          <Alert.Root status="warning" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t('signbooks.signer.refused.text', { reason: walk.reason })}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
      </Stack>
      <RefuseDialog
        open={refusing && walk.screen !== 'refused'}
        busy={walk.refusing}
        onRefuse={(reason) => actor.send({ type: 'signer.refuse', reason })}
        onCancel={() => setRefusing(false)}
        // Once refused, the refusal's heading takes the focus back (the button that opened the dialog is gone).
        finalFocusEl={() => (stepHeading.current?.dataset.stepHeading === 'refused' ? stepHeading.current : null)}
      />
    </Box>
  );
};
