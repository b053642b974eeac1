/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { OrgDocTypeConf, OrganizationConf } from '../../src/contract/entities.ts';
import { cssError, cssOf } from './orgConf.model.ts';
import type { OrgConfContext, OrgConfEvent, OrgConfEventType, OrgConfInput } from './orgConf.types.ts';

export const CONF: OrganizationConf = {
  distributionMode: 'WITH_VERIFICATION',
  usersToNotify: [],
  subscribeToSignature: false,
  extraOptions: {},
  docTypes: [{ code: 'PAYSLIP', enabled: true }],
  notifiableUsers: [{ id: 'user-1', firstName: 'Camille', lastName: 'Martin', email: 'camille.martin@example.fr' }],
};

export const DOC_TYPES: readonly OrgDocTypeConf[] = [
  { code: 'PAYSLIP', label: 'Bulletin de paie', enabled: true, hasMask: true },
  { code: 'CONTRACT', label: 'Contrat de travail', enabled: false, hasMask: false },
];

export const PATHS_INPUT: OrgConfInput = { orgId: 'org-paris' };

type EventOf<T extends OrgConfEventType> = Extract<OrgConfEvent, { type: T }>;
type Fixtures = { readonly [T in OrgConfEventType]: readonly EventOf<T>[] };

const failure = { key: 'error.internal', status: 500, errors: ['Le service est indisponible.'] };

export const orgConfFixtures = {
  'conf.mode.change': [{ type: 'conf.mode.change', mode: 'WITHOUT_VERIFICATION' }],
  'conf.user.toggle': [{ type: 'conf.user.toggle', userId: 'user-1', on: true }],
  'conf.signature.toggle': [{ type: 'conf.signature.toggle', on: true }],
  'conf.css.change': [
    { type: 'conf.css.change', value: 'http://cdn.example.fr/rh.css' },
    { type: 'conf.css.change', value: 'https://cdn.example.fr/rh.css' },
  ],
  'conf.docType.toggle': [{ type: 'conf.docType.toggle', code: 'CONTRACT', on: true }],
  'conf.save': [{ type: 'conf.save' }],
  'xstate.done.actor.loadConf': [{ type: 'xstate.done.actor.loadConf', output: { conf: CONF, docTypes: DOC_TYPES } }],
  'xstate.error.actor.loadConf': [{ type: 'xstate.error.actor.loadConf', error: failure }],
  'xstate.done.actor.saveConf': [{ type: 'xstate.done.actor.saveConf', output: CONF }],
  'xstate.error.actor.saveConf': [{ type: 'xstate.error.actor.saveConf', error: failure }],
} satisfies Fixtures;

/** What the guard reads: whether the style sheet passes (a toggle adds the user again and again, so choices stay out). */
export const serializeOrgConf = (s: AnyMachineSnapshot): string => {
  const conf = (s.context as OrgConfContext).conf;
  return JSON.stringify({ value: s.value, cssInvalid: conf !== null && cssError(cssOf(conf)) !== null });
};
