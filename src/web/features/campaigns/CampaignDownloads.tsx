/**
 * Downloads of the campaign page (seed 000 §4 and §2): the treatment report (CSV), the ignored pages,
 * and the documents of the current filter, or the checked ones, merged into `documents.pdf`.
 * A refusal from the server (nothing to merge, no ignored page, too many parts) shows its own key.
 */
import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/entities.ts';
import type { RouteId } from '../../../contract/routes.ts';
import { isApiFailure } from '../../api/index.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { saveBlob } from '../../components/saveBlob.ts';
import type { DocFilter } from './DispatchedDocsTable.tsx';

type Download = 'report' | 'ignoredPages' | 'merged' | 'mergedSelection';

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
  const { api } = useServices();
  const alerts = useAlerts();
  const [busy, setBusy] = useState<Download | null>(null);

  const download = async (which: Download) => {
    const params = { id: campaign.id };
    const [route, options, name]: [RouteId, Parameters<typeof api.call>[1], string] =
      which === 'report'
        ? ['campaigns.report', { params }, reportName(campaign.name)]
        : which === 'ignoredPages'
          ? ['campaigns.ignoredPages', { params }, 'pages-ignorees.pdf']
          : [
              'campaigns.mergeDispatchedDocs',
              {
                params,
                body: which === 'mergedSelection' ? { docIds: selected } : filter === 'ALL' ? {} : { status: [filter] },
              },
              'documents.pdf',
            ];
    setBusy(which);
    try {
      saveBlob(await api.call<Blob>(route, options), name);
    } catch (error) {
      const known = isApiFailure(error) && [400, 404].includes(error.status);
      alerts.push({ message: known ? error.key : 'campaigns.downloads.failure', type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const button = (which: Download, label: string, disabled = false) => (
    <Button
      key={which}
      size="sm"
      variant="outline"
      data-download={which}
      loading={busy === which}
      disabled={busy !== null || disabled}
      onClick={() => void download(which)}
    >
      {label}
    </Button>
  );
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={t('campaigns.downloads.title')}>
      {button('report', t('campaigns.downloads.report'))}
      {button('ignoredPages', t('campaigns.downloads.ignoredPages'))}
      {selected.length > 0
        ? button('mergedSelection', t('campaigns.downloads.mergedSelection', { count: selected.length }))
        : button('merged', t('campaigns.downloads.merged'))}
    </HStack>
  );
};
