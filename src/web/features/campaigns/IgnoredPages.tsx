/**
 * The pages of the source PDF whose identifier matched nobody (issue 15 §2): counted, each with what
 * was read on it, and — before validation — given to an employee found by name or registration
 * number (`campaigns.assignIgnoredPage`), or a link to create the missing employee first.
 */
import { Badge, Box, Button, Flex, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IgnoredPageItem, IgnoredPagesAnswer } from '../../../contract/dispatch.ts';
import type { Campaign, EmployeePage } from '../../../contract/entities.ts';
import { useAlerts, useServices } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useDebounced } from '../../components/useDebounced.ts';

const keyOf = (failure: unknown): string =>
  typeof failure === 'object' && failure !== null && 'key' in failure && typeof failure.key === 'string'
    ? failure.key
    : 'error.internal';

const AssignPicker = ({
  campaign,
  item,
  onAssigned,
}: {
  campaign: Campaign;
  item: IgnoredPageItem;
  onAssigned: (campaign: Campaign) => void;
}) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const alerts = useAlerts();
  const [text, setText] = useState(item.readText);
  const search = useDebounced(text.trim());
  const [found, setFound] = useState<EmployeePage['items']>([]);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .call<EmployeePage>('employees.list', {
        body: {
          search: search || undefined,
          limit: 6,
          organizations: [{ organizationId: campaign.organizationId, active: true }],
        },
        signal: controller.signal,
      })
      .then((page) => setFound(page.items))
      .catch(() => !controller.signal.aborted && setFound([]));
    return () => controller.abort();
  }, [api, search, campaign.organizationId]);
  const assign = (employeeId: string) => {
    setBusy(employeeId);
    api
      .call<Campaign>('campaigns.assignIgnoredPage', {
        params: { id: campaign.id },
        body: { sourceId: item.sourceId, page: item.page, employeeId },
      })
      .then((fresh) => {
        alerts.push({ message: 'campaigns.ignored.assigned', type: 'success' });
        onAssigned(fresh);
      })
      .catch((f: unknown) => alerts.push({ message: keyOf(f), type: 'error' }))
      .finally(() => setBusy(null));
  };
  return (
    <Stack gap="2" mt="2">
      <Input
        size="sm"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('campaigns.ignored.search')}
        aria-label={t('campaigns.ignored.search')}
      />
      {found.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('campaigns.ignored.noneFound')}
        </Text>
      ) : (
        <List.Root variant="plain" gap="1">
          {found.map((e) => (
            <List.Item key={e.id}>
              <Button
                size="xs"
                variant="outline"
                data-assign-employee={e.id}
                loading={busy === e.id}
                disabled={busy !== null}
                onClick={() => assign(e.id)}
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

export const IgnoredPages = ({
  campaign,
  canAssign,
  onAssigned,
}: {
  campaign: Campaign;
  /** Awaiting validation: the pages can still be given to someone. */
  canAssign: boolean;
  onAssigned: (campaign: Campaign) => void;
}) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const [items, setItems] = useState<readonly IgnoredPageItem[]>([]);
  const [open, setOpen] = useState<string | null>(null);
  const count = campaign.ignoredPages;
  useEffect(() => {
    if (count === 0) return;
    const controller = new AbortController();
    api
      .call<IgnoredPagesAnswer>('campaigns.ignoredPagesList', {
        params: { id: campaign.id },
        signal: controller.signal,
      })
      .then((answer) => setItems(answer.items))
      .catch(() => !controller.signal.aborted && setItems([]));
    return () => controller.abort();
  }, [api, campaign.id, count]);
  if (count === 0) return null;
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
        <Badge colorPalette="orange">{count}</Badge>
      </Flex>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t(canAssign ? 'campaigns.ignored.help' : 'campaigns.ignored.helpLate', { count })}
      </Text>
      <List.Root variant="plain" gap="2">
        {items.map((item) => {
          const key = `${item.sourceId}:${item.page}`;
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
                  <Button size="xs" variant="outline" onClick={() => setOpen(open === key ? null : key)}>
                    {t('campaigns.ignored.assign')}
                  </Button>
                )}
              </Flex>
              {canAssign && open === key && <AssignPicker campaign={campaign} item={item} onAssigned={onAssigned} />}
            </List.Item>
          );
        })}
      </List.Root>
    </Box>
  );
};
