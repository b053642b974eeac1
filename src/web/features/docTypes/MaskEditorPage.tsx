/**
 * The mask editor (`/doc-types/{code}`): reads what it needs, then opens the editor on the mask that
 * applies to the current organisation (its samples reloaded from the server) or on a new one.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { MaskListItem } from '../../../contract/masks.ts';
import { useAuth, useRead } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { MaskEditor } from './MaskEditor.tsx';
import { docTypeRows } from './maskRows.ts';
import { MAX_SAMPLES, type SampleFile } from './samples.ts';
import { useDocTypesData } from './useDocTypesData.ts';

const NO_SAMPLES: SampleFile[] = [];
const AS_BYTES = { bytes: true } as const;

/** One stored sample (`position` 1-based), read when the mask has that many. */
const useStoredSample = (mask: MaskListItem | null | undefined, position: number) =>
  useRead(
    'masks.sample',
    mask && position <= mask.sampleCount ? { params: { id: mask.id, position } } : null,
    AS_BYTES,
  );

/** The stored samples of a mask, as the editor's sample files (null while loading; none when one fails). */
const useStoredSamples = (mask: MaskListItem | null | undefined): SampleFile[] | null => {
  const reads = [];
  // One read per possible sample, always the same number of hooks: a mask holds at most MAX_SAMPLES.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a constant count, so the hooks' order never changes
  for (let position = 1; position <= MAX_SAMPLES; position++) reads.push(useStoredSample(mask, position));
  const wanted = mask ? reads.slice(0, mask.sampleCount) : [];
  const failed = wanted.some((r) => r.failure !== null);
  const done = wanted.every((r) => !r.loading && r.data !== null);
  if (mask === undefined) return null;
  if (!mask || mask.sampleCount === 0 || failed) return NO_SAMPLES;
  // The editor takes its samples once, when it opens: a fresh array per render changes nothing there.
  return done ? wanted.map((r, i) => ({ name: `${mask.maskName} (${i + 1}).pdf`, bytes: r.data as Uint8Array })) : null;
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
