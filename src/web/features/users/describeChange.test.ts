import { describe, expect, it } from 'vitest';
import type { RightsChange } from '../../../contract/rights.ts';
import { testI18n } from '../../testing/render.tsx';
import { describeChange } from './describeChange.ts';

const t = testI18n.t.bind(testI18n) as (key: string, values?: Record<string, unknown>) => string;
const names = {
  org: (id: string) => ({ 'org-root': 'Groupe Horizon', 'org-paris': 'Horizon Services Paris' })[id],
  group: (id: string) => ({ 'group-1': 'Paie Paris' })[id],
  user: () => undefined,
};
const change = (over: Partial<RightsChange>): RightsChange => ({
  id: 'c1',
  at: '2026-03-12T14:05:00.000Z',
  domain: 'main',
  actor: { id: 'admin-1', name: 'Camille Martin' },
  action: 'updated',
  subject: 'user',
  subjectId: 'user-1',
  subjectName: 'Léa Martin',
  before: null,
  after: null,
  ...over,
});

describe('a change of rights in plain French', () => {
  it('says who changed what, before → after, with names and rights as the matrix names them', () => {
    const described = describeChange(
      t,
      change({
        before: {
          email: null,
          rootOrgId: 'org-root',
          features: ['EmpList'],
          userGroupIds: ['group-1'],
          linkedToMicrosoft: false,
        },
        after: {
          email: 'lea@horizon-demo.fr',
          rootOrgId: 'org-paris',
          features: ['EmpList', 'DocListDispatch'],
          userGroupIds: [],
          linkedToMicrosoft: true,
        },
      }),
      names,
    );
    expect(described).toEqual({
      headline: "Camille Martin a modifié l'utilisateur Léa Martin",
      lines: [
        'E-mail : (vide) → lea@horizon-demo.fr',
        'E-mail lié à un compte Microsoft ou de groupe : non → oui',
        'Organisation racine : Groupe Horizon → Horizon Services Paris',
        'Droits accordés : Campagnes : lister',
        'Retiré des groupes : Paie Paris',
      ],
    });
  });

  it('names deactivation, the password link and a rule without listing fields', () => {
    expect(describeChange(t, change({ action: 'deactivated' }), names).headline).toBe(
      "Camille Martin a désactivé l'utilisateur Léa Martin",
    );
    expect(describeChange(t, change({ action: 'passwordLinkSent' }), names).headline).toBe(
      "Camille Martin a envoyé à l'utilisateur Léa Martin un lien pour choisir son mot de passe",
    );
    expect(
      describeChange(t, change({ subject: 'rule', subjectName: 'Paris', action: 'created', after: {} }), names),
    ).toEqual({ headline: 'Camille Martin a créé la règle « Paris »', lines: [] });
  });
});
