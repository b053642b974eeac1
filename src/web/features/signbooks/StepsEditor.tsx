/**
 * The ordered steps being built (creation and templates): add, remove and reorder steps; add and
 * remove signatories per step; in a template each step has one signatory type. Warnings (no signing
 * right, rights unverifiable) and problems (social signer order) sit beside the signatory concerned.
 */
import { Badge, Box, Button, CloseButton, Flex, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGNATORY_TYPES, type SignatoryType } from '../../../contract/enums.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { useAuth } from '../../app/index.ts';
import { type DraftStep, moveStep, rightsWarningOf, socialSignerProblems } from './signatories.ts';
import { SignatoryPicker } from './SignatoryPicker.tsx';

const KINDS: Record<SignatoryType, readonly ('employee' | 'user' | 'external')[]> = {
  employee: ['employee'],
  user: ['user'],
  socialSigner: ['user'],
  external: ['external'],
};

export const StepsEditor = ({
  steps,
  onChange,
  typed,
}: {
  steps: readonly DraftStep[];
  onChange: (steps: DraftStep[]) => void;
  /** Template mode: one signatory type per step. */
  typed: boolean;
}) => {
  const { t } = useTranslation();
  const { features } = useAuth();
  const [picking, setPicking] = useState<number | null>(steps.length ? 0 : null);
  const canReadRights = features.includes('UserAccess');
  const social = socialSignerProblems(steps);
  const set = (i: number, step: DraftStep) => onChange(steps.map((s, j) => (j === i ? step : s)));

  return (
    <Stack gap="3">
      {steps.map((step, i) => {
        const taken = new Set(step.signatories.map((g) => g.key));
        const usersBefore = steps.slice(0, i).flatMap((s) => s.signatories.filter((g) => g.userId));
        return (
          <Box key={i} borderWidth="1px" borderRadius="md" p="3" data-edit-step={i}>
            <Flex gap="2" align="center" wrap="wrap" justify="space-between" mb="2">
              <Text fontWeight="semibold">{t('signbooks.view.step', { step: i + 1 })}</Text>
              <HStack gap="1">
                {typed ? (
                  <NativeSelect.Root size="sm" width="auto">
                    <NativeSelect.Field
                      aria-label={t('signbooks.editor.signatoryType', { step: i + 1 })}
                      value={step.signatoryType}
                      onChange={(e) => set(i, { signatoryType: e.target.value as SignatoryType, signatories: [] })}
                    >
                      {SIGNATORY_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`signbooks.signatoryType.${type}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                ) : null}
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('signbooks.editor.up', { step: i + 1 })}
                  disabled={i === 0}
                  onClick={() => onChange(moveStep(steps, i, -1))}
                >
                  ↑
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('signbooks.editor.down', { step: i + 1 })}
                  disabled={i === steps.length - 1}
                  onClick={() => onChange(moveStep(steps, i, 1))}
                >
                  ↓
                </IconButton>
                <CloseButton
                  size="xs"
                  aria-label={t('signbooks.editor.removeStep', { step: i + 1 })}
                  onClick={() => onChange(steps.filter((_, j) => j !== i))}
                />
              </HStack>
            </Flex>
            <Stack gap="1" mb="2">
              {step.signatories.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('signbooks.editor.noSignatory')}
                </Text>
              ) : null}
              {step.signatories.map((g, k) => {
                const warning = rightsWarningOf(g, canReadRights);
                const misplaced = social.some((p) => p.step === i && p.index === k);
                return (
                  <Flex key={g.key} align="center" gap="2" wrap="wrap" data-signatory-email={g.email ?? ''}>
                    <Text flex="1" minW="8rem">
                      {g.firstName} {g.name}{' '}
                      <Text as="span" color="fg.muted" fontSize="xs">
                        {g.email}
                      </Text>
                    </Text>
                    <Badge>{t(`signbooks.signatoryType.${g.type}`)}</Badge>
                    {warning ? (
                      <Badge colorPalette="orange" title={t(warning)}>
                        {t(warning)}
                      </Badge>
                    ) : null}
                    {misplaced ? <Badge colorPalette="red">{t(ERROR_KEYS.signbookSocialSignerOrder)}</Badge> : null}
                    <CloseButton
                      size="xs"
                      aria-label={t('signbooks.editor.removeSignatory', { name: `${g.firstName} ${g.name}`.trim() })}
                      onClick={() => set(i, { ...step, signatories: step.signatories.filter((x) => x.key !== g.key) })}
                    />
                  </Flex>
                );
              })}
            </Stack>
            {picking === i ? (
              <SignatoryPicker
                kinds={typed ? KINDS[step.signatoryType] : ['employee', 'user', 'external']}
                taken={taken}
                usersBefore={usersBefore}
                onAdd={(g) =>
                  set(i, {
                    signatoryType: step.signatories.length ? step.signatoryType : typed ? step.signatoryType : g.type,
                    signatories: [
                      ...step.signatories,
                      typed && step.signatoryType === 'socialSigner' ? { ...g, type: 'socialSigner' } : g,
                    ],
                  })
                }
              />
            ) : (
              <Button size="xs" variant="outline" onClick={() => setPicking(i)}>
                {t('signbooks.editor.addSignatory', { step: i + 1 })}
              </Button>
            )}
          </Box>
        );
      })}
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => {
          onChange([...steps, { signatoryType: 'user', signatories: [] }]);
          setPicking(steps.length);
        }}
      >
        {t('signbooks.editor.addStep')}
      </Button>
    </Stack>
  );
};
