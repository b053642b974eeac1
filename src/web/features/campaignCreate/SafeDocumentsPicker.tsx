/**
 * Documents already in the safe, offered to a campaign (issue 12 point 7, seed 001 §7.2 `docIds`):
 * those of the campaign's document type the user sees, newest first, narrowed by a search. Each one
 * added travels by its id; no bytes are sent again. « Afficher plus » appends the older ones (machines/read,
 * `read.more`); a document deposited meanwhile (its push, or pushes missed on a reconnection) reads the list again.
 */
import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { merge } from 'rxjs';
import type { DocumentSearchBody } from '../../../contract/documents.ts';
import { useRead } from '../../app/useRead.ts';
import { missedPushes } from '../../bus/index.ts';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { employeeNameOf, formatDateTime } from '../documents/labels.tsx';
import type { CampaignCreation } from './useCampaignCreation.ts';
import { MoreButton } from '../../components/MoreButton.tsx';

const SHOWN = 8;

export const SafeDocumentsPicker = ({ creation }: { creation: CampaignCreation }) => {
  const { t, i18n } = useTranslation();
  const { view, send } = creation;
  const typeCode = view.docType?.code ?? '';
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const body: DocumentSearchBody = {
    typeCodes: [typeCode],
    ...(search ? { search } : {}),
    limit: SHOWN,
    order: { field: 'depositedAt', sens: 'desc' },
  };
  const read = useRead('documents.list', typeCode ? { body, paging: 'offset' } : null, {
    staleOn: (bus) => merge(bus.ofType('push.documents.deposited'), missedPushes(bus)),
  });
  // The current search's documents: none while it loads (« Chargement… »).
  const current = read.loading ? null : { page: read.data, error: read.failure?.key ?? null };
  const added = new Set(view.documents.filter((d) => d.fromSafe).map((d) => d.id));

  if (!typeCode) return null;
  return (
    <Stack as="section" gap="2" aria-labelledby="safe-documents" borderWidth="1px" rounded="md" p="3" minW="0">
      <Text as="h3" id="safe-documents" fontWeight="semibold">
        {t('campaignCreate.documents.safe.title', { type: view.docType?.label ?? '' })}
      </Text>
      <SearchField label={t('campaignCreate.documents.safe.search')} value={text} onChange={setText} />
      {current?.error ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t(current.error)}
        </Text>
      ) : !current ? (
        <Text color="fg.muted" fontSize="sm">
          {t('common.loading')}
        </Text>
      ) : current.page && current.page.items.length > 0 ? (
        <Box as="ul" m="0" p="0" aria-label={t('campaignCreate.documents.safe.results')} aria-busy={read.loadingMore}>
          {current.page.items.map((d) => (
            <Flex as="li" key={d.id} listStyleType="none" align="center" gap="3" py="1.5" borderBottomWidth="1px">
              <Box flex="1" minW="0">
                <Text truncate>{d.description}</Text>
                <Text fontSize="xs" color="fg.muted" truncate>
                  {[employeeNameOf(d), d.organizationName, formatDateTime(d.depositedAt, i18n.language)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Box>
              <Button
                size="xs"
                variant="outline"
                disabled={added.has(d.id) || !view.canAddDocuments}
                aria-label={t('campaignCreate.documents.safe.addNamed', { name: d.description })}
                onClick={() =>
                  send({
                    type: 'creation.document.add',
                    document: { id: d.id, name: d.description, size: d.size, fromSafe: true },
                  })
                }
              >
                {t(added.has(d.id) ? 'campaignCreate.documents.safe.added' : 'campaignCreate.documents.safe.add')}
              </Button>
            </Flex>
          ))}
        </Box>
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {t('campaignCreate.documents.safe.none')}
        </Text>
      )}
      {current?.page && current.page.items.length > 0 && read.moreFailure ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t(read.moreFailure.key)}
        </Text>
      ) : null}
      {current?.page && current.page.items.length > 0 ? (
        <MoreButton read={read} size="xs">
          {t('campaignCreate.documents.safe.more', { shown: current.page.items.length, count: current.page.count })}
        </MoreButton>
      ) : null}
    </Stack>
  );
};
