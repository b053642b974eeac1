import { describe, expect, it } from 'vitest';
import {
  type DraftStep,
  draftProblems,
  fromTemplateSteps,
  moveStep,
  refusalOf,
  rightsWarningOf,
  socialSignerProblems,
  toTemplateSteps,
  toUploadSteps,
} from './signatories.ts';

const admin = {
  key: 'user:u1',
  type: 'user',
  userId: 'u1',
  name: 'Martin',
  firstName: 'Camille',
  email: 'camille@horizon.fr',
  features: ['ParaphList'],
} as const;
const emp = {
  key: 'employee:e1',
  type: 'employee',
  employeeId: 'e1',
  name: 'Dupont',
  firstName: 'Léa',
  email: 'lea@x.fr',
} as const;
const social = {
  key: 'user:u2',
  type: 'socialSigner',
  userId: 'u2',
  name: 'CSE',
  firstName: 'Élu',
  email: 'cse@x.fr',
  features: ['ParaphList'],
  authorizedUserIds: ['u1'],
} as const;

describe('signatory rules (seed 000 §5)', () => {
  it('refuses a signatory without (valid) e-mail', () => {
    expect(refusalOf({ email: null })).toBe('error.signbook.signatory-without-email');
    expect(refusalOf({ email: '  ' })).toBe('error.signbook.signatory-without-email');
    expect(refusalOf({ email: 'lea@x.fr' })).toBeNull();
  });

  it('warns about a user without the signing right, or rights the profile cannot read', () => {
    expect(rightsWarningOf(admin, true)).toBeNull();
    expect(rightsWarningOf({ ...admin, features: ['EmpList'] }, true)).toBe('warning.signbook.no-signing-right');
    expect(rightsWarningOf(admin, false)).toBe('warning.signbook.rights-unverifiable');
    expect(rightsWarningOf(emp, false)).toBeNull();
    expect(rightsWarningOf({ ...admin, features: null }, true)).toBeNull();
  });

  it('a social signer needs one of its authorised users before it', () => {
    const ok: DraftStep[] = [
      { signatoryType: 'user', signatories: [admin] },
      { signatoryType: 'socialSigner', signatories: [social] },
    ];
    expect(socialSignerProblems(ok)).toEqual([]);
    expect(socialSignerProblems([...ok].reverse())).toEqual([{ step: 0, index: 0 }]);
  });

  it('lists what blocks sending', () => {
    expect(draftProblems({ name: '', file: null, steps: [{ signatoryType: 'user', signatories: [] }] })).toEqual([
      'signbooks.create.problems.name',
      'signbooks.create.problems.file',
      'signbooks.create.problems.emptyStep',
    ]);
    expect(
      draftProblems({ name: 'Contrat', file: {}, steps: [{ signatoryType: 'user', signatories: [admin] }] }),
    ).toEqual([]);
  });

  it('builds the upload and template steps, and back', () => {
    const steps: DraftStep[] = [
      { signatoryType: 'user', signatories: [admin] },
      { signatoryType: 'employee', signatories: [emp] },
    ];
    expect(toUploadSteps(steps)).toEqual([
      { signatories: [{ type: 'user', userId: 'u1' }] },
      { signatories: [{ type: 'employee', employeeId: 'e1' }] },
    ]);
    const template = toTemplateSteps(steps);
    expect(template[1]).toEqual({
      signatoryType: 'employee',
      signatories: [{ userId: null, employeeId: 'e1', name: 'Dupont', firstName: 'Léa', email: 'lea@x.fr' }],
    });
    expect(fromTemplateSteps(template).map((s) => s.signatories.map((g) => g.key))).toEqual([
      ['user:u1'],
      ['employee:e1'],
    ]);
  });

  it('moves steps within bounds', () => {
    expect(moveStep(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveStep(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
