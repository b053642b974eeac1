/** What keeps a mask from being saved: the same rules as the server, so the editor says them first. */
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import type { MaskEditorContext, PageSize, Zone } from './maskEditor.types.ts';

export const ZONE_OUTSIDE_PAGE = ERROR_KEYS.maskZoneOutsidePage;

/** A size, and inside the page (half a point of tolerance at the edges). */
export function zoneFits(zone: Zone, page: PageSize): boolean {
  const edge = 0.5;
  return (
    zone.width > 0 &&
    zone.height > 0 &&
    zone.x >= -edge &&
    zone.y >= -edge &&
    zone.x + zone.width <= page.width + edge &&
    zone.y + zone.height <= page.height + edge
  );
}

/** The first problem with the samples or the zone, as a translation key; `null` when none. */
export const maskProblem = (c: Pick<MaskEditorContext, 'samples' | 'zone' | 'pageSize'>): string | null =>
  c.samples.length === 0
    ? 'masks.editor.needSample'
    : c.zone === null
      ? 'masks.editor.needZone'
      : c.pageSize !== null && !zoneFits(c.zone, c.pageSize)
        ? ZONE_OUTSIDE_PAGE
        : null;

export const canBeSaved = (c: MaskEditorContext): boolean =>
  maskProblem(c) === null && c.settings.maskName.trim() !== '';
