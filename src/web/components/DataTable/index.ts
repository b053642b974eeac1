export { DataTable, type DataTableProps } from './DataTable.tsx';
export { PAGE_SIZES, ListSearch, parseListSearch, listStateToSearch, type ListDefaults } from './listSearch.ts';
export { readStoredSort, storeSort } from './sortStore.ts';
export { useListState, type ListStateControls } from './useListState.ts';
export type { DataTableColumn, ListState, SortDirection, TableSort } from './types.ts';
export { DataTableUserContext } from './columnPrefs.ts';
