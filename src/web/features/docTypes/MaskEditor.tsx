/**
 * The editor itself: settings, samples, the page with the zone drawn by mouse, the live preview,
 * and « Enregistrer le masque » (`masks.create`; alerts `masks.post.success` / `masks.post.error`).
 */
import { Alert, Button, Card, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Mask } from '../../../contract/entities.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import type { MaskListItem } from '../../../contract/masks.ts';
import { VALIDATION_KEYS } from '../../../contract/validation.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { asFailure, failureText } from '../../../../machines/org-form/orgForm.model.ts';
import { MaskSettingsFields, type MaskSettings } from './MaskSettingsFields.tsx';
import { PreviewTable } from './PreviewTable.tsx';
import { SampleDropZone } from './SampleDropZone.tsx';
import { SampleViewer } from './SampleViewer.tsx';
import type { OrgNode } from './maskRows.ts';
import { type SampleFile, maskFormData } from './samples.ts';
import { useMaskPreview } from './useMaskPreview.ts';
import { type Zone, zoneFits } from './zoneGeometry.ts';

export interface MaskEditorProps {
  readonly docType: string;
  readonly docTypeLabel: string;
  readonly orgs: readonly OrgNode[];
  readonly masks: readonly MaskListItem[];
  readonly initial: MaskSettings & { readonly zone: Zone | null; readonly samples: readonly SampleFile[] };
}

export const MaskEditor = ({ docType, orgs, masks, initial }: MaskEditorProps) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [settings, setSettings] = useState<MaskSettings>(initial);
  const [samples, setSamples] = useState<readonly SampleFile[]>(initial.samples);
  const [zone, setZone] = useState<Zone | null>(initial.zone);
  const [shown, setShown] = useState({ sample: 0, page: 1 });
  const [pageSize, setPageSize] = useState<{ width: number; height: number } | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const preview = useMaskPreview({ identifier: settings.identifier, zone, orgId: settings.orgId, samples });

  const replaced = masks.find((m) => m.orgId === settings.orgId && m.docType === docType);
  const zoneOutside = zone !== null && pageSize !== null && !zoneFits(zone, pageSize);
  const nameError = tried && settings.maskName.trim() === '' ? VALIDATION_KEYS.required : null;
  const problem =
    samples.length === 0
      ? 'masks.editor.needSample'
      : zone === null
        ? 'masks.editor.needZone'
        : zoneOutside
          ? ERROR_KEYS.maskZoneOutsidePage
          : null;

  const onSamples = (next: SampleFile[]) => {
    setSamples(next);
    if (shown.sample >= next.length) setShown({ sample: 0, page: 1 });
  };
  const show = useCallback((sample: number, page: number) => setShown({ sample, page }), []);
  const showFromPreview = useCallback((sample: number, page: number) => setShown({ sample: sample - 1, page }), []);

  const save = () => {
    setTried(true);
    if (problem || settings.maskName.trim() === '' || !zone) return;
    setSaving(true);
    const json = { ...settings, maskName: settings.maskName.trim(), docType, zone };
    api
      .call<Mask>('masks.create', { formData: maskFormData(json, samples) })
      .then((mask) => {
        alerts.push({ message: ALERT_KEYS.masks.postSuccess, type: 'success', values: { name: mask.maskName } });
        void navigate({ to: '/doc-types' });
      })
      .catch((f: unknown) => {
        setSaving(false);
        alerts.push({ message: ALERT_KEYS.masks.postError, type: 'error', detail: failureText(asFailure(f), t) });
      });
  };

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(18rem, 24rem) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Stack gap="5">
        <Card.Root>
          <Card.Body>
            <MaskSettingsFields
              value={settings}
              onChange={(patch) => setSettings((s) => ({ ...s, ...patch }))}
              orgs={orgs}
              disabled={saving}
              nameError={nameError}
            />
          </Card.Body>
        </Card.Root>
        <Stack gap="2">
          <Heading as="h2" size="md">
            {t('masks.editor.samples')}
          </Heading>
          <SampleDropZone samples={samples} onChange={onSamples} disabled={saving} />
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
            onZone={setZone}
            onPageSize={setPageSize}
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
        {tried && problem ? (
          <Text role="alert" color="fg.error">
            {t(problem)}
          </Text>
        ) : null}
        <HStack justify="flex-end" gap="3">
          <Button variant="outline" onClick={() => void navigate({ to: '/doc-types' })} disabled={saving}>
            {t('common.actions.cancel')}
          </Button>
          <Button colorPalette="brand" loading={saving} onClick={save}>
            {t('masks.editor.save')}
          </Button>
        </HStack>
      </Stack>
    </Grid>
  );
};
