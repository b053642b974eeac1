/**
 * A payroll campaign made through the real creation route for a path: the demo's sample payroll (3
 * pages: two payslips and a page naming nobody) or a PDF of the path's own, read by the real split.
 */
import { expect, type Page } from '@playwright/test';
import { routeUrl } from '../../../src/contract/routes.ts';

type Headers = Record<string, string>;

/** The demo's sample payroll (the server draws it from its demo employees). */
export async function samplePayroll(page: Page, headers: Headers): Promise<Buffer> {
  const answer = await page.request.get(`${routeUrl('campaigns.samplePayroll')}?pages=3`, { headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.body();
}

/** Creates the campaign (automatic recipients, payslips) and returns its id; the split runs on. */
export async function createPayrollCampaign(
  page: Page,
  headers: Headers,
  { name, review, pdf }: { readonly name: string; readonly review: boolean; readonly pdf?: Buffer },
): Promise<string> {
  const created = await page.request.post(routeUrl('campaigns.create'), {
    headers,
    multipart: {
      json: JSON.stringify({
        name,
        docIds: [],
        groupIds: [],
        empIds: [],
        review,
        onRefuse: false,
        onError: false,
        usersToNotify: [],
        docTypeCode: 'BULLETIN_PAIE',
        automaticRecipients: true,
      }),
      files: {
        name: 'bulletins.pdf',
        mimeType: 'application/pdf',
        buffer: pdf ?? (await samplePayroll(page, headers)),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: string }).id;
}
