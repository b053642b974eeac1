// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render.tsx';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { listStateToSearch, parseListSearch } from './listSearch.ts';
import { readStoredSort, storeSort } from './sortStore.ts';
import type { DataTableColumn } from './types.ts';

interface Person {
  id: string;
  name: string;
}
const columns: DataTableColumn<Person>[] = [
  { id: 'name', header: 'Nom', cell: (p) => p.name, sortable: true },
  { id: 'note', header: 'Note', cell: () => '—' },
];
const rows: Person[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bravo' },
];

const renderTable = (overrides: Partial<DataTableProps<Person>> = {}) => {
  const props: DataTableProps<Person> = {
    label: 'Personnes',
    columns,
    rows,
    rowId: (p) => p.id,
    total: 45,
    page: 1,
    size: 20,
    sort: { field: 'name', dir: 'asc' },
    onPageChange: vi.fn(),
    onSizeChange: vi.fn(),
    onSortChange: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<DataTable {...props} />);
  return props;
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('DataTable', () => {
  it('shows the total and "page x of y" from the server count', () => {
    renderTable();
    expect(screen.getByTestId('table-total').textContent).toBe('45 résultats');
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 sur 3');
    expect(screen.getByRole('button', { name: 'Page précédente' })).toHaveProperty('disabled', true);
  });

  it('asks for the next page, a new size and the other sort direction', () => {
    const props = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(props.onPageChange).toHaveBeenCalledWith(2);
    fireEvent.change(screen.getByRole('combobox', { name: 'Lignes par page' }), { target: { value: '50' } });
    expect(props.onSizeChange).toHaveBeenCalledWith(50);
    fireEvent.click(screen.getByRole('button', { name: /Nom/ }));
    expect(props.onSortChange).toHaveBeenCalledWith({ field: 'name', dir: 'desc' });
    expect(screen.queryByRole('button', { name: /Note/ })).toBeNull();
  });

  it('disables the next page on the last page', () => {
    renderTable({ page: 3 });
    expect(screen.getByRole('button', { name: 'Page suivante' })).toHaveProperty('disabled', true);
  });

  it('checks every row of the page for a bulk action', () => {
    const onSelectedChange = vi.fn();
    renderTable({ selected: [], onSelectedChange });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toute la page' }));
    expect(onSelectedChange).toHaveBeenLastCalledWith(['a', 'b']);
  });

  it('opens a row on click, but not when its checkbox is clicked', () => {
    const onRowClick = vi.fn();
    const onSelectedChange = vi.fn();
    renderTable({ onRowClick, selected: ['a'], onSelectedChange });
    const table = screen.getByRole('table', { name: 'Personnes' });
    fireEvent.click(within(table).getByText('Bravo'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
    fireEvent.click(within(table).getAllByRole('checkbox', { name: 'Sélectionner la ligne' })[1]!);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onSelectedChange).toHaveBeenLastCalledWith(['a', 'b']);
  });

  it('says when the page is empty', () => {
    renderTable({ rows: [], total: 0, emptyText: 'Aucun salarié' });
    expect(screen.getByText('Aucun salarié')).toBeTruthy();
    expect(screen.getByTestId('table-page').textContent).toBe('Page 1 sur 1');
  });
});

describe('list search params', () => {
  const defaults = { sort: { field: 'name', dir: 'asc' as const }, sortable: ['name', 'email'] };

  it('falls back to the defaults on invalid values', () => {
    expect(parseListSearch({ page: -2, size: 'x', sort: 'drop table', dir: 'up' }, defaults, null)).toEqual({
      page: 1,
      size: 20,
      sort: { field: 'name', dir: 'asc' },
      q: '',
    });
  });

  it('prefers the URL sort, then the stored one, then the default', () => {
    storeSort('people', { field: 'email', dir: 'desc' });
    const stored = readStoredSort('people');
    expect(parseListSearch({ sort: 'name', dir: 'desc' }, defaults, stored).sort).toEqual({
      field: 'name',
      dir: 'desc',
    });
    expect(parseListSearch({}, defaults, stored).sort).toEqual({ field: 'email', dir: 'desc' });
    expect(parseListSearch({}, defaults, { field: 'unknown', dir: 'asc' }).sort).toEqual(defaults.sort);
  });

  it('reads numbers the router already parsed and writes back only what differs', () => {
    const state = parseListSearch({ page: 3, size: '50', q: 'dup' }, defaults, null);
    expect(state).toMatchObject({ page: 3, size: 50, q: 'dup' });
    expect(listStateToSearch({ ...state, page: 1, size: 20, q: '' }, defaults)).toEqual({
      page: undefined,
      size: undefined,
      sort: 'name',
      dir: 'asc',
      q: undefined,
    });
  });
});

describe('DataTable columns (issue 15 §6)', () => {
  interface Employee {
    id: string;
    name: string;
    email: string;
    safe: string;
  }
  const people: Employee[] = [{ id: 'e1', name: 'André', email: 'aurelie.andre@exemple-tres-long.fr', safe: 'Activé' }];
  const cols: DataTableColumn<Employee>[] = [
    { id: 'name', header: 'Nom', cell: (e) => e.name, priority: 'essential' },
    { id: 'email', header: 'E-mail', cell: (e) => e.email, maxWidth: '8rem', priority: 'optional' },
    { id: 'safe', header: 'Coffre-fort', cell: (e) => e.safe },
    { id: 'note', header: 'Note', cell: () => '—', hiddenByDefault: true },
  ];
  const renderEmployees = (tableId?: string) =>
    renderWithProviders(
      <DataTable
        label="Salariés"
        columns={cols}
        rows={people}
        rowId={(e) => e.id}
        total={1}
        page={1}
        size={20}
        sort={{ field: 'name', dir: 'asc' }}
        onPageChange={vi.fn()}
        onSizeChange={vi.fn()}
        onSortChange={vi.fn()}
        {...(tableId ? { tableId } : {})}
      />,
    );
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

  it('cuts a long cell to its column width and keeps the whole text as its tooltip', () => {
    renderEmployees('employees');
    const cell = screen.getByText('aurelie.andre@exemple-tres-long.fr');
    expect(cell.getAttribute('title')).toBe('aurelie.andre@exemple-tres-long.fr');
    expect(headers()).toEqual(['Nom', 'E-mail', 'Coffre-fort']);
  });

  it('shows the columns the user chose, saved per user and table, never hiding an essential one', () => {
    // What the column chooser saves (columnPrefs.ts); the chooser itself is driven in the browser test.
    localStorage.setItem('app.columns.anonymous.employees', JSON.stringify(['email', 'name']));
    renderEmployees('employees');
    expect(headers()).toEqual(['Nom', 'Coffre-fort', 'Note']);
    expect(screen.getByRole('button', { name: 'Colonnes' })).toBeTruthy();
    cleanup();
    renderEmployees('campaigns');
    expect(headers()).toEqual(['Nom', 'E-mail', 'Coffre-fort']);
  });

  it('offers no chooser to a table without an id', () => {
    renderEmployees();
    expect(screen.queryByRole('button', { name: 'Colonnes' })).toBeNull();
  });
});
