/**
 * The pages of the source PDF whose identifier matched nobody (issue 15 §2): counted, each with what
 * was read on it, and — before validation — given to an employee found by name or registration
 * number (`campaigns.assignIgnoredPage`), or a link to create the missing employee first. The list,
 * the picker's search and the assignment are machines/ignored-pages, run by `useIgnoredPages`.
 * A long list shows its first pages and a toggle for the others (a display choice, kept here).
 */

/** Pages shown before « Afficher les N autres pages ». */
const FIRST_PAGES = 10;
import { Badge, Box, Button, Flex, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '../../../contract/entities.ts';
import { itemKey } from '../../../../machines/ignored-pages/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { type IgnoredPagesList, useIgnoredPages } from './useIgnoredPages.ts';

const AssignPicker = ({ list: { view, send } }: { list: IgnoredPagesList }) => {
  const { t } = useTranslation();
  // Opened from « Attribuer à un salarié »: the search is what comes next.
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);
  return (
    <Stack gap="2" mt="2">
      <Input
        ref={search}
        size="sm"
        value={view.text}
        onChange={(e) => send({ type: 'ignored.search.edit', text: e.target.value })}
        placeholder={t('campaigns.ignored.search')}
        aria-label={t('campaigns.ignored.search')}
      />
      {view.found.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('campaigns.ignored.noneFound')}
        </Text>
      ) : (
        <List.Root variant="plain" gap="1">
          {view.found.map((e) => (
            <List.Item key={e.id}>
              <Button
                size="xs"
                variant="outline"
                data-assign-employee={e.id}
                loading={view.assigning === e.id}
                disabled={view.assigning !== null}
                onClick={() => send({ type: 'ignored.assign', employeeId: e.id })}
              >
                {t('campaigns.ignored.assignTo', { name: `${e.firstName} ${e.name}` })}
              </Button>
            </List.Item>
          ))}
        </List.Root>
      )}
      <AppLink to="/employees/create" fontSize="sm">
        {t('campaigns.ignored.createEmployee')}
      </AppLink>
    </Stack>
  );
};

interface IgnoredPagesProps {
  campaign: Campaign;
  /** Awaiting validation: the pages can still be given to someone. */
  canAssign: boolean;
  onAssigned: (campaign: Campaign) => void;
}

/** Nothing without ignored pages; a new list (and machine) when the campaign or its count changes. */
/**
 * One box (and machine) per campaign. It outlives the campaign's push that counts one ignored page
 * fewer, which reaches the page before the assignment's own answer: the answer is still heard (its
 * alert said), and the box goes once no page is left and none is being given.
 */
export const IgnoredPages = (props: IgnoredPagesProps) => <IgnoredPagesBox key={props.campaign.id} {...props} />;

const IgnoredPagesBox = ({ campaign, canAssign, onAssigned }: IgnoredPagesProps) => {
  const { t, i18n } = useTranslation();
  const list = useIgnoredPages(campaign, onAssigned);
  const { view, send } = list;
  const [expanded, setExpanded] = useState(false);
  const count = campaign.ignoredPages;
  if (count === 0 && view.assigning === null) return null;
  const hidden = Math.max(0, view.items.length - FIRST_PAGES);
  const shown = expanded ? view.items : view.items.slice(0, FIRST_PAGES);
  return (
    <Box
      as="section"
      aria-labelledby="campaign-ignored"
      borderWidth="1px"
      borderColor="orange.muted"
      rounded="md"
      p="3"
    >
      <Flex gap="2" align="center" wrap="wrap">
        <Heading as="h2" size="md" id="campaign-ignored">
          {t('campaigns.ignored.title', { count })}
        </Heading>
        <Badge colorPalette="orange">{new Intl.NumberFormat(i18n.language).format(count)}</Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t(canAssign ? 'campaigns.ignored.help' : 'campaigns.ignored.helpLate', { count })}
      </Text>
      <List.Root variant="plain" gap="2" id="campaign-ignored-list">
        {shown.map((item) => {
          const key = itemKey(item);
          return (
            <List.Item key={key} display="block" borderTopWidth="1px" pt="2" data-ignored-page={item.page}>
              <Flex gap="3" align="center" wrap="wrap" justify="space-between">
                <Text fontSize="sm">
                  {t('campaigns.ignored.page', { source: item.sourceName, page: item.page })}
                  {' · '}
                  {item.readText
                    ? t('campaigns.ignored.read', { text: item.readText })
                    : t('campaigns.ignored.nothingRead')}
                </Text>
                {canAssign && (
                  <Button size="xs" variant="outline" onClick={() => send({ type: 'ignored.picker.toggle', item })}>
                    {t('campaigns.ignored.assign')}
                  </Button>
                )}
              </Flex>
              {canAssign && view.openKey === key && <AssignPicker list={list} />}
            </List.Item>
          );
        })}
      </List.Root>
      {hidden > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          mt="2"
          aria-expanded={expanded}
          aria-controls="campaign-ignored-list"
          data-ignored-toggle
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? t('campaigns.ignored.showLess') : t('campaigns.ignored.showMore', { count: hidden })}
        </Button>
      ) : null}
    </Box>
  );
};
