/**
 * The live preview read: 300 ms after the zone, the identifier, the organisation or the samples stop
 * changing, `masks.preview` reads the zone on every sample page (`useRead`: its answer from the bus);
 * a newer change supersedes the call on its way.
 */
import { useMemo } from 'react';
import type { MaskIdentifier } from '../../../contract/enums.ts';
import type { MaskPreviewAnswer, MaskPreviewPage } from '../../../contract/masks.ts';
import { useRead, type UseReadQuery } from '../../app/index.ts';
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

const NO_PAGES: readonly MaskPreviewPage[] = [];

const ready = (i: PreviewInput): boolean => i.zone !== null && i.samples.length > 0 && i.orgId !== '';

/** A number per samples array (they are the editor's state: a new array is a change), to tell queries apart. */
const sampleSets = new WeakMap<readonly SampleFile[], number>();
let sampleSetCount = 0;
const sampleSetOf = (samples: readonly SampleFile[]): number => {
  let id = sampleSets.get(samples);
  if (id === undefined) sampleSets.set(samples, (id = ++sampleSetCount));
  return id;
};

/** The preview's call: the samples go as multipart parts, which the read never compares, so `scope` names them. */
const previewQuery = (input: PreviewInput): UseReadQuery | null => {
  if (!ready(input)) return null;
  const { identifier, zone, orgId, samples } = input;
  return {
    formData: maskFormData({ identifier, zone, orgId }, samples),
    scope: JSON.stringify([identifier, zone, orgId, sampleSetOf(samples)]),
  };
};

export const useMaskPreview = (input: PreviewInput): PreviewState => {
  const { identifier: id, zone: z, orgId: org, samples: files } = input;
  // One object per distinct input (the samples array and the zone are state: stable until changed).
  const current = useMemo(() => ({ identifier: id, zone: z, orgId: org, samples: files }), [id, z, org, files]);
  const settled = useDebounced(current, PREVIEW_DELAY_MS);
  const query = useMemo(() => previewQuery(settled), [settled]);
  const read = useRead('masks.preview', query);
  const answer = read.data as MaskPreviewAnswer | null;

  if (!ready(current)) return { pages: NO_PAGES, loading: false, error: null };
  // While a newer call runs (or the input settles), the last answer stays on screen (no flicker at each zone change).
  const fresh = settled === current && !read.loading;
  return {
    pages: answer?.pages ?? NO_PAGES,
    loading: !fresh,
    error: fresh && read.failure ? read.failure.key : null,
  };
};
