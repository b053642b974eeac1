/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import { CAMILLE, DOC_TYPES, NOMAIL, TEMPLATE } from '../signbook-creation/signbookCreation.fixtures.ts';
import { templateProblems } from './signbookTemplate.model.ts';
import type {
  SignbookTemplateContext,
  SignbookTemplateEvent,
  SignbookTemplateEventType,
  SignbookTemplateInput,
} from './signbookTemplate.types.ts';

/** A stored template read by a session without an organisation: every guard is reachable from it. */
export const PATHS_INPUT: SignbookTemplateInput = { id: TEMPLATE.id, orgId: '' };

type EventOf<T extends SignbookTemplateEventType> = Extract<SignbookTemplateEvent, { type: T }>;
type Fixtures = { readonly [T in SignbookTemplateEventType]: readonly EventOf<T>[] };

export const signbookTemplateFixtures = {
  'template.name.change': [
    { type: 'template.name.change', value: 'Avenant télétravail' },
    { type: 'template.name.change', value: '' },
  ],
  'template.org.change': [{ type: 'template.org.change', orgId: 'org-a' }],
  'template.docType.toggle': [{ type: 'template.docType.toggle', code: 'CONTRAT', checked: true }],
  'template.steps.change': [
    { type: 'template.steps.change', steps: [{ signatoryType: 'user', signatories: [CAMILLE] }] },
    { type: 'template.steps.change', steps: [{ signatoryType: 'employee', signatories: [NOMAIL] }] },
  ],
  'template.save': [{ type: 'template.save' }],
  'template.delete.ask': [{ type: 'template.delete.ask' }],
  'template.delete.cancel': [{ type: 'template.delete.cancel' }],
  'template.delete.confirm': [{ type: 'template.delete.confirm' }],
  'xstate.done.actor.loadTemplate': [
    { type: 'xstate.done.actor.loadTemplate', output: TEMPLATE },
    { type: 'xstate.done.actor.loadTemplate', output: null },
  ],
  'xstate.error.actor.loadTemplate': [
    { type: 'xstate.error.actor.loadTemplate', error: { key: 'error.not-found', status: 404 } },
  ],
  'xstate.done.actor.loadDocTypes': [{ type: 'xstate.done.actor.loadDocTypes', output: DOC_TYPES }],
  'xstate.error.actor.loadDocTypes': [
    { type: 'xstate.error.actor.loadDocTypes', error: { key: 'error.network', status: 0 } },
  ],
  'xstate.done.actor.saveTemplate': [{ type: 'xstate.done.actor.saveTemplate', output: TEMPLATE }],
  'xstate.error.actor.saveTemplate': [
    { type: 'xstate.error.actor.saveTemplate', error: { key: 'error.signbook.signatory-without-email', status: 400 } },
  ],
  'xstate.done.actor.deleteTemplate': [{ type: 'xstate.done.actor.deleteTemplate', output: null }],
  'xstate.error.actor.deleteTemplate': [
    { type: 'xstate.error.actor.deleteTemplate', error: { key: 'error.internal', status: 500 } },
  ],
} satisfies Fixtures;

/** What the guards read: the states, the organisation, what blocks saving. */
export const serializeSignbookTemplate = (s: AnyMachineSnapshot): string => {
  const c = s.context as SignbookTemplateContext;
  return JSON.stringify({ value: s.value, org: c.orgId, problems: templateProblems(c) });
};
