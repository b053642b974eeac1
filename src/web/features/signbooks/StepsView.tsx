/**
 * The ordered steps of a signbook, each signatory with its state and signature date; the current step
 * is marked, a refusing step says so and the steps after it are never reached.
 */
import { Badge, Box, Flex, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SignbookView } from '../../../contract/signbook.ts';
import { formatDateTime, SIGNATORY_STATE_PALETTE } from './labels.ts';

export const StepsView = ({ view }: { view: SignbookView }) => {
  const { t, i18n } = useTranslation();
  const live = view.status === 'IN_PROGRESS';
  const refusedAt = view.steps.find((step) => step.signatories.some((g) => g.state === 'refused'))?.index;
  return (
    <List.Root as="ol" listStyle="none" gap="3" aria-label={t('signbooks.view.steps')}>
      {view.steps.map((step) => {
        const current = live && step.index === view.currentStep;
        const done = step.signatories.every((g) => g.state === 'signed');
        const refused = step.index === refusedAt;
        const unreached = refusedAt !== undefined && step.index > refusedAt;
        return (
          <List.Item
            key={step.index}
            data-step={step.index}
            data-done={done || undefined}
            data-refused={refused || undefined}
            aria-current={current ? 'step' : undefined}
          >
            <Box
              borderWidth="1px"
              borderRadius="md"
              p="3"
              borderColor={current ? 'blue.500' : refused ? 'red.500' : 'border'}
              bg={current ? 'blue.subtle' : refused ? 'red.subtle' : undefined}
            >
              <Flex justify="space-between" gap="2" wrap="wrap" mb="2">
                <Text fontWeight="semibold">{t('signbooks.view.step', { step: step.index + 1 })}</Text>
                <Text fontSize="sm" color={refused ? 'red.fg' : 'fg.muted'} data-step-state>
                  {done
                    ? t('signbooks.view.stepDone')
                    : refused
                      ? t('signbooks.view.stepRefused')
                      : unreached
                        ? t('signbooks.view.stepUnreached')
                        : current
                          ? t('signbooks.view.stepCurrent')
                          : t('signbooks.view.stepLater')}
                </Text>
              </Flex>
              <Stack gap="2">
                {step.signatories.map((g) => (
                  <Flex
                    key={g.id}
                    data-signatory={g.id}
                    data-state={g.state}
                    gap="2"
                    align="center"
                    wrap="wrap"
                    justify="space-between"
                  >
                    <Stack gap="0" minW="0" flex="1">
                      <Text truncate>
                        {g.firstname} {g.name}
                        {g.id === view.mySignatoryId ? ` (${t('signbooks.view.you')})` : ''}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {t(`signbooks.signatoryType.${g.type}`)}
                        {g.email ? ` · ${g.email}` : ''}
                      </Text>
                    </Stack>
                    <Stack gap="0" align="flex-end">
                      <Badge colorPalette={SIGNATORY_STATE_PALETTE[g.state]}>
                        {t(`signbooks.signatoryState.${g.state}`)}
                      </Badge>
                      {g.signatureDate ? (
                        <Text fontSize="xs" color="fg.muted">
                          {formatDateTime(g.signatureDate, i18n.language)}
                        </Text>
                      ) : null}
                    </Stack>
                  </Flex>
                ))}
              </Stack>
            </Box>
          </List.Item>
        );
      })}
    </List.Root>
  );
};
