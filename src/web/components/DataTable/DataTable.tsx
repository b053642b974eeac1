/**
 * A server-paged, server-sorted table (TanStack Table v9 for the model, Chakra v3 for the markup).
 * The table holds no data of its own: the page, size and sort come in as props (usually from
 * useListState, i.e. the URL) and every change goes back out through the callbacks.
 */
import {
  Box,
  Button,
  chakra,
  HStack,
  IconButton,
  Menu,
  NativeSelect,
  Portal,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import {
  createColumnHelper,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { totalPages } from '../../../contract/constants.ts';
import { useIsMobile } from '../useIsMobile.ts';
import { useHiddenColumns } from './columnPrefs.ts';
import { PAGE_SIZES } from './listSearch.ts';
import type { DataTableColumn, TableSort } from './types.ts';

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, rowPaginationFeature });
const SELECT_COLUMN = '__select';
/** A horizontal scrollbar always shown where the browser draws its own only while scrolling (WebKit, Blink). */
const VISIBLE_SCROLLBAR = {
  '&::-webkit-scrollbar': { height: '10px', width: '10px' },
  '&::-webkit-scrollbar-thumb': { background: 'var(--chakra-colors-border-emphasized)', borderRadius: '5px' },
  '&::-webkit-scrollbar-track': { background: 'var(--chakra-colors-bg-muted)' },
  '&:focus-visible': {
    outline: '2px solid var(--chakra-colors-color-palette-focus-ring, #3182ce)',
    outlineOffset: '2px',
  },
} as const;

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the table (translated). */
  readonly label: string;
  readonly columns: readonly DataTableColumn<T>[];
  /** The current page's rows, as answered by the server. */
  readonly rows: readonly T[];
  readonly rowId: (row: T) => string;
  /** Total rows on the server (the answer's `count`). */
  readonly total: number;
  /** 1-based page number. */
  readonly page: number;
  readonly size: number;
  readonly sort: TableSort;
  readonly onPageChange: (page: number) => void;
  readonly onSizeChange: (size: number) => void;
  readonly onSortChange: (sort: TableSort) => void;
  /** A call is in flight: skeleton rows on the first load, dimmed rows afterwards. */
  readonly loading?: boolean;
  /** Translated text shown when the page is empty. */
  readonly emptyText?: string;
  /** Row ids checked for bulk actions; omit both to hide the checkboxes. */
  readonly selected?: readonly string[];
  readonly onSelectedChange?: (ids: string[]) => void;
  readonly onRowClick?: (row: T) => void;
  readonly pageSizes?: readonly number[];
  /** Translated text replacing « N résultats » (a total the server caps: « plus de 1 000 documents »). */
  readonly totalText?: string;
  /**
   * Names the table for its column chooser: given, the user may hide and show its columns (all but
   * the `essential` ones), and the choice is saved per user and table.
   */
  readonly tableId?: string;
}

/** A cell cut to its column's max width on one line (or `lines`), its whole text in a tooltip. */
const CutCell = ({
  maxWidth,
  lines = 1,
  title,
  children,
}: {
  maxWidth: string;
  lines?: number;
  title?: string;
  children: ReactNode;
}) =>
  lines > 1 ? (
    <Box maxW={maxWidth} lineClamp={lines} whiteSpace="normal" title={title} data-lines={lines}>
      {children}
    </Box>
  ) : (
    <Box maxW={maxWidth} truncate title={title}>
      {children}
    </Box>
  );

/** The column chooser: a menu of checkboxes, one per column the user may hide. */
function ColumnChooser<T>(props: {
  columns: readonly DataTableColumn<T>[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          {t('dataTable.columns.button')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content aria-label={t('dataTable.columns.label')}>
            {props.columns.map((column) => (
              <Menu.CheckboxItem
                key={column.id}
                value={column.id}
                checked={!props.hidden.includes(column.id)}
                onCheckedChange={(checked) =>
                  props.onChange(checked ? props.hidden.filter((id) => id !== column.id) : [...props.hidden, column.id])
                }
              >
                <Menu.ItemIndicator />
                {column.header}
              </Menu.CheckboxItem>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A native checkbox: keyboard, forms and test tools all understand it without adapters. */
const RowCheckbox = (props: {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) => {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.indeterminate === true;
  }, [props.indeterminate]);
  return (
    <chakra.input
      ref={ref}
      type="checkbox"
      w="4"
      h="4"
      cursor="pointer"
      css={{ accentColor: 'var(--chakra-colors-color-palette-solid, currentColor)' }}
      checked={props.checked}
      disabled={props.disabled}
      aria-label={props.label}
      onChange={(e) => props.onChange(e.currentTarget.checked)}
    />
  );
};

const resolve = <V,>(updater: Updater<V>, current: V): V =>
  typeof updater === 'function' ? (updater as (old: V) => V)(current) : updater;

export function DataTable<T extends RowData>(props: DataTableProps<T>): ReactNode {
  const { t } = useTranslation();
  const { rows, rowId, total, page, size, sort, loading = false, selected, onSelectedChange } = props;
  const selectable = selected !== undefined && onSelectedChange !== undefined;
  const pages = totalPages(total, size);
  const isMobile = useIsMobile();
  const defaultsHidden = useMemo(
    () => props.columns.filter((c) => c.hiddenByDefault && c.priority !== 'essential').map((c) => c.id),
    [props.columns],
  );
  const [hidden, setHidden] = useHiddenColumns(props.tableId, defaultsHidden);
  // Narrow screens keep fewer columns: the optional ones leave; essential ones never do.
  const fits = (c: DataTableColumn<T>) => !(isMobile && c.priority === 'optional');
  const choosable = useMemo(
    () => props.columns.filter((c) => c.priority !== 'essential' && !(isMobile && c.priority === 'optional')),
    [props.columns, isMobile],
  );
  const columns = useMemo(
    () =>
      props.columns.filter((c) => c.priority === 'essential' || (fits(c) && !(props.tableId && hidden.includes(c.id)))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fits` reads isMobile only
    [props.columns, props.tableId, hidden, isMobile],
  );

  const columnDefs = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return columns.map((column) =>
      // An accessor (not a display column) so TanStack lets sortable columns sort.
      helper.accessor((): unknown => null, {
        id: column.id,
        header: column.header,
        enableSorting: column.sortable === true,
        cell: (ctx) => {
          const content = column.cell(ctx.row.original);
          if (!column.maxWidth) return content;
          const title = column.text?.(ctx.row.original) ?? (typeof content === 'string' ? content : undefined);
          return (
            <CutCell maxWidth={column.maxWidth} lines={column.lines} title={title || undefined}>
              {content}
            </CutCell>
          );
        },
      }),
    );
  }, [columns]);

  const sorting: SortingState = [{ id: sort.field, desc: sort.dir === 'desc' }];
  const rowSelection: RowSelectionState = Object.fromEntries((selected ?? []).map((id) => [id, true]));

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as T[],
    getRowId: (row) => rowId(row),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    rowCount: total,
    enableRowSelection: selectable,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize: size }, rowSelection },
    onSortingChange: (updater) => {
      const next = resolve(updater, sorting)[0];
      if (next) props.onSortChange({ field: next.id, dir: next.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (updater) => {
      const next = resolve(updater, { pageIndex: page - 1, pageSize: size });
      if (next.pageSize !== size) props.onSizeChange(next.pageSize);
      else if (next.pageIndex !== page - 1) props.onPageChange(next.pageIndex + 1);
    },
    onRowSelectionChange: (updater) => {
      const next = resolve(updater, rowSelection);
      onSelectedChange?.(Object.keys(next).filter((id) => next[id]));
    },
  });

  const headerGroup = table.getHeaderGroups()[0];
  const bodyRows = table.getRowModel().rows;
  const colSpan = columns.length + (selectable ? 1 : 0);
  const allChecked = table.getIsAllPageRowsSelected();
  const someChecked = table.getIsSomePageRowsSelected();

  return (
    <Stack gap="3" minW="0">
      {/*
        The scroll stays inside the table so a narrow screen never scrolls the whole page sideways. Its bar is
        drawn (overlay scrollbars, as on touchpads, hide it until scrolled: columns past the edge looked cut off)
        and the area takes the keyboard focus, so the arrow keys reach every column too.
      */}
      <Table.ScrollArea borderWidth="1px" rounded="md" maxW="100%" tabIndex={0} css={VISIBLE_SCROLLBAR}>
        <Table.Root size="sm" interactive={props.onRowClick !== undefined} aria-label={props.label} aria-busy={loading}>
          <Table.Header>
            <Table.Row>
              {selectable && (
                <Table.ColumnHeader key={SELECT_COLUMN} w="10">
                  <RowCheckbox
                    checked={allChecked}
                    indeterminate={!allChecked && someChecked}
                    disabled={bodyRows.length === 0}
                    onChange={(checked) => table.toggleAllPageRowsSelected(checked)}
                    label={t('dataTable.selectPage')}
                  />
                </Table.ColumnHeader>
              )}
              {headerGroup?.headers.map((header) => {
                const def = columns.find((c) => c.id === header.column.id);
                const sorted = header.column.getIsSorted();
                const canSort = header.column.getCanSort();
                return (
                  <Table.ColumnHeader
                    key={header.id}
                    minW={def?.minWidth}
                    whiteSpace="nowrap"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {canSort ? (
                      <Box
                        as="button"
                        display="inline-flex"
                        gap="1"
                        fontWeight="inherit"
                        cursor="pointer"
                        onClick={() =>
                          props.onSortChange({
                            field: header.column.id,
                            dir: sorted === 'asc' ? 'desc' : 'asc',
                          })
                        }
                      >
                        <table.FlexRender header={header} />
                        <span aria-hidden="true">{sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}</span>
                      </Box>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body opacity={loading && rows.length > 0 ? 0.5 : 1}>
            {loading && rows.length === 0 ? (
              Array.from({ length: Math.min(size, 5) }, (_, i) => (
                <Table.Row key={`skeleton-${i}`}>
                  <Table.Cell colSpan={colSpan}>
                    <Skeleton height="4" />
                  </Table.Cell>
                </Table.Row>
              ))
            ) : bodyRows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={colSpan} textAlign="center" py="6" color="fg.muted">
                  {props.emptyText ?? t('dataTable.empty')}
                </Table.Cell>
              </Table.Row>
            ) : (
              bodyRows.map((row) => (
                <Table.Row
                  key={row.id}
                  data-selected={row.getIsSelected() ? '' : undefined}
                  cursor={props.onRowClick ? 'pointer' : undefined}
                  onClick={props.onRowClick ? () => props.onRowClick?.(row.original) : undefined}
                >
                  {selectable && (
                    <Table.Cell onClick={(e) => e.stopPropagation()}>
                      <RowCheckbox
                        checked={row.getIsSelected()}
                        onChange={(checked) => row.toggleSelected(checked)}
                        label={t('dataTable.selectRow')}
                      />
                    </Table.Cell>
                  )}
                  {row.getAllCells().map((cell) => (
                    <Table.Cell key={cell.id}>
                      <table.FlexRender cell={cell} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontSize="sm" data-testid="table-total">
          {props.totalText ?? t('dataTable.total', { count: total })}
        </Text>
        <HStack gap="2" wrap="wrap">
          {props.tableId && choosable.length > 0 ? (
            <ColumnChooser columns={choosable} hidden={hidden} onChange={setHidden} />
          ) : null}
          <HStack gap="1">
            <Text fontSize="sm" whiteSpace="nowrap">
              {t('dataTable.pageSize')}
            </Text>
            <NativeSelect.Root size="sm" width="20">
              <NativeSelect.Field
                aria-label={t('dataTable.pageSize')}
                value={String(size)}
                onChange={(e) => table.setPageSize(Number(e.currentTarget.value))}
              >
                {(props.pageSizes ?? PAGE_SIZES).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('dataTable.previous')}
            disabled={page <= 1}
            onClick={() => table.previousPage()}
          >
            ‹
          </IconButton>
          <Text fontSize="sm" data-testid="table-page" whiteSpace="nowrap">
            {t('dataTable.pageOf', { page, pages })}
          </Text>
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t('dataTable.next')}
            disabled={page >= pages}
            onClick={() => table.nextPage()}
          >
            ›
          </IconButton>
        </HStack>
      </HStack>
    </Stack>
  );
}
