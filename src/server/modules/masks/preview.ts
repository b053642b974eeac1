/**
 * The mask editor's live preview (`masks.preview`, an extension): for every page of every sample,
 * what the zone reads, the identifier key found there and the employee it matches among the
 * employees of the chosen organisation and its sub-organisations — the same reading, identification
 * and matching the split job applies, so what the editor shows is what a campaign will do.
 */
import type { MaskPreviewAnswer, MaskPreviewJson, MaskPreviewPage } from '../../../contract/masks.ts';
import { visibleSubtree } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import type { Queryable } from '../../db/db.ts';
import { bakeAnnotations, employeeMatcher, identifyText, loadMupdf, openPdf, zoneTextOf } from '../../pdf/index.ts';
import { assertOrgVisible, assertZoneOnSamples, sampleRequired } from './service.ts';
import type { Sample } from './uploads.ts';

/** The zone's text on every page of a sample (the zone may overhang a page of another size: it is clipped). */
/**
 * A preview checks a zone, not a whole payroll: the first pages of each sample are enough, and reading
 * 60,000 pages held the server for seconds. The event loop gets a turn every few pages.
 */
export const MASK_PREVIEW_PAGES = 100;
const PAGES_PER_TURN = 10;

async function sampleTexts(sample: Sample, zone: MaskPreviewJson['zone']): Promise<string[]> {
  const doc = openPdf(sample.bytes);
  try {
    // As the split: filled form fields are read as the page shows them.
    bakeAnnotations(doc);
    const texts: string[] = [];
    for (let i = 0; i < Math.min(sample.info.pages, MASK_PREVIEW_PAGES); i += 1) {
      if (i > 0 && i % PAGES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      texts.push(zoneTextOf(doc, i, zone));
    }
    return texts;
  } finally {
    doc.destroy();
  }
}

export async function previewMask(
  q: Queryable,
  session: SessionContext,
  json: MaskPreviewJson,
  samples: readonly Sample[],
): Promise<MaskPreviewAnswer> {
  await assertOrgVisible(q, session, json.orgId);
  if (samples.length === 0) throw sampleRequired();
  assertZoneOnSamples(json.zone, samples);
  const orgIds = await visibleSubtree(q, session, json.orgId);
  const match = await employeeMatcher(q, session.domain, orgIds, json.identifier);
  const pages: MaskPreviewPage[] = [];
  await loadMupdf();
  for (const sample of samples) {
    (await sampleTexts(sample, json.zone)).forEach((text, index) => {
      const keys = identifyText(json.identifier, text);
      const found = keys.length > 0 ? match(keys) : null;
      pages.push({
        sample: sample.position,
        page: index + 1,
        text,
        key: found?.key ?? keys[0] ?? null,
        employee: found ? { id: found.employeeId, name: found.name, firstName: found.firstName } : null,
      });
    });
  }
  return { pages, matched: pages.filter((p) => p.employee !== null).length };
}
