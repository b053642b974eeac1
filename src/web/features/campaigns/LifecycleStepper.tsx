/**
 * Where the campaign is, in one row: the steps of the machine's main path (stepperPath.ts), those
 * passed ticked, the current one lit (`aria-current="step"`), an error or early end drawn in its
 * place; a step this campaign never goes through (`skip`: validation without review) drawn struck
 * through, never ticked. The whole chart with every move stays one click away (`LifecycleDiagram`).
 */
import { Box, Collapsible, Flex, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { LifecycleDiagram } from './LifecycleDiagram.tsx';
import { lifecycleGraph } from './lifecycleGraph.ts';
import { stepsFor } from './stepperPath.ts';

const BRANCH_PALETTE: Record<string, string> = { inError: 'red', refused: 'orange', canceled: 'gray' };

export const LifecycleStepper = ({
  machine,
  current,
  via,
  skip,
}: {
  machine: AnyStateMachine;
  current: string;
  via?: string | undefined;
  /** Main-path steps this campaign never goes through. */
  skip?: readonly string[];
}) => {
  const { t } = useTranslation();
  const graph = useMemo(() => lifecycleGraph(machine), [machine]);
  const steps = stepsFor(graph, current, via, skip);
  return (
    <Box>
      <Flex as="ol" role="list" aria-label={t('campaigns.lifecycle.title')} gap="1" wrap="wrap" align="center">
        {steps.map((step, i) => {
          const palette = step.branch ? (BRANCH_PALETTE[step.state] ?? 'red') : 'brand';
          const lit = step.mark === 'current';
          const skipped = step.mark === 'skipped';
          const muted = step.mark === 'todo' || skipped;
          return (
            <Flex
              as="li"
              key={step.state}
              data-state={step.state}
              data-mark={step.mark}
              aria-current={lit ? 'step' : undefined}
              align="center"
              gap="1"
            >
              {i > 0 && <Box aria-hidden w="4" h="2px" bg={muted ? 'border' : 'brand.solid'} flexShrink={0} />}
              <Flex
                align="center"
                gap="1.5"
                px="2.5"
                py="1"
                rounded="full"
                fontSize="sm"
                borderWidth="1px"
                colorPalette={palette}
                borderColor={lit ? 'colorPalette.solid' : step.mark === 'done' ? 'colorPalette.muted' : 'border'}
                borderStyle={skipped ? 'dashed' : 'solid'}
                bg={lit ? 'colorPalette.solid' : step.mark === 'done' ? 'colorPalette.subtle' : 'bg'}
                color={lit ? 'colorPalette.contrast' : muted ? 'fg.muted' : 'fg'}
                fontWeight={lit ? 'semibold' : 'normal'}
                title={skipped ? t('campaigns.lifecycle.skipped') : undefined}
              >
                <Text as="span" aria-hidden>
                  {step.mark === 'done' ? '✓' : lit ? '●' : skipped ? '–' : '○'}
                </Text>
                <Text as="span" textDecoration={skipped ? 'line-through' : undefined}>
                  {t(`campaigns.lifecycle.states.${step.state}`)}
                </Text>
                {skipped && <Text srOnly>{` (${t('campaigns.lifecycle.skipped')})`}</Text>}
                {lit && <Text srOnly>{` (${t('campaigns.lifecycle.current')})`}</Text>}
              </Flex>
            </Flex>
          );
        })}
      </Flex>
      <Collapsible.Root lazyMount unmountOnExit>
        <Collapsible.Trigger asChild>
          <Text as="button" fontSize="xs" color="fg.muted" textDecoration="underline" mt="1" cursor="pointer">
            {t('campaigns.lifecycle.showChart')}
          </Text>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <Box mt="2">
            <LifecycleDiagram machine={machine} current={current} />
          </Box>
        </Collapsible.Content>
      </Collapsible.Root>
    </Box>
  );
};
