/** One fixture (or more, for guarded variants) per event: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type {
  CreationContext,
  CreationDocType,
  CreationEvent,
  CreationEventType,
  CreationRecipient,
} from './creation.types.ts';

type EventOf<T extends CreationEventType> = Extract<CreationEvent, { type: T }>;
type Fixtures = { readonly [T in CreationEventType]: readonly EventOf<T>[] };

export const PAYSLIP: CreationDocType = { code: 'BULLETIN_PAIE', label: 'Bulletin de paie', hasMask: true };
export const NOTE: CreationDocType = { code: 'NOTE_SERVICE', label: 'Note de service', hasMask: false };
export const ALICE: CreationRecipient = {
  kind: 'employee',
  id: 'emp-alice',
  label: 'Alice Durand',
  email: 'alice@example.fr',
};
export const NOMAIL: CreationRecipient = { kind: 'employee', id: 'emp-nomail', label: 'Paul Sansmail', email: null };
export const TEAM: CreationRecipient = { kind: 'group', id: 'grp-paris', label: 'Équipe Paris', email: null };
export const TEAM_NOMAIL: CreationRecipient = {
  kind: 'group',
  id: 'grp-lyon',
  label: 'Équipe Lyon',
  email: null,
  withoutEmail: ['Paul Sansmail'],
};

export const creationFixtures = {
  'creation.type.select': [
    { type: 'creation.type.select', docType: PAYSLIP },
    { type: 'creation.type.select', docType: NOTE },
  ],
  'creation.document.add': [
    { type: 'creation.document.add', document: { id: 'f1', name: 'paie.pdf', size: 1024 } },
    {
      type: 'creation.document.add',
      document: { id: 'doc-safe-1', name: 'Note du 3 mars', size: 2048, fromSafe: true },
    },
  ],
  'creation.document.reject': [
    { type: 'creation.document.reject', file: { name: 'photo.pdf', key: 'error.upload.not-pdf' } },
  ],
  'creation.document.remove': [{ type: 'creation.document.remove', id: 'f1' }],
  'creation.manual.confirm': [{ type: 'creation.manual.confirm' }],
  'creation.recipient.add': [
    { type: 'creation.recipient.add', recipient: ALICE },
    { type: 'creation.recipient.add', recipient: NOMAIL },
    { type: 'creation.recipient.add', recipient: TEAM },
    { type: 'creation.recipient.add', recipient: TEAM_NOMAIL },
  ],
  'creation.recipient.remove': [{ type: 'creation.recipient.remove', id: 'emp-alice' }],
  'creation.option.set': [{ type: 'creation.option.set', option: 'review', value: false }],
  'creation.name.change': [
    { type: 'creation.name.change', value: 'Paie novembre' },
    { type: 'creation.name.change', value: '' },
  ],
  'creation.docName.change': [{ type: 'creation.docName.change', value: 'Votre bulletin' }],
  'creation.notify.change': [{ type: 'creation.notify.change', userIds: ['user-1'] }],
  'creation.next': [{ type: 'creation.next' }],
  'creation.back': [{ type: 'creation.back' }],
  'creation.send': [{ type: 'creation.send' }],
  'creation.cancel': [{ type: 'creation.cancel' }],
  'api.creation.progressed': [{ type: 'api.creation.progressed', percentage: 100, uploadCompleted: true }],
  'api.creation.succeeded': [{ type: 'api.creation.succeeded', campaign: { id: 'campaign-1' } }],
  'api.creation.failed': [
    { type: 'api.creation.failed', error: { key: 'error.upload.not-pdf', status: 400, errors: ['paie.pdf'] } },
  ],
  'api.creation.canceled': [{ type: 'api.creation.canceled' }],
} satisfies Fixtures;

/** What tells two snapshots apart for the traversal: what the guards read, not every option's value. */
export const serializeCreation = (s: AnyMachineSnapshot): string => {
  const c = s.context as CreationContext;
  return JSON.stringify({
    value: s.value,
    type: c.docType?.code ?? null,
    manual: c.manualConfirmed,
    docs: c.documents.length,
    recipients: c.recipients.map((r) => r.id),
    named: c.name.trim() !== '',
  });
};
