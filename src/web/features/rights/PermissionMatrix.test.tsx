// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Feature } from '../../../contract/features.ts';
import { RIGHT_COLUMNS, RIGHT_FAMILIES, RIGHTS_MATRIX } from '../../../contract/rights.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { PermissionMatrix } from './PermissionMatrix.tsx';

const FAMILY_FR = {
  documents: 'Documents',
  employees: 'Salariés',
  campaigns: 'Campagnes',
  signbooks: 'Parapheurs',
  organisations: 'Organisations',
  users: 'Utilisateurs et droits',
} as const;
const COLUMN_FR = { createEdit: 'créer / modifier', list: 'lister', others: 'autres' } as const;

/** A viewport at or below the seed's 600 px breakpoint, or a wide one. */
const viewport = (narrow: boolean) => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: narrow && query.includes('max-width'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
};

const Harness = ({ initial, onChange }: { initial: Feature[]; onChange?: (f: Feature[]) => void }) => {
  const [features, setFeatures] = useState<Feature[]>(initial);
  return (
    <PermissionMatrix
      label="Droits de l'utilisateur"
      features={features}
      onChange={(next) => {
        setFeatures(next);
        onChange?.(next);
      }}
    />
  );
};

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('permission matrix', () => {
  for (const narrow of [false, true]) {
    it(`has a checkbox exactly where the contract names a flag (${narrow ? '600 px' : '1280 px'})`, () => {
      viewport(narrow);
      renderWithProviders(<Harness initial={[]} />);
      const expected = RIGHT_FAMILIES.flatMap((family) => [
        `${FAMILY_FR[family]} : tout`,
        ...RIGHT_COLUMNS.filter((c) => RIGHTS_MATRIX[family][c]).map((c) => `${FAMILY_FR[family]} : ${COLUMN_FR[c]}`),
      ]);
      const names = screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'));
      expect(names.sort()).toEqual(expected.sort());
      expect(screen.queryByRole('checkbox', { name: 'Documents : créer / modifier' })).toBeNull();
      expect(screen.queryByRole('checkbox', { name: 'Utilisateurs et droits : lister' })).toBeNull();
    });
  }

  it('« Tout » ticks the whole row, then clears it; a partly ticked row shows as mixed', () => {
    viewport(false);
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={['EmpList']} onChange={onChange} />);
    expect(box('Campagnes : tout').checked).toBe(false);
    act(() => {
      fireEvent.click(box('Campagnes : tout'));
    });
    expect(onChange).toHaveBeenLastCalledWith(['EmpList', 'DocListDispatch', 'DocCreateDispatch']);
    expect(box('Campagnes : lister').checked).toBe(true);
    expect(box('Campagnes : créer / modifier').checked).toBe(true);
    expect(box('Campagnes : tout').checked).toBe(true);
    act(() => {
      fireEvent.click(box('Campagnes : créer / modifier'));
    });
    expect(box('Campagnes : tout').checked).toBe(false);
    expect(box('Campagnes : tout').indeterminate).toBe(true);
    act(() => {
      fireEvent.click(box('Campagnes : tout'));
    });
    act(() => {
      fireEvent.click(box('Campagnes : tout'));
    });
    expect(onChange).toHaveBeenLastCalledWith(['EmpList']);
    expect(box('Salariés : lister').checked).toBe(true);
  });

  it('is a table at 1280 px and a list of families at 600 px, with the same labels', () => {
    viewport(false);
    renderWithProviders(<Harness initial={['UserAccess']} />);
    const table = screen.getByRole('table', { name: "Droits de l'utilisateur" });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fonctionnalité', 'Tout', 'Créer / modifier', 'Lister', 'Autres']);
    cleanup();
    viewport(true);
    renderWithProviders(<Harness initial={['UserAccess']} />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: "Droits de l'utilisateur" });
    expect(within(list).getAllByRole('listitem')).toHaveLength(RIGHT_FAMILIES.length);
    expect(box('Utilisateurs et droits : autres').checked).toBe(true);
    expect(box('Utilisateurs et droits : tout').checked).toBe(true);
  });
});
