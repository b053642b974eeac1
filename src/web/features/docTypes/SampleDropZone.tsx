/**
 * Drop or pick sample PDFs: each file is checked in the browser (a PDF by content, ≤ 10 MB) before
 * it joins the samples; a refused one is listed with its reason.
 */
import { CloseButton, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PdfDropZone } from '../../components/PdfDropZone.tsx';
import { useTranslation } from 'react-i18next';
import { MAX_SAMPLES, type SampleFile, checkSample } from './samples.ts';

export interface SampleDropZoneProps {
  readonly samples: readonly SampleFile[];
  readonly onChange: (samples: SampleFile[]) => void;
  readonly disabled?: boolean;
}

export const SampleDropZone = ({ samples, onChange, disabled }: SampleDropZoneProps) => {
  const { t } = useTranslation();
  const [refused, setRefused] = useState<{ name: string; key: string }[]>([]);

  const add = async (files: readonly File[]) => {
    const accepted: SampleFile[] = [];
    const rejected: { name: string; key: string }[] = [];
    for (const file of files) {
      const checked = await checkSample(file);
      if ('key' in checked) rejected.push({ name: file.name, key: checked.key });
      else accepted.push(checked.sample);
    }
    setRefused(rejected);
    if (accepted.length > 0) onChange([...samples, ...accepted].slice(0, MAX_SAMPLES));
  };

  return (
    <Stack gap="2">
      <PdfDropZone
        disabled={disabled}
        onFiles={(files) => void add(files)}
        texts={{
          drop: t('masks.editor.drop'),
          pick: t('masks.editor.pick'),
          label: t('masks.editor.samples'),
          hint: t('masks.editor.samplesHint'),
        }}
      />
      {refused.length > 0 ? (
        <List.Root role="alert" color="fg.error" fontSize="sm" ps="4">
          {refused.map((r) => (
            <List.Item key={r.name}>{`${r.name} : ${t(r.key)}`}</List.Item>
          ))}
        </List.Root>
      ) : null}
      {samples.length > 0 ? (
        <List.Root listStyle="none" gap="1" aria-label={t('masks.editor.samples')}>
          {samples.map((s, i) => (
            <List.Item key={`${s.name}-${i}`}>
              <HStack justify="space-between" borderWidth="1px" rounded="sm" px="2" py="1">
                <Text truncate fontSize="sm">
                  {s.name}
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={t('masks.editor.remove', { name: s.name })}
                  disabled={disabled}
                  onClick={() => onChange(samples.filter((_, j) => j !== i))}
                />
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
    </Stack>
  );
};
