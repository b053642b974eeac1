// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DsnImportResult } from '../../../../contract/dsn.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { DsnResultView } from './DsnResultView.tsx';

afterEach(cleanup);

const org = { organizationId: 'o1', organizationName: 'Horizon Services Paris' };
const result: DsnImportResult = {
  encoding: 'latin-1',
  individuals: 6,
  created: [
    { line: 88, name: 'Lefèvre', firstName: 'Noémie', employeeId: 'e1', ...org },
    { line: 300, name: 'Petit', firstName: 'Jules', employeeId: 'e4', ...org, toValidate: true },
  ],
  updated: [{ line: 38, name: 'André', firstName: 'Frédéric', employeeId: 'e2', ...org }],
  deactivated: [{ line: 140, name: 'Roux', firstName: 'Léa', employeeId: 'e3', ...org }],
  rejected: [
    {
      line: 258,
      name: 'Guérin',
      firstName: 'Yann',
      code: 'UNKNOWN_ESTABLISHMENT',
      key: 'dsn.rejected.unknownEstablishment',
      values: { siret: '38291045300028', establishmentLine: '250' },
      reason: 'server text',
    },
    {
      line: 212,
      name: 'Fabre',
      firstName: 'Clara',
      code: 'STORAGE_ERROR',
      key: 'dsn.rejected.notAKeyWeKnow',
      values: {},
      reason: 'Texte du serveur',
    },
  ],
};

describe('DsnResultView', () => {
  it('shows the counts and each list with lines, in French', () => {
    renderWithProviders(<DsnResultView result={result} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Individus lus : 6 — créés : 2 (dont 1 à valider), mis à jour : 1, sortis : 1, rejetés : 2.',
    );
    const created = screen.getByRole('region', { name: /Salariés créés/ });
    expect(created.textContent).toContain('Ligne 88 — Lefèvre Noémie · Horizon Services Paris');
    expect(created.textContent).toContain('Ligne 300 — Petit Jules · Horizon Services Paris · à valider (sans e-mail)');
    const left = screen.getByRole('region', { name: /Salariés sortis/ });
    expect(left.textContent).toContain('Ligne 140 — Roux Léa · Horizon Services Paris');
    const updated = screen.getByRole('region', { name: /Salariés mis à jour/ });
    expect(within(updated).getAllByRole('listitem')).toHaveLength(1);
    const rejected = screen.getByRole('region', { name: /Individus rejetés/ });
    const items = within(rejected)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toBe(
      'Ligne 258 — Guérin Yann · Établissement inconnu : aucune organisation de SIRET 38291045300028 (bloc établissement ligne 250).',
    );
    // A reason the locale files do not know is shown in the server's French.
    expect(items[1]).toBe('Ligne 212 — Fabre Clara · Texte du serveur');
  });

  it('says when a list is empty', () => {
    renderWithProviders(
      <DsnResultView result={{ ...result, created: [], updated: [], deactivated: [], rejected: [] }} />,
    );
    expect(screen.getAllByText('Aucun')).toHaveLength(4);
  });
});
