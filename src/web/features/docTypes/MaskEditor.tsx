/**
 * The editor itself: settings, samples, the page with the zone drawn by mouse, the live preview,
 * and « Enregistrer le masque » (`masks.create`; alerts `masks.post.success` / `masks.post.error`). Its
 * workflow (the edits, the problems shown once saving was asked, the save) is machines/mask-editor's,
 * run by `useMaskEditor.ts`.
 */
import { Alert, Button, Card, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaskListItem } from '../../../contract/masks.ts';
import { MaskSettingsFields, type MaskSettings } from './MaskSettingsFields.tsx';
import { PreviewTable } from './PreviewTable.tsx';
import { SampleDropZone } from './SampleDropZone.tsx';
import { SampleViewer } from './SampleViewer.tsx';
import type { OrgNode } from './maskRows.ts';
import type { SampleFile } from './samples.ts';
import { useMaskEditor } from './useMaskEditor.ts';
import { useMaskPreview } from './useMaskPreview.ts';
import type { Zone } from './zoneGeometry.ts';

export interface MaskEditorProps {
  readonly docType: string;
  readonly docTypeLabel: string;
  readonly orgs: readonly OrgNode[];
  readonly masks: readonly MaskListItem[];
  readonly initial: MaskSettings & { readonly zone: Zone | null; readonly samples: readonly SampleFile[] };
}

export const MaskEditor = ({ docType, orgs, masks, initial }: MaskEditorProps) => {
  const { t } = useTranslation();
  const { view, send } = useMaskEditor({
    docType,
    settings: {
      orgId: initial.orgId,
      maskName: initial.maskName,
      identifier: initial.identifier,
      grouping: initial.grouping,
    },
    zone: initial.zone,
    samples: initial.samples,
  });
  const { settings, samples, zone, saving } = view;
  // Which sample page is on screen: what is shown, not the workflow (the machine's).
  const [shown, setShown] = useState({ sample: 0, page: 1 });
  const preview = useMaskPreview({ identifier: settings.identifier, zone, orgId: settings.orgId, samples });

  const replaced = masks.find((m) => m.orgId === settings.orgId && m.docType === docType);

  const onSamples = (next: SampleFile[]) => {
    send({ type: 'samples.change', samples: next });
    if (shown.sample >= next.length) setShown({ sample: 0, page: 1 });
  };
  const show = useCallback((sample: number, page: number) => setShown({ sample, page }), []);
  const showFromPreview = useCallback((sample: number, page: number) => setShown({ sample: sample - 1, page }), []);
  const onZone = useCallback((next: Zone) => send({ type: 'zone.change', zone: next }), [send]);
  const onPageSize = useCallback(
    (size: { width: number; height: number }) => send({ type: 'page.measured', size }),
    [send],
  );

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(18rem, 24rem) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Stack gap="5">
        <Card.Root>
          <Card.Body>
            <MaskSettingsFields
              value={settings}
              onChange={(patch) => send({ type: 'settings.change', patch })}
              orgs={orgs}
              disabled={!view.editable}
              nameError={view.nameError}
            />
          </Card.Body>
        </Card.Root>
        <Stack gap="2">
          <Heading as="h2" size="md">
            {t('masks.editor.samples')}
          </Heading>
          <SampleDropZone samples={samples} onChange={onSamples} disabled={!view.editable} />
        </Stack>
      </Stack>
      <Stack gap="5" minW="0">
        {samples.length > 0 ? (
          <SampleViewer
            samples={samples}
            sample={shown.sample}
            page={shown.page}
            onShow={show}
            zone={zone}
            onZone={onZone}
            onPageSize={onPageSize}
          />
        ) : (
          <Text color="fg.muted">{t('masks.editor.needSample')}</Text>
        )}
        <Stack gap="2">
          <Heading as="h2" size="md">
            {t('masks.preview.title')}
          </Heading>
          {preview.error ? <Text color="fg.error">{t(preview.error)}</Text> : null}
          {preview.pages.length > 0 ? (
            <PreviewTable pages={preview.pages} sampleNames={samples.map((s) => s.name)} onShow={showFromPreview} />
          ) : (
            <Text color="fg.muted">{preview.loading ? t('masks.preview.running') : t('masks.preview.waiting')}</Text>
          )}
        </Stack>
        {replaced && replaced.orgId !== initial.orgId ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{t('masks.editor.replaces', { name: replaced.maskName })}</Alert.Title>
          </Alert.Root>
        ) : null}
        {view.problem ? (
          <Text role="alert" color="fg.error">
            {t(view.problem)}
          </Text>
        ) : null}
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={() => send({ type: 'mask.cancel' })} disabled={!view.canCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button
            colorPalette="brand"
            loading={saving}
            disabled={!view.canSave}
            onClick={() => send({ type: 'mask.save' })}
          >
            {t('masks.editor.save')}
          </Button>
        </HStack>
      </Stack>
    </Grid>
  );
};
