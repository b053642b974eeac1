/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { OrgDocTypeConf } from '../../src/contract/entities.ts';
import type { SignbookCreated, TemplateView } from '../../src/contract/signbook.ts';
import { draftProblems, type DraftSignatory } from './signbookCreation.model.ts';
import type {
  SignbookCreationContext,
  SignbookCreationEvent,
  SignbookCreationEventType,
  SignbookCreationInput,
} from './signbookCreation.types.ts';

/** The paths start without an organisation (a session without one), so « nothing to read » is reachable. */
export const PATHS_INPUT: SignbookCreationInput = { orgId: '' };

export const CAMILLE: DraftSignatory = {
  key: 'user:user-camille',
  type: 'user',
  userId: 'user-camille',
  name: 'Martin',
  firstName: 'Camille',
  email: 'camille.martin@horizon-demo.fr',
  features: ['ParaphList'],
};
export const NOMAIL: DraftSignatory = {
  key: 'employee:emp-nomail',
  type: 'employee',
  employeeId: 'emp-nomail',
  name: 'Sansmail',
  firstName: 'Paul',
  email: null,
};

export const TEMPLATE: TemplateView = {
  id: 'tpl-avenant',
  name: 'Avenant télétravail',
  stepCount: 1,
  docTypes: ['AVENANT'],
  organizationId: 'org-b',
  steps: [
    {
      signatoryType: 'user',
      signatories: [{ userId: 'user-camille', name: 'Martin', firstName: 'Camille', email: CAMILLE.email }],
    },
  ],
  documents: [],
  creationDate: '2026-11-20T09:00:00.000Z',
};

export const DOC_TYPES: readonly OrgDocTypeConf[] = [
  { code: 'AVENANT', label: 'Avenant', enabled: true, hasMask: false },
  { code: 'CONTRAT', label: 'Contrat', enabled: true, hasMask: false },
  { code: 'ANCIEN', label: 'Ancien type', enabled: false, hasMask: false },
];

export const CREATED: SignbookCreated = {
  signbook: {
    id: 'sb-1',
    name: 'Avenant télétravail',
    templateId: null,
    organizationId: 'org-b',
    sendToPersonalSafe: false,
    complete: false,
    status: 'IN_PROGRESS',
    documents: [{ id: 'doc-1', name: 'avenant.pdf', typeCode: 'AVENANT' }],
    creationDate: '2026-11-27T05:00:00.000Z',
    currentStep: 0,
    steps: [
      {
        index: 0,
        signatories: [
          {
            id: 'sig-1',
            type: 'user',
            employeeId: null,
            userId: 'user-camille',
            name: 'Martin',
            firstname: 'Camille',
            email: CAMILLE.email,
            phone: null,
            state: 'waiting',
            signatureDate: null,
            external: null,
          },
        ],
      },
    ],
    organizationName: 'Horizon Paris',
    docTypeCode: 'AVENANT',
    createdBy: 'user-camille',
    completedAt: null,
    canSign: true,
    waitingForPreviousSteps: false,
    mySignatoryId: 'sig-1',
    refusal: null,
    seal: null,
    pendingCode: null,
  } as unknown as SignbookCreated['signbook'],
  warnings: [{ key: 'error.signbook.no-signing-right', stepIndex: 0, signatoryIndex: 0 }],
};

type EventOf<T extends SignbookCreationEventType> = Extract<SignbookCreationEvent, { type: T }>;
type Fixtures = { readonly [T in SignbookCreationEventType]: readonly EventOf<T>[] };

export const signbookCreationFixtures = {
  'signbook.name.change': [
    { type: 'signbook.name.change', value: 'Avenant télétravail' },
    { type: 'signbook.name.change', value: '' },
  ],
  'signbook.org.change': [{ type: 'signbook.org.change', orgId: 'org-a' }],
  'signbook.template.choose': [
    { type: 'signbook.template.choose', templateId: TEMPLATE.id },
    { type: 'signbook.template.choose', templateId: '' },
  ],
  'signbook.docType.change': [{ type: 'signbook.docType.change', code: 'CONTRAT' }],
  'signbook.document.choose': [
    { type: 'signbook.document.choose', document: { id: 'file-1', name: 'avenant.pdf', size: 48_213 } },
  ],
  'signbook.document.remove': [{ type: 'signbook.document.remove' }],
  'signbook.steps.change': [
    { type: 'signbook.steps.change', steps: [{ signatoryType: 'user', signatories: [CAMILLE] }] },
    { type: 'signbook.steps.change', steps: [{ signatoryType: 'employee', signatories: [NOMAIL] }] },
  ],
  'signbook.toSafe.change': [{ type: 'signbook.toSafe.change', value: true }],
  'signbook.submit': [{ type: 'signbook.submit' }],
  'api.signbook.succeeded': [{ type: 'api.signbook.succeeded', created: CREATED }],
  'api.signbook.failed': [
    { type: 'api.signbook.failed', error: { key: 'error.signbook.signatory-without-email', status: 400 } },
  ],
  'xstate.done.actor.loadTemplates': [{ type: 'xstate.done.actor.loadTemplates', output: [TEMPLATE] }],
  'xstate.error.actor.loadTemplates': [
    { type: 'xstate.error.actor.loadTemplates', error: { key: 'error.network', status: 0 } },
  ],
  'xstate.done.actor.loadDocTypes': [{ type: 'xstate.done.actor.loadDocTypes', output: DOC_TYPES }],
  'xstate.error.actor.loadDocTypes': [
    { type: 'xstate.error.actor.loadDocTypes', error: { key: 'error.network', status: 0 } },
  ],
  'xstate.done.actor.checkDocument': [
    { type: 'xstate.done.actor.checkDocument', output: null },
    { type: 'xstate.done.actor.checkDocument', output: 'error.upload.certified' },
  ],
} satisfies Fixtures;

/** What the guards read, not every value: the states, the organisation, what still blocks sending, templates read. */
export const serializeSignbookCreation = (s: AnyMachineSnapshot): string => {
  const c = s.context as SignbookCreationContext;
  return JSON.stringify({
    value: s.value,
    org: c.orgId,
    templates: c.templates.length,
    problems: draftProblems({ name: c.name, file: c.document, steps: c.steps }),
  });
};
