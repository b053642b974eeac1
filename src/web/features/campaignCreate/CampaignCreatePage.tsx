/**
 * `/campaigns/create` (seed 000 §2 CreateCampaign): a stepper following the campaign-creation
 * machine. Sending uploads with progress in the notifications panel; leaving while it runs warns
 * that actions are in progress, and leaving once a type, a file or a name was entered warns that it
 * would be lost (browser unload and in-app navigation); success opens the campaign.
 */
import { Box, Button, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useBlocker } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CREATION_STEPS, type CreationStep } from '../../../../machines/campaign-creation/index.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DocumentsStep } from './DocumentsStep.tsx';
import { OptionsStep } from './OptionsStep.tsx';
import { RecipientsStep } from './RecipientsStep.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { TypeStep } from './TypeStep.tsx';
import { type CampaignCreation, useCampaignCreation } from './useCampaignCreation.ts';

const BODIES: Record<CreationStep, (props: { creation: CampaignCreation }) => ReactNode> = {
  type: TypeStep,
  documents: DocumentsStep,
  recipients: RecipientsStep,
  options: OptionsStep,
  review: ReviewStep,
};

const Stepper = ({ active }: { active: number }) => {
  const { t } = useTranslation();
  return (
    <List.Root
      as="ol"
      listStyle="none"
      display="flex"
      flexDirection="row"
      gap={{ base: '1', md: '2' }}
      flexWrap={{ base: 'nowrap', md: 'wrap' }}
      aria-label={t('campaignCreate.steps.label')}
    >
      {CREATION_STEPS.map((step, index) => {
        const current = index === active;
        const done = index < active;
        return (
          <List.Item
            key={step}
            aria-current={current ? 'step' : undefined}
            flex={{ base: current ? '0 0 auto' : '1 1 0', md: 'initial' }}
            minW="0"
          >
            <Flex align="center" gap="2" px="2" py="1" rounded="full" bg={current ? 'brand.subtle' : undefined}>
              <Box
                flexShrink={0}
                w="6"
                h="6"
                rounded="full"
                display="grid"
                placeItems="center"
                fontSize="sm"
                fontWeight="bold"
                bg={current || done ? 'brand.solid' : 'bg.muted'}
                color={current || done ? 'brand.contrast' : 'fg.muted'}
              >
                {done ? '✓' : index + 1}
              </Box>
              <Text
                fontSize="sm"
                fontWeight={current ? 'semibold' : 'normal'}
                truncate
                display={{ base: current ? 'block' : 'none', md: 'block' }}
              >
                {t(`campaignCreate.steps.${step}`)}
              </Text>
            </Flex>
          </List.Item>
        );
      })}
    </List.Root>
  );
};

export const CampaignCreatePage = () => {
  const { t } = useTranslation();
  const creation = useCampaignCreation();
  const { view, send, actor, leavingUnsaved } = creation;
  const busy = () => actor.getSnapshot().matches('sending');
  // Leaving asks first: while sending (the upload would stop) and once something was entered (it would be lost).
  const wouldLose = () => busy() || leavingUnsaved();
  const blocker = useBlocker({ shouldBlockFn: wouldLose, enableBeforeUnload: wouldLose, withResolver: true });
  const leaveTexts = view.isBusy ? 'campaignCreate.leave' : 'campaignCreate.unsaved';
  const step: CreationStep = view.step ?? 'review';
  const Body = BODIES[step];
  const onReview = step === 'review';

  return (
    <Stack gap="5" maxW="5xl">
      <Heading as="h1" size="xl">
        {t('sections.createCampaign')}
      </Heading>
      <Stepper active={view.stepIndex} />
      <Stack gap="1">
        <Heading as="h2" size="md">
          {t(`campaignCreate.steps.${step}`)}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t(`campaignCreate.steps.${step}Hint`)}
        </Text>
      </Stack>
      <Body creation={creation} />
      <Flex gap="2" justify="space-between" wrap="wrap" borderTopWidth="1px" pt="4">
        <Button variant="outline" disabled={!view.canBack} onClick={() => send({ type: 'creation.back' })}>
          {t('campaignCreate.actions.back')}
        </Button>
        {view.isSending ? (
          <Button variant="outline" colorPalette="red" onClick={() => send({ type: 'creation.cancel' })}>
            {t('campaignCreate.actions.cancelUpload')}
          </Button>
        ) : (
          <Flex gap="3" align="center" wrap="wrap" justify="flex-end">
            {/* A disabled button says what it waits for (issue 15). */}
            {view.missingKey && !view.isFailed ? (
              <Text id="creation-missing" fontSize="sm" color="fg.muted" data-missing>
                {t(view.missingKey)}
              </Text>
            ) : null}
            {onReview || view.isFailed ? (
              <Button
                colorPalette="brand"
                disabled={!view.canSend}
                aria-describedby={view.canSend ? undefined : 'creation-missing'}
                onClick={() => send({ type: 'creation.send' })}
              >
                {t(view.isFailed ? 'campaignCreate.actions.sendAgain' : 'campaignCreate.actions.send')}
              </Button>
            ) : (
              <Button
                colorPalette="brand"
                disabled={!view.canNext}
                aria-describedby={view.canNext ? undefined : 'creation-missing'}
                onClick={() => send({ type: 'creation.next' })}
              >
                {t('campaignCreate.actions.next')}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title={`${leaveTexts}.title`}
        text={`${leaveTexts}.text`}
        confirm={`${leaveTexts}.confirm`}
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
};
