/**
 * The chosen sample page (pdf.js, loaded on demand) with the zone over it, page navigation, and
 * the zone's coordinates as inputs — the keyboard way to set or adjust it.
 */
import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PdfPageCanvas } from './PdfPageCanvas.tsx';
import { type OpenedSample, openSample } from './pdfjs.ts';
import type { SampleFile } from './samples.ts';
import type { Zone } from './zoneGeometry.ts';

export interface SampleViewerProps {
  readonly samples: readonly SampleFile[];
  /** 0-based sample and 1-based page shown. */
  readonly sample: number;
  readonly page: number;
  readonly onShow: (sample: number, page: number) => void;
  readonly zone: Zone | null;
  readonly onZone: (zone: Zone) => void;
  readonly onPageSize?: (size: { width: number; height: number }) => void;
}

const FIELDS = ['x', 'y', 'width', 'height'] as const;
const LABELS = { x: 'zoneX', y: 'zoneY', width: 'zoneWidth', height: 'zoneHeight' } as const;

export const SampleViewer = ({ samples, sample, page, onShow, zone, onZone, onPageSize }: SampleViewerProps) => {
  const { t } = useTranslation();
  const bytes = samples[sample]?.bytes;
  const [opened, setOpened] = useState<{ for: Uint8Array; doc: PDFDocumentProxy | null } | null>(null);

  useEffect(() => {
    if (!bytes) return;
    let current: OpenedSample | null = null;
    let cancelled = false;
    openSample(bytes)
      .then((o) => {
        current = o;
        if (cancelled) o.close();
        else setOpened({ for: bytes, doc: o.doc });
      })
      .catch(() => !cancelled && setOpened({ for: bytes, doc: null }));
    return () => {
      cancelled = true;
      current?.close();
    };
  }, [bytes]);

  const current = opened !== null && opened.for === bytes ? opened : null;
  const doc = current?.doc ?? null;
  const failed = current !== null && current.doc === null;
  const pages = doc?.numPages ?? 0;
  const setField = (field: (typeof FIELDS)[number], value: string) => {
    const n = Number(value.replace(',', '.'));
    if (!Number.isFinite(n)) return;
    const base = zone ?? { page, x: 0, y: 0, width: 0, height: 0 };
    onZone({ ...base, [field]: n });
  };

  return (
    <Stack gap="3">
      <HStack wrap="wrap" gap="3">
        {samples.length > 1 ? (
          <NativeSelect.Root size="sm" w="auto" maxW="16rem">
            <NativeSelect.Field
              aria-label={t('masks.editor.sample')}
              value={sample}
              onChange={(e) => onShow(Number(e.target.value), 1)}
            >
              {samples.map((s, i) => (
                <option key={`${s.name}-${i}`} value={i}>
                  {s.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : null}
        <HStack gap="1">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onShow(sample, page - 1)}>
            {t('masks.editor.previousPage')}
          </Button>
          <Text fontSize="sm" px="2" aria-live="polite">
            {t('masks.editor.page', { page, count: pages || 1 })}
          </Text>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onShow(sample, page + 1)}>
            {t('masks.editor.nextPage')}
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('masks.editor.drawHint')}
      </Text>
      {failed ? <Text color="fg.error">{t('error.upload.damaged')}</Text> : null}
      {doc ? (
        <PdfPageCanvas doc={doc} page={Math.min(page, pages)} zone={zone} onZone={onZone} onPageSize={onPageSize} />
      ) : failed ? null : (
        <Text color="fg.muted">{t('common.loading')}</Text>
      )}
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontSize="sm" fontWeight="medium">
          {t('masks.editor.zone')}
        </Text>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
          {FIELDS.map((f) => (
            <Field.Root key={f}>
              <Field.Label fontSize="xs">{t(`masks.editor.${LABELS[f]}`)}</Field.Label>
              <Input
                size="sm"
                type="number"
                step="1"
                min="0"
                name={`zone-${f}`}
                value={zone ? String(zone[f]) : ''}
                onChange={(e) => setField(f, e.target.value)}
              />
            </Field.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
};
