/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { DispatchedDocDetail } from '../../src/contract/dispatch.ts';
import type { Campaign } from '../../src/contract/entities.ts';
import { ALERT_KEYS } from '../../src/contract/keys.ts';
import type { DispatchedDocEvent, DispatchedDocEventType, DispatchedDocInput } from './dispatchedDoc.types.ts';

/** A document whose safe could not be written: retried once its campaign is in error. */
export const DISPATCHED_DOC: DispatchedDocDetail = {
  id: '0195f3a2-0000-7000-8000-0000000000d1',
  campaignId: '0195f3a2-0000-7000-8000-0000000000c1',
  employeeId: '0195f3a2-0000-7000-8000-0000000000e1',
  recipientName: 'Alice Durand',
  status: 'CANT_CREATE_DOC_ERROR',
  reason: null,
  failureCause: null,
  documentId: null,
  pages: [3, 4],
  postal: null,
  campaignName: 'Paie mars 2026',
  identifier: '1880203123456',
  sourceName: 'paie-mars-2026.pdf',
  hasFile: true,
  updatedAt: '2026-04-02T09:15:00.000Z',
};

/**
 * A document without a file: a page whose registration number matched nobody, as the demo seeds one
 * in its distributed payroll (no part was cut for it, so no action is offered either).
 */
export const DISPATCHED_DOC_WITHOUT_FILE: DispatchedDocDetail = {
  ...DISPATCHED_DOC,
  employeeId: null,
  recipientName: null,
  status: 'NOT_DISPATCHED',
  reason: 'Matricule 09999 introuvable',
  failureCause: 'NO_EMP_FOUND',
  pages: [5],
  hasFile: false,
};

export const DISPATCHED_DOC_CAMPAIGN: Campaign = {
  id: DISPATCHED_DOC.campaignId,
  name: 'Paie mars 2026',
  docName: 'Bulletin de paie',
  siret: '12345678900011',
  codeSignature: null,
  canRetry: true,
  canDelete: false,
  organizationId: '0195f3a2-0000-7000-8000-0000000000aa',
  status: 'IN_ERROR',
  creationDate: '2026-04-01T10:00:00.000Z',
  sendDate: '2026-04-02T09:00:00.000Z',
  documentCount: 2,
  mainDocType: 'PAYSLIP',
  recipientsCount: 2,
  review: true,
  automaticRecipients: true,
  onRefuse: false,
  onError: false,
  usersToNotify: [],
  counts: {},
  pagesTotal: 4,
  pagesSplit: 4,
  ignoredPages: 0,
};

export const DISPATCHED_DOC_INPUT: DispatchedDocInput = {
  campaignId: DISPATCHED_DOC.campaignId,
  docId: DISPATCHED_DOC.id,
};

type EventOf<T extends DispatchedDocEventType> = Extract<DispatchedDocEvent, { type: T }>;
type Fixtures = { readonly [T in DispatchedDocEventType]: readonly EventOf<T>[] };

export const dispatchedDocFixtures = {
  'doc.action.run': [{ type: 'doc.action.run' }],
  'xstate.done.actor.loadDoc': [
    { type: 'xstate.done.actor.loadDoc', output: DISPATCHED_DOC },
    { type: 'xstate.done.actor.loadDoc', output: DISPATCHED_DOC_WITHOUT_FILE },
  ],
  'xstate.error.actor.loadDoc': [
    { type: 'xstate.error.actor.loadDoc', error: { key: 'error.not-found', status: 404 } },
  ],
  'xstate.done.actor.loadFile': [{ type: 'xstate.done.actor.loadFile', output: new Uint8Array([37, 80, 68, 70]) }],
  // The API client's failure when the connection drops (web/api/client.ts).
  'xstate.error.actor.loadFile': [{ type: 'xstate.error.actor.loadFile', error: { key: 'error.network', status: 0 } }],
  'xstate.done.actor.loadCampaign': [{ type: 'xstate.done.actor.loadCampaign', output: DISPATCHED_DOC_CAMPAIGN }],
  'xstate.error.actor.loadCampaign': [
    { type: 'xstate.error.actor.loadCampaign', error: { key: 'error.not-found', status: 404 } },
  ],
  'xstate.done.actor.runDocAction': [
    {
      type: 'xstate.done.actor.runDocAction',
      output: {
        doc: { ...DISPATCHED_DOC, status: 'DISPATCHED' },
        alert: { message: 'campaigns.docs.done', type: 'success' },
      },
    },
    {
      type: 'xstate.done.actor.runDocAction',
      output: { doc: null, alert: { message: ALERT_KEYS.campaigns.dispatchedDocRetryFailure, type: 'error' } },
    },
  ],
} satisfies Fixtures;
