/** The members being edited: a local list, sorted and paged in the browser (it is already all here). */
import { Button } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeGroupMember } from '../../../contract/entities.ts';
import { DataTable, type DataTableColumn, type TableSort } from '../../components/DataTable/index.ts';

const text = (m: EmployeeGroupMember, field: string): string =>
  (field === 'email'
    ? (m.email ?? '')
    : field === 'firstName'
      ? m.firstName
      : `${m.name} ${m.firstName}`
  ).toLowerCase();

export const MembersTable = ({
  members,
  onRemove,
}: {
  members: readonly EmployeeGroupMember[];
  onRemove: (id: string) => void;
}) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const [sort, setSort] = useState<TableSort>({ field: 'name', dir: 'asc' });

  const sorted = useMemo(() => {
    const sign = sort.dir === 'asc' ? 1 : -1;
    return [...members].sort((a, b) => sign * text(a, sort.field).localeCompare(text(b, sort.field), 'fr'));
  }, [members, sort]);
  const pages = Math.max(1, Math.ceil(sorted.length / size));
  const current = Math.min(page, pages);
  const rows = sorted.slice((current - 1) * size, current * size);

  const columns = useMemo<DataTableColumn<EmployeeGroupMember>[]>(
    () => [
      { id: 'name', header: t('groups.members.name'), cell: (m) => m.name, sortable: true },
      { id: 'firstName', header: t('groups.members.firstName'), cell: (m) => m.firstName, sortable: true },
      { id: 'email', header: t('groups.members.email'), cell: (m) => m.email ?? '—', sortable: true },
      {
        id: 'remove',
        header: '',
        cell: (m) => (
          <Button
            size="xs"
            variant="ghost"
            colorPalette="red"
            onClick={() => onRemove(m.id)}
            aria-label={t('groups.members.removeNamed', { name: `${m.name} ${m.firstName}` })}
          >
            {t('groups.members.remove')}
          </Button>
        ),
      },
    ],
    [t, onRemove],
  );

  return (
    <DataTable
      label={t('groups.members.label')}
      columns={columns}
      rows={rows}
      rowId={(m) => m.id}
      total={sorted.length}
      page={current}
      size={size}
      sort={sort}
      emptyText={t('groups.members.empty')}
      onPageChange={setPage}
      onSizeChange={(s) => {
        setSize(s);
        setPage(1);
      }}
      onSortChange={(s) => {
        setSort(s);
        setPage(1);
      }}
    />
  );
};
