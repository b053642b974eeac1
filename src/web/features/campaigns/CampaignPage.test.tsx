// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Campaign, DispatchedDocument } from '../../../contract/entities.ts';
import { renderDocumentsPage } from '../documents/testing.tsx';
import { CampaignPage } from './CampaignPage.tsx';

let stop = () => undefined as void;
afterEach(() => {
  cleanup();
  stop();
});

const ID = '0195f3a2-0000-7000-8000-0000000000c1';
const CAMPAIGN: Campaign = {
  id: ID,
  name: 'Bulletins novembre',
  docName: 'Bulletin de paie',
  siret: '12345678900011',
  codeSignature: null,
  canRetry: false,
  canDelete: false,
  organizationId: '0195f3a2-0000-7000-8000-0000000000aa',
  status: 'SPLITTING',
  creationDate: '2026-11-26T10:00:00.000Z',
  sendDate: null,
  documentCount: 0,
  mainDocType: 'PAYSLIP',
  recipientsCount: 0,
  review: true,
  automaticRecipients: true,
  onRefuse: false,
  onError: false,
  usersToNotify: [],
  counts: {},
  pagesTotal: 2,
  pagesSplit: 0,
  ignoredPages: 0,
};
const DOC: DispatchedDocument = {
  id: '0195f3a2-0000-7000-8000-0000000000d1',
  campaignId: ID,
  employeeId: '0195f3a2-0000-7000-8000-0000000000e1',
  recipientName: 'Alice Durand',
  status: 'NEEDS_DISPATCHING',
  reason: null,
  failureCause: null,
  documentId: null,
  pages: [1],
  postal: null,
};

describe('campaign page', () => {
  it('reads the documents again when the split ends, though the page opened while it ran', async () => {
    let split = false;
    const page = await renderDocumentsPage(
      CampaignPage,
      `/campaigns/${ID}`,
      {
        'campaigns.get': () => CAMPAIGN,
        'organizations.get': () => ({ name: 'Horizon' }),
        'campaigns.dispatchedDocs': () => (split ? { count: 1, items: [DOC] } : { count: 0, items: [] }),
      },
      ['/campaigns/$campaignId'],
    );
    stop = page.stop;
    await screen.findByText('Aucun document pour ce filtre');

    split = true;
    act(() => {
      page.services.bus.emit({
        type: 'push.campaign.updated',
        payload: { ...CAMPAIGN, status: 'NEEDS_VALIDATION', documentCount: 1, pagesSplit: 2 },
      });
    });
    await screen.findByText('Alice Durand');
    const reads = page.calls.filter((c) => c.routeId === 'campaigns.dispatchedDocs');
    expect(reads).toHaveLength(2);
  });
});
