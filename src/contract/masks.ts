/**
 * Bodies and answers of the mask calls (seed 001 §7.8 `GET mask`, `POST mask`) and of our two
 * extensions (`masks.preview`, `masks.sample`). `Mask`, `MaskZone` and `DocumentType` live in
 * `entities.ts`. Zones are in PDF points, origin at the bottom-left of the page (see MaskZone).
 */
import { Schema as S } from 'effect';
import { MAX_LENGTH as M } from './constants.ts';
import { Mask, MaskZone } from './entities.ts';
import { MASK_IDENTIFIERS, MASK_PAGE_GROUPINGS } from './enums.ts';
import { Filled, Id } from './fields.ts';

const Name = Filled(M.name);

/** Sample PDF parts of `POST mask` and `POST mask/preview` are named `pdf-1`, `pdf-2`… */
export const MASK_SAMPLE_FIELD = /^pdf-(\d+)$/;
/** The json part of `POST mask` and `POST mask/preview`. */
export const MASK_JSON_FIELD = 'json';
/** At most this many sample PDFs per mask. */
export const MASK_SAMPLES_MAX = 10;

/** The `json` part of `POST mask`. */
export const MaskCreateJson = S.Struct({
  maskName: Name,
  orgId: Id,
  docType: Id,
  identifier: S.Literal(...MASK_IDENTIFIERS),
  grouping: S.Literal(...MASK_PAGE_GROUPINGS),
  zone: MaskZone,
});
export type MaskCreateJson = typeof MaskCreateJson.Type;

/** The `json` part of `POST mask/preview`: `orgId` chooses whose employees are matched (its subtree). */
export const MaskPreviewJson = S.Struct({
  identifier: S.Literal(...MASK_IDENTIFIERS),
  zone: MaskZone,
  orgId: Id,
});
export type MaskPreviewJson = typeof MaskPreviewJson.Type;

export const MaskPreviewMatch = S.Struct({ id: Id, name: S.String, firstName: S.String });
export type MaskPreviewMatch = typeof MaskPreviewMatch.Type;

/** One page of one sample: what the zone reads there, the key it found, and whom it matches. */
export const MaskPreviewPage = S.Struct({
  /** 1-based position of the sample (`pdf-N`). */
  sample: S.Number,
  /** 1-based page in that sample. */
  page: S.Number,
  text: S.String,
  key: S.NullOr(S.String),
  employee: S.NullOr(MaskPreviewMatch),
});
export type MaskPreviewPage = typeof MaskPreviewPage.Type;

export const MaskPreviewAnswer = S.Struct({ pages: S.Array(MaskPreviewPage), matched: S.Number });
export type MaskPreviewAnswer = typeof MaskPreviewAnswer.Type;

/** `GET mask`: a mask with what the list shows beside it. */
export const MaskListItem = S.extend(
  Mask,
  S.Struct({ docTypeLabel: S.String, orgName: S.String, sampleCount: S.Number }),
);
export type MaskListItem = typeof MaskListItem.Type;
