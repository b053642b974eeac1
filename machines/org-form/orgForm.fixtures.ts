/** One fixture (or more, for guarded variants) per event and per actor outcome: typed exhaustively. */
import type { AnyMachineSnapshot } from 'xstate';
import type { CompanyInfo, Organization } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { formErrors, sameValues } from './orgForm.model.ts';
import type { OrgFormContext, OrgFormEvent, OrgFormEventType, OrgFormInput } from './orgForm.types.ts';

export const PARENT: Organization = {
  id: 'org-paris',
  name: 'Horizon Services Paris',
  siret: '81245367800011',
  street: '12 avenue de l’Opéra',
  zipCode: '75001',
  city: 'Paris',
  country: 'France',
  parentId: 'org-root',
  reference: 'HSP',
  billingReference: null,
  internalFolderCode: null,
  payeDomainId: null,
  isRoot: false,
  childrenCount: 0,
};

/** The same organisation once payroll manages it: read-only. */
export const PAYROLL_MANAGED: Organization = { ...PARENT, id: 'org-payroll', payeDomainId: 'paye-1' };

export const COMPANY: CompanyInfo = {
  siret: '59240539300014',
  name: 'Robert Conseil SARL',
  street: '64 chemin des Lilas',
  zipCode: '64000',
  city: 'Pau',
  country: 'France',
  nafCode: '70.22Z',
  source: 'directory',
};

/** The paths create (no organisation read): the edit's read is the `loadForm` fixture with an organisation. */
export const PATHS_INPUT: OrgFormInput = { orgId: null };

type EventOf<T extends OrgFormEventType> = Extract<OrgFormEvent, { type: T }>;
type Fixtures = { readonly [T in OrgFormEventType]: readonly EventOf<T>[] };

export const SIRET_TAKEN = {
  key: ERROR_KEYS.orgSiretTaken,
  status: 409,
  errors: ['Une organisation avec ce SIRET existe déjà.'],
};

export const orgFormFixtures = {
  'form.change': [
    { type: 'form.change', field: 'name', value: 'Doublon' },
    { type: 'form.change', field: 'siret', value: PARENT.siret },
    { type: 'form.change', field: 'siret', value: '1234' },
    { type: 'form.change', field: 'city', value: 'Paris' },
  ],
  'form.blur': [{ type: 'form.blur', field: 'name' }],
  'form.lookup': [{ type: 'form.lookup' }],
  'form.submit': [{ type: 'form.submit' }],
  'xstate.done.actor.loadForm': [
    { type: 'xstate.done.actor.loadForm', output: { organization: null, parents: [PARENT] } },
    { type: 'xstate.done.actor.loadForm', output: { organization: PARENT, parents: [] } },
    { type: 'xstate.done.actor.loadForm', output: { organization: PAYROLL_MANAGED, parents: [] } },
  ],
  'xstate.error.actor.loadForm': [
    { type: 'xstate.error.actor.loadForm', error: { key: 'error.not-found', status: 404 } },
  ],
  'xstate.done.actor.lookupCompany': [{ type: 'xstate.done.actor.lookupCompany', output: COMPANY }],
  'xstate.error.actor.lookupCompany': [
    { type: 'xstate.error.actor.lookupCompany', error: { key: 'error.company.not-found', status: 404 } },
  ],
  'xstate.done.actor.saveOrganization': [
    { type: 'xstate.done.actor.saveOrganization', output: { ...PARENT, id: 'org-new', name: 'Doublon' } },
  ],
  'xstate.error.actor.saveOrganization': [{ type: 'xstate.error.actor.saveOrganization', error: SIRET_TAKEN }],
} satisfies Fixtures;

/** What the guards read, summarised: how many rules fail, whether anything changed, what was read. */
export const serializeOrgForm = (s: AnyMachineSnapshot): string => {
  const c = s.context as OrgFormContext;
  return JSON.stringify({
    value: s.value,
    errors: Object.values(formErrors(c.values, c.siretTaken)).filter(Boolean).length,
    siretValid: c.values.siret === PARENT.siret || c.values.siret === COMPANY.siret,
    read: c.organization ? (c.organization.payeDomainId ? 'payroll' : 'organization') : 'none',
    dirty: c.initial !== null && !sameValues(c.values, c.initial),
  });
};
