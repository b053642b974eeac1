/**
 * Step 1: the document type, first (documents cannot be added before). Each type says whether it has a
 * reading mask (recipients found in the pages) or not (recipients chosen by hand).
 */
import { Badge, Box, Flex, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgDocTypeConf } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useAuth, useRead } from '../../app/index.ts';
import type { CampaignCreation } from './useCampaignCreation.ts';

export const TypeStep = ({ creation }: { creation: CampaignCreation }) => {
  const { t } = useTranslation();
  const { session } = useAuth();
  const { view, send } = creation;
  const orgId = session?.orgId;
  const read = useRead('documents.orgDocTypes', orgId ? { params: { id: orgId } } : null);
  const list = read.data as readonly OrgDocTypeConf[] | null;
  const types = useMemo(() => list?.filter((d) => d.enabled) ?? null, [list]);
  const error = read.failure ? read.failure.key || ERROR_KEYS.internal : null;

  if (error)
    return (
      <Text role="alert" color="fg.error">
        {t(error)}
      </Text>
    );
  if (!types) return <Text color="fg.muted">{t('common.loading')}</Text>;

  return (
    <Stack gap="3">
      <Text>{t('campaignCreate.type.intro')}</Text>
      <RadioGroup.Root
        value={view.docType?.code ?? null}
        onValueChange={({ value }) => {
          const type = types.find((d) => d.code === value);
          if (type)
            send({
              type: 'creation.type.select',
              docType: { code: type.code, label: type.label, hasMask: type.hasMask },
            });
        }}
        aria-label={t('campaignCreate.type.label')}
      >
        <Stack gap="2">
          {types.map((d) => {
            const locked = view.manualConfirmed && d.hasMask;
            return (
              <Box key={d.code} borderWidth="1px" rounded="md" p="3" opacity={locked ? 0.6 : 1}>
                <RadioGroup.Item value={d.code} disabled={locked} alignItems="flex-start">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator mt="1" />
                  <Stack gap="1">
                    <Flex gap="2" wrap="wrap" align="center">
                      <RadioGroup.ItemText fontWeight="medium">{d.label}</RadioGroup.ItemText>
                      <Badge colorPalette={d.hasMask ? 'green' : 'orange'}>
                        {t(d.hasMask ? 'campaignCreate.type.withMask' : 'campaignCreate.type.withoutMask')}
                      </Badge>
                    </Flex>
                    <Text fontSize="sm" color="fg.muted">
                      {t(
                        locked
                          ? 'campaignCreate.type.lockedManual'
                          : d.hasMask
                            ? 'campaignCreate.type.withMaskHint'
                            : 'campaignCreate.type.withoutMaskHint',
                      )}
                    </Text>
                  </Stack>
                </RadioGroup.Item>
              </Box>
            );
          })}
        </Stack>
      </RadioGroup.Root>
    </Stack>
  );
};
