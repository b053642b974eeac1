/**
 * The campaign lifecycle drawn from the machine's own chart: one box per top-level state, in chart
 * order, each listing where it can go and on which event; the campaign's current state is lit.
 * Shown on demand under the compact stepper (`LifecycleStepper`), for QA.
 */
import { Badge, Box, Flex, Heading, List, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { lifecycleGraph } from './lifecycleGraph.ts';

export const LifecycleDiagram = ({ machine, current }: { machine: AnyStateMachine; current: string }) => {
  const { t } = useTranslation();
  const graph = useMemo(() => lifecycleGraph(machine), [machine]);
  return (
    <Box as="section" aria-labelledby="campaign-lifecycle">
      <Heading as="h3" size="sm" id="campaign-lifecycle" mb="2">
        {t('campaigns.lifecycle.chartTitle')}
      </Heading>
      <Flex as="ol" role="list" gap="2" wrap="wrap" aria-label={t('campaigns.lifecycle.chartTitle')}>
        {graph.states.map((state) => {
          const lit = state === current;
          const out = graph.edges.filter((e) => e.from === state);
          return (
            <Box
              as="li"
              key={state}
              data-state={state}
              aria-current={lit ? 'step' : undefined}
              borderWidth={lit ? '2px' : '1px'}
              borderColor={lit ? 'brand.solid' : 'border'}
              bg={lit ? 'brand.subtle' : 'bg'}
              rounded="md"
              p="2"
              minW="10rem"
              flex="1"
            >
              <Flex gap="2" align="center" wrap="wrap">
                <Text fontWeight={lit ? 'bold' : 'medium'}>{t(`campaigns.lifecycle.states.${state}`)}</Text>
                {lit && <Badge colorPalette="brand">{t('campaigns.lifecycle.current')}</Badge>}
              </Flex>
              {out.length === 0 ? (
                <Text fontSize="xs" color="fg.muted">
                  {t('campaigns.lifecycle.end')}
                </Text>
              ) : (
                <List.Root fontSize="xs" color="fg.muted" variant="plain">
                  {out.map((e) => (
                    <List.Item key={`${e.to}-${e.event ?? ''}`}>
                      {t('campaigns.lifecycle.edge', {
                        to: t(`campaigns.lifecycle.states.${e.to}`),
                        event: t(`campaigns.lifecycle.events.${(e.event ?? 'auto').replace(/\./g, '_')}`),
                      })}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Box>
          );
        })}
      </Flex>
    </Box>
  );
};
