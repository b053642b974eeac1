/** How a document's facts read on screen: period, dates, origin and read state. */
import { Badge, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { DocumentSummary } from '../../../contract/documents.ts';

const dayOf = (iso: string) => new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);

export const formatDay = (iso: string | null, locale: string): string =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'short' }).format(dayOf(iso)) : '—';

export const formatDateTime = (iso: string | null, locale: string): string =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso)) : '—';

/** « mars 2026 » for a whole month, else « 01/03/2026 – 15/03/2026 »; « — » without a period. */
export const formatPeriod = (start: string | null, end: string | null, locale: string): string => {
  if (!start && !end) return '—';
  if (start && end) {
    const s = dayOf(start);
    const e = dayOf(end);
    const lastOfMonth = new Date(e.getFullYear(), e.getMonth() + 1, 0).getDate();
    if (
      s.getDate() === 1 &&
      e.getDate() === lastOfMonth &&
      s.getFullYear() === e.getFullYear() &&
      s.getMonth() === e.getMonth()
    )
      return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(s);
    if (start === end) return formatDay(start, locale);
  }
  return `${formatDay(start, locale)} – ${formatDay(end, locale)}`;
};

export const employeeNameOf = (doc: Pick<DocumentSummary, 'employeeName' | 'employeeFirstName'>): string =>
  [doc.employeeName, doc.employeeFirstName].filter(Boolean).join(' ');

export const ReadBadge = ({ doc, t }: { doc: Pick<DocumentSummary, 'readAt'>; t: TFunction }) => (
  <Badge colorPalette={doc.readAt ? 'gray' : 'blue'} data-read={doc.readAt ? 'read' : 'unread'}>
    {t(doc.readAt ? 'documents.read.read' : 'documents.read.unread')}
  </Badge>
);

export const OriginCell = ({ doc, t }: { doc: Pick<DocumentSummary, 'origin'>; t: TFunction }) => (
  <Stack gap="0.5" minW="0" align="flex-start">
    <Badge
      colorPalette={doc.origin.source === 'upload' ? 'purple' : doc.origin.source === 'campaign' ? 'teal' : 'orange'}
    >
      {t(`documents.origin.${doc.origin.source}`)}
    </Badge>
    {doc.origin.name ? (
      <Text fontSize="xs" color="fg.muted" whiteSpace="normal" maxW="9rem" lineClamp={2}>
        {doc.origin.name}
      </Text>
    ) : null}
  </Stack>
);
