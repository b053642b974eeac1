/**
 * Downloads of the campaign page (seed 000 §4 and §2): the treatment report (CSV), the ignored pages,
 * and the documents of the current filter, or the checked ones, merged into `documents.pdf`.
 * A refusal from the server (nothing to merge, no ignored page, too many parts) shows its own key.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/entities.ts';
import type { CommandFailure } from '../../../../machines/command/index.ts';
import { useCommand, type CommandView } from '../../app/index.ts';
import { saveBlob } from '../../components/saveBlob.ts';
import type { DocFilter } from './DispatchedDocsTable.tsx';

type Download = 'report' | 'ignoredPages' | 'merged';

/** The report's name as the server gives it: `rapport-<campaign>.csv`. */
export const reportName = (campaignName: string): string =>
  `rapport-${
    campaignName
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'campagne'
  }.csv`;

export const CampaignDownloads = ({
  campaign,
  filter,
  selected,
}: {
  campaign: Campaign;
  filter: DocFilter;
  selected: readonly string[];
}) => {
  const { t } = useTranslation();
  const params = { id: campaign.id };
  // One command per file: its answer (the file) comes from the bus; a refusal the server explains shows its key.
  const failureAlert = (f: CommandFailure) => ([400, 404].includes(f.status) ? f.key : 'campaigns.downloads.failure');
  const saving = (name: () => string) => ({ failureAlert, onDone: (file: unknown) => saveBlob(file as Blob, name()) });
  const commands: Record<Download, CommandView<unknown>> = {
    report: useCommand(
      'campaigns.report',
      saving(() => reportName(campaign.name)),
    ),
    ignoredPages: useCommand(
      'campaigns.ignoredPages',
      saving(() => 'pages-ignorees.pdf'),
    ),
    merged: useCommand(
      'campaigns.mergeDispatchedDocs',
      saving(() => 'documents.pdf'),
    ),
  };
  const busy = Object.values(commands).some((c) => c.running);
  const download = (which: Download, body?: unknown) =>
    commands[which].submit(body === undefined ? { params } : { params, body });

  const button = (which: Download, label: string, onClick: () => void, mark: string = which) => (
    <Button
      key={mark}
      size="sm"
      variant="outline"
      data-download={mark}
      loading={commands[which].running}
      disabled={busy || !commands[which].canSubmit}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={t('campaigns.downloads.title')}>
      {button('report', t('campaigns.downloads.report'), () => download('report'))}
      {button('ignoredPages', t('campaigns.downloads.ignoredPages'), () => download('ignoredPages'))}
      {selected.length > 0
        ? button(
            'merged',
            t('campaigns.downloads.mergedSelection', { count: selected.length }),
            () => download('merged', { docIds: selected }),
            'mergedSelection',
          )
        : button('merged', t('campaigns.downloads.merged'), () =>
            download('merged', filter === 'ALL' ? {} : { status: [filter] }),
          )}
    </HStack>
  );
};
