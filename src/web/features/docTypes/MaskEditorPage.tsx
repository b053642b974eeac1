/**
 * The mask editor (`/doc-types/{code}`): reads what it needs, then opens the editor on the mask that
 * applies to the current organisation (its samples reloaded from the server) or on a new one.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaskListItem } from '../../../contract/masks.ts';
import { useAuth, useServices } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { MaskEditor } from './MaskEditor.tsx';
import { docTypeRows } from './maskRows.ts';
import type { SampleFile } from './samples.ts';
import { useDocTypesData } from './useDocTypesData.ts';

const NO_SAMPLES: SampleFile[] = [];

/** The stored samples of a mask, as the editor's sample files (null while loading). */
const useStoredSamples = (mask: MaskListItem | null | undefined): SampleFile[] | null => {
  const { api } = useServices();
  const [loaded, setLoaded] = useState<{ for: MaskListItem; samples: SampleFile[] } | null>(null);
  useEffect(() => {
    if (!mask || mask.sampleCount === 0) return;
    const controller = new AbortController();
    const positions = Array.from({ length: mask.sampleCount }, (_, i) => i + 1);
    Promise.all(
      positions.map(async (position) => {
        const blob = await api.call<Blob>('masks.sample', {
          params: { id: mask.id, position },
          signal: controller.signal,
        });
        return { name: `${mask.maskName} (${position}).pdf`, bytes: new Uint8Array(await blob.arrayBuffer()) };
      }),
    )
      .then((samples) => setLoaded({ for: mask, samples }))
      .catch(() => !controller.signal.aborted && setLoaded({ for: mask, samples: [] }));
    return () => controller.abort();
  }, [api, mask]);
  if (mask === undefined) return null;
  if (!mask || mask.sampleCount === 0) return NO_SAMPLES;
  return loaded?.for === mask ? loaded.samples : null;
};

export const MaskEditorPage = () => {
  const { t } = useTranslation();
  const { code } = useParams({ strict: false }) as { code: string };
  const { session } = useAuth();
  const { data, failed } = useDocTypesData();
  const row = useMemo(
    () =>
      data && session
        ? docTypeRows(data.docTypes, data.masks, session.orgId, data.orgs).find((r) => r.code === code)
        : undefined,
    [data, session, code],
  );
  const samples = useStoredSamples(row === undefined ? undefined : row.mask);

  return (
    <Stack gap="4">
      <AppLink to="/doc-types" fontSize="sm">
        {t('masks.editor.back')}
      </AppLink>
      <Heading as="h1" size="xl">
        {row
          ? t(row.mask ? 'masks.editor.titleEdit' : 'masks.editor.titleCreate', { docType: row.label })
          : t('sections.docTypeMask')}
      </Heading>
      {failed || (data && !row) ? <Text>{t('error.not-found')}</Text> : null}
      {data && row && samples && session ? (
        <MaskEditor
          docType={row.code}
          docTypeLabel={row.label}
          orgs={data.orgs}
          masks={data.masks}
          initial={{
            orgId: row.mask?.orgId ?? session.orgId,
            maskName: row.mask?.maskName ?? row.label,
            identifier: row.mask?.identifier ?? 'registrationNumber',
            grouping: row.mask?.grouping ?? 'onePerPage',
            zone: row.mask?.zone ?? null,
            samples,
          }}
        />
      ) : failed || (data && !row) ? null : (
        <DelayedLoader label={t('common.loading')} />
      )}
    </Stack>
  );
};
