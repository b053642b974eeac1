/**
 * The live preview call: 300 ms after the zone, the identifier, the organisation or the samples
 * stop changing, `masks.preview` reads the zone on every sample page; a newer change aborts the call.
 */
import { useEffect, useMemo, useState } from 'react';
import type { MaskIdentifier } from '../../../contract/enums.ts';
import type { MaskPreviewAnswer, MaskPreviewPage } from '../../../contract/masks.ts';
import { isApiFailure } from '../../api/failure.ts';
import { useServices } from '../../app/index.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { type SampleFile, maskFormData } from './samples.ts';
import type { Zone } from './zoneGeometry.ts';

export interface PreviewInput {
  readonly identifier: MaskIdentifier;
  readonly zone: Zone | null;
  readonly orgId: string;
  readonly samples: readonly SampleFile[];
}

export interface PreviewState {
  readonly pages: readonly MaskPreviewPage[];
  readonly loading: boolean;
  /** Error key of the last call (e.g. the zone is outside the page). */
  readonly error: string | null;
}

export const PREVIEW_DELAY_MS = 300;

const ready = (i: PreviewInput): boolean => i.zone !== null && i.samples.length > 0 && i.orgId !== '';

export const useMaskPreview = (input: PreviewInput): PreviewState => {
  const { api } = useServices();
  const { identifier: id, zone: z, orgId: org, samples: files } = input;
  // One object per distinct input (the samples array and the zone are state: stable until changed).
  const current = useMemo(() => ({ identifier: id, zone: z, orgId: org, samples: files }), [id, z, org, files]);
  const settled = useDebounced(current, PREVIEW_DELAY_MS);
  const [answer, setAnswer] = useState<{
    for: typeof settled;
    pages: readonly MaskPreviewPage[];
    error: string | null;
  } | null>(null);

  useEffect(() => {
    if (!ready(settled)) return;
    const { zone, samples, identifier, orgId } = settled;
    const controller = new AbortController();
    api
      .call<MaskPreviewAnswer>('masks.preview', {
        formData: maskFormData({ identifier, zone, orgId }, samples),
        signal: controller.signal,
      })
      .then((a) => setAnswer({ for: settled, pages: a.pages, error: null }))
      .catch((f: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ for: settled, pages: [], error: isApiFailure(f) ? f.key : 'error.internal' });
      });
    return () => controller.abort();
  }, [api, settled]);

  if (!ready(current)) return { pages: [], loading: false, error: null };
  // While a newer call runs, the last answer stays on screen (no flicker at each zone change).
  const fresh = answer !== null && answer.for === current;
  return { pages: answer?.pages ?? [], loading: !fresh, error: fresh ? answer.error : null };
};
