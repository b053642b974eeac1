/**
 * The dashboard's charts (issue 15 §11), drawn with Recharts. This module is loaded lazily by the
 * dashboard (React.lazy), so the charting library never weighs on the login page. Each chart is a
 * figure: a title, a one-sentence text alternative (the chart itself is `role="img"` labelled by it)
 * and, one click away, the same figures as a data table.
 */
import { Box, Button, Card, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type {
  CampaignOutcomeRow,
  DashboardCharts as Charts,
  DocumentsPerMonth,
  SafesByOrganization,
  SignbookFigures,
} from '../../../contract/dashboard.ts';

/** Distinct, colour-blind-friendly hues (Okabe–Ito), readable on light and dark backgrounds. */
const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#999999'];
const OUTCOME_COLOURS = { distributed: '#009E73', waitingSafe: '#E69F00', inError: '#D55E00', other: '#999999' };
const SAFE_COLOURS = { noSafe: '#D55E00', notActivated: '#E69F00' };
const CHART_HEIGHT = 260;
const TICK = { fontSize: 12 };
/**
 * Category axis labels stay short: a long name keeps its start and its last words around « … » (two
 * campaigns « Bulletins de paie novembre 2026 — Marseille » / « — Lyon » differ by their end only, and
 * both read « Bulletins de paie nov… » when cut at the end); the tooltip and the table give them whole.
 */
export const cut = (v: string, max = 22): string => {
  if (v.length <= max) return v;
  const tail = v.slice(-Math.floor((max - 1) / 2));
  const space = tail.indexOf(' ');
  const end = space >= 0 && space < tail.length - 1 ? tail.slice(space + 1) : tail;
  return `${v.slice(0, max - 1 - end.length).trimEnd()}…${end}`;
};

/**
 * The category axes' tick formatter. Recharts calls it with (value, index): passing `cut` itself made
 * the index the length, so the fourth campaign read « A…e » and the sixth « No…té ».
 */
export const axisLabel = (value: unknown): string => cut(String(value));

interface Column<Row> {
  readonly header: string;
  readonly cell: (row: Row) => ReactNode;
  readonly numeric?: boolean;
}

/** The data table a chart stands for: the screen reader's (and the curious reader's) version. */
function DataTable<Row>({ caption, columns, rows }: { caption: string; columns: Column<Row>[]; rows: Row[] }) {
  return (
    <Box overflowX="auto">
      <Table.Root size="sm" variant="outline">
        <Table.Caption captionSide="top" textAlign="start" srOnly>
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            {columns.map((c) => (
              <Table.ColumnHeader key={c.header} textAlign={c.numeric ? 'end' : 'start'} scope="col">
                {c.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, i) => (
            <Table.Row key={i}>
              {columns.map((c) => (
                <Table.Cell key={c.header} textAlign={c.numeric ? 'end' : 'start'}>
                  {c.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function ChartCard(props: {
  title: string;
  summary: string;
  empty: boolean;
  emptyText: string;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card.Root as="figure" size="sm" aria-labelledby={`${id}-title`} m="0">
      <Card.Header>
        <Heading as="h3" size="sm" id={`${id}-title`}>
          {props.title}
        </Heading>
        <Text as="figcaption" fontSize="sm" color="fg.muted">
          {props.empty ? props.emptyText : props.summary}
        </Text>
      </Card.Header>
      {props.empty ? null : (
        <Card.Body gap="3">
          <Box
            role="img"
            aria-label={props.summary}
            h={`${CHART_HEIGHT}px`}
            minW="0"
            css={{ '& .recharts-cartesian-axis-tick-value, & .recharts-legend-item-text': { fontSize: '12px' } }}
          >
            {props.chart}
          </Box>
          <Button
            size="xs"
            variant="ghost"
            alignSelf="flex-start"
            aria-expanded={showTable}
            aria-controls={`${id}-table`}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? t('dashboard.charts.hideTable') : t('dashboard.charts.showTable')}
          </Button>
          <Box id={`${id}-table`} hidden={!showTable}>
            {props.table}
          </Box>
        </Card.Body>
      )}
    </Card.Root>
  );
}

const useMonthLabel = () => {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    short: (month: string) => format.format(new Date(`${month}-01T00:00:00Z`)),
    long: (month: string) => long.format(new Date(`${month}-01T00:00:00Z`)),
  };
};

function DocumentsChart({ data }: { data: DocumentsPerMonth }) {
  const { t } = useTranslation();
  const month = useMonthLabel();
  const rows = data.months.map((m) => {
    const row: Record<string, string | number> = { month: m };
    for (const type of data.types) row[type.code] = 0;
    for (const c of data.counts) if (c.month === m) row[c.typeCode] = c.count;
    return row;
  });
  const total = data.counts.reduce((sum, c) => sum + c.count, 0);
  const current = data.counts.filter((c) => c.month === data.months.at(-1)).reduce((sum, c) => sum + c.count, 0);
  const busiest = rows.reduce<{ month: string; n: number } | null>((best, r) => {
    const n = data.types.reduce((sum, ty) => sum + Number(r[ty.code] ?? 0), 0);
    return n > 0 && (!best || n > best.n) ? { month: String(r.month), n } : best;
  }, null);
  const summary = t('dashboard.charts.documents.summary', {
    count: total,
    current,
    busiest: busiest ? month.long(busiest.month) : '—',
  });
  const typeColumns: Column<Record<string, string | number>>[] = data.types.map((ty) => ({
    header: ty.label,
    cell: (r) => r[ty.code],
    numeric: true,
  }));
  return (
    <ChartCard
      title={t('dashboard.charts.documents.title')}
      summary={summary}
      empty={total === 0}
      emptyText={t('dashboard.charts.documents.empty')}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tickFormatter={month.short} tick={TICK} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={TICK} />
            <Tooltip labelFormatter={(m) => month.long(String(m))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {data.types.map((ty, i) => (
              <Bar key={ty.code} dataKey={ty.code} name={ty.label} stackId="docs" fill={PALETTE[i % PALETTE.length]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t('dashboard.charts.documents.title')}
          columns={[
            { header: t('dashboard.charts.documents.month'), cell: (r) => month.long(String(r.month)) },
            ...typeColumns,
          ]}
          rows={rows}
        />
      }
    />
  );
}

function CampaignsChart({ data }: { data: readonly CampaignOutcomeRow[] }) {
  const { t } = useTranslation();
  const keys = ['distributed', 'waitingSafe', 'inError', 'other'] as const;
  const label = (k: (typeof keys)[number]) => t(`dashboard.charts.campaigns.${k}`);
  const sum = (k: (typeof keys)[number]) => data.reduce((s, r) => s + r[k], 0);
  const rows = [...data];
  // Each figure is the count of a text the summary nests (`$t(…summaryDistributed, {"count": …})`),
  // so « 1 document distribué » agrees; plain numbers, as they are written into that JSON.
  const summary = t('dashboard.charts.campaigns.summary', {
    count: data.length,
    distributed: sum('distributed'),
    waitingSafe: sum('waitingSafe'),
    inError: sum('inError'),
  });
  return (
    <ChartCard
      title={t('dashboard.charts.campaigns.title', { count: data.length })}
      summary={summary}
      empty={data.length === 0}
      emptyText={t('dashboard.charts.campaigns.empty')}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={rows}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={TICK} />
            <YAxis type="category" dataKey="name" width={170} tick={TICK} tickFormatter={axisLabel} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {keys.map((k) => (
              <Bar key={k} dataKey={k} name={label(k)} stackId="outcome" fill={OUTCOME_COLOURS[k]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t('dashboard.charts.campaigns.title', { count: data.length })}
          columns={[
            { header: t('dashboard.charts.campaigns.name'), cell: (r: CampaignOutcomeRow) => r.name },
            ...keys.map((k) => ({ header: label(k), cell: (r: CampaignOutcomeRow) => r[k], numeric: true })),
            { header: t('dashboard.charts.campaigns.total'), cell: (r: CampaignOutcomeRow) => r.total, numeric: true },
          ]}
          rows={[...data]}
        />
      }
    />
  );
}

function SignbooksChart({ data }: { data: SignbookFigures }) {
  const { t, i18n } = useTranslation();
  const rows = data.byStatus.map((r) => ({ ...r, label: t(`signbooks.status.${r.status}`) }));
  const total = rows.reduce((s, r) => s + r.count, 0);
  const hours = data.averageHoursToComplete;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  // Days rounded as shown (one decimal), so « 1,5 jour » / « 2 days » agree with the number read.
  const average =
    hours === null
      ? t('dashboard.charts.signbooks.noAverage')
      : hours >= 48
        ? t('dashboard.charts.signbooks.averageDays', { count: Math.round((hours / 24) * 10) / 10 })
        : t('dashboard.charts.signbooks.averageHours', { value: number.format(hours) });
  const summary = t('dashboard.charts.signbooks.summary', {
    count: total,
    statuses: rows.map((r) => `${r.label} ${r.count}`).join(', '),
    average,
  });
  return (
    <ChartCard
      title={t('dashboard.charts.signbooks.title')}
      summary={summary}
      empty={total === 0}
      emptyText={t('dashboard.charts.signbooks.empty')}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={TICK} interval={0} />
            <YAxis allowDecimals={false} tick={TICK} />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.charts.signbooks.count')} fill={PALETTE[0]} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t('dashboard.charts.signbooks.title')}
          columns={[
            { header: t('dashboard.charts.signbooks.status'), cell: (r: (typeof rows)[number]) => r.label },
            {
              header: t('dashboard.charts.signbooks.count'),
              cell: (r: (typeof rows)[number]) => r.count,
              numeric: true,
            },
          ]}
          rows={rows}
        />
      }
    />
  );
}

function SafesChart({ data }: { data: readonly SafesByOrganization[] }) {
  const { t } = useTranslation();
  const noSafe = data.reduce((s, r) => s + r.noSafe, 0);
  const notActivated = data.reduce((s, r) => s + r.notActivated, 0);
  const summary = t('dashboard.charts.safes.summary', { count: noSafe, notActivated });
  const label = (k: 'noSafe' | 'notActivated') => t(`dashboard.charts.safes.${k}`);
  return (
    <ChartCard
      title={t('dashboard.charts.safes.title')}
      summary={summary}
      empty={data.length === 0}
      emptyText={t('dashboard.charts.safes.empty')}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={[...data]}
            layout="vertical"
            accessibilityLayer={false}
            margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={TICK} />
            <YAxis type="category" dataKey="name" width={170} tick={TICK} tickFormatter={axisLabel} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {(['noSafe', 'notActivated'] as const).map((k) => (
              <Bar key={k} dataKey={k} name={label(k)} stackId="safes" fill={SAFE_COLOURS[k]} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          caption={t('dashboard.charts.safes.title')}
          columns={[
            { header: t('dashboard.charts.safes.organization'), cell: (r: SafesByOrganization) => r.name },
            { header: label('noSafe'), cell: (r: SafesByOrganization) => r.noSafe, numeric: true },
            { header: label('notActivated'), cell: (r: SafesByOrganization) => r.notActivated, numeric: true },
            { header: t('dashboard.charts.safes.active'), cell: (r: SafesByOrganization) => r.active, numeric: true },
          ]}
          rows={[...data]}
        />
      }
    />
  );
}

/** The four charts the session may see (a `null` chart is left out). */
export function DashboardCharts({ data }: { data: Charts }) {
  const charts = [
    data.documents ? <DocumentsChart key="documents" data={data.documents} /> : null,
    data.campaigns ? <CampaignsChart key="campaigns" data={data.campaigns} /> : null,
    data.signbooks ? <SignbooksChart key="signbooks" data={data.signbooks} /> : null,
    data.safes ? <SafesChart key="safes" data={data.safes} /> : null,
  ].filter((c) => c !== null);
  if (charts.length === 0) return null;
  return (
    <Stack gap="3">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
        {charts}
      </SimpleGrid>
    </Stack>
  );
}

export default DashboardCharts;
