import { describe, expect, it } from 'vitest';
import type { Organization } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import {
  asFailure,
  emptyValues,
  failureText,
  fieldErrors,
  inputOf,
  sameValues,
  valuesOf,
  withCompany,
} from './orgForm.model.ts';

const org: Organization = {
  id: 'o1',
  name: 'Horizon',
  siret: '81245367800011',
  street: null,
  zipCode: '75008',
  city: 'Paris',
  country: 'France',
  parentId: null,
  reference: 'HZN',
  billingReference: null,
  internalFolderCode: null,
  payeDomainId: null,
  isRoot: true,
  childrenCount: 0,
};
const t = (key: string) => `t:${key}`;

describe('organisation form helpers', () => {
  it('sends blank optional fields as null and keeps the parent choice', () => {
    const input = inputOf({ ...emptyValues('p1'), name: ' A ', siret: ' 12A34567 ', city: 'Monaco', street: '  ' });
    expect(input).toMatchObject({ name: 'A', siret: '12A34567', city: 'Monaco', street: null, parentId: 'p1' });
    expect(inputOf(emptyValues()).parentId).toBeNull();
  });

  it('is unchanged until a value really changes', () => {
    const v = valuesOf(org);
    expect(sameValues(v, { ...v, name: 'Horizon ' })).toBe(true);
    expect(sameValues(v, { ...v, city: 'Lyon' })).toBe(false);
  });

  it('reports the contract rules per field', () => {
    expect(fieldErrors(emptyValues())).toEqual({
      name: 'validation.required',
      siret: 'validation.required',
      city: 'validation.required',
    });
    expect(fieldErrors({ ...valuesOf(org), siret: '81245367800012' })).toEqual({ siret: 'validation.siretChecksum' });
  });

  it('fills name and address from a company, keeping the organisation’s own codes', () => {
    const filled = withCompany(valuesOf(org), {
      siret: '59240539300014',
      name: 'Robert Conseil SARL',
      street: '64 chemin des Lilas',
      zipCode: '64000',
      city: 'Pau',
      country: 'France',
      nafCode: '70.22Z',
      source: 'directory',
    });
    expect(filled).toMatchObject({ name: 'Robert Conseil SARL', city: 'Pau', zipCode: '64000', reference: 'HZN' });
  });

  it('joins the server’s errors by line breaks, else shows the message or the key', () => {
    expect(failureText(asFailure({ status: 400, key: ERROR_KEYS.orgInvalid, errors: ['a', 'b'] }), t)).toBe('a\nb');
    expect(failureText(asFailure({ status: 400, key: ERROR_KEYS.badRequest, errors: ['siret'] }), t)).toBe(
      `t:${ERROR_KEYS.badRequest}`,
    );
    expect(failureText(asFailure({ status: 403, key: 'k', message: 'Non' }), t)).toBe('Non');
    expect(failureText(asFailure(new Error('boom')), t)).toBe(`t:${ERROR_KEYS.internal}`);
  });
});
