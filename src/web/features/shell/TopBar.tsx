import { Badge, Box, Flex, IconButton, Menu, Popover, Portal, Text } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '../../../contract/constants.ts';
import type { Feature } from '../../../contract/features.ts';
import { useAuth, useNotifications } from '../../app/index.ts';
import { BellIcon, BuildingIcon, MenuIcon, UserIcon } from '../../components/icons.tsx';
import { NotificationsList } from './NotificationsList.tsx';
import { OrgSwitchDrawer } from './OrgSwitchDrawer.tsx';

/** Account menu entries: a path to open, or the organisation drawer; each gated by a feature. */
const MENU: readonly { value: string; label: string; to?: string; feature?: Feature }[] = [
  { value: 'connect-org', label: 'shell.topbar.connectOrg' },
  { value: 'orgs', label: 'shell.topbar.manageOrgs', to: '/organizations', feature: 'OrgList' },
  { value: 'org-create', label: 'shell.topbar.createOrg', to: '/organizations/create', feature: 'OrgCreateUpdate' },
  { value: 'users', label: 'shell.topbar.users', to: '/users', feature: 'UserAccess' },
  { value: 'rules', label: 'shell.topbar.rules', to: '/rules', feature: 'UserAccess' },
  { value: 'user-groups', label: 'shell.topbar.userGroups', to: '/user-groups', feature: 'UserAccess' },
  {
    value: 'templates',
    label: 'shell.topbar.signbookTemplates',
    to: '/signworkflows/templates',
    feature: 'ParaphCreateUpdate',
  },
  {
    value: 'social-signers',
    label: 'shell.topbar.socialSigners',
    to: '/signatories/social',
    feature: 'ParaphCreateUpdate',
  },
  { value: 'profile', label: 'shell.topbar.profile', to: '/profile' },
];

const OrgCard = ({ orgName, baseOrgName }: { orgName: string; baseOrgName: string }) => {
  const { t } = useTranslation();
  return (
    <Flex
      align="center"
      gap="2"
      minW="0"
      px="3"
      py="1"
      borderRadius="md"
      bg="brand.subtle"
      aria-label={t('shell.topbar.currentOrg')}
      role="group"
    >
      <Box color="brand.fg" flexShrink={0}>
        <BuildingIcon />
      </Box>
      <Box minW="0">
        <Text fontWeight="semibold" fontSize="sm" truncate title={orgName}>
          {orgName}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate hideBelow="md">
          {t('shell.topbar.baseOrg', { name: baseOrgName })}
        </Text>
      </Box>
    </Flex>
  );
};

export const TopBar = ({ onOpenNav, isMobile }: { onOpenNav?: (() => void) | undefined; isMobile: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const notifications = useNotifications();
  const [orgDrawerOpen, setOrgDrawerOpen] = useState(false);
  const running = notifications.notifications.filter((n) => n.state === 'running').length;
  const session = auth.session;

  const onSelect = (value: string) => {
    if (value === 'logout') return auth.logout();
    if (value === 'connect-org') return setOrgDrawerOpen(true);
    const entry = MENU.find((m) => m.value === value);
    if (entry?.to) void navigate({ to: entry.to as '/' });
  };

  return (
    <Flex
      as="header"
      align="center"
      gap={{ base: '2', md: '4' }}
      px={{ base: '2', md: '4' }}
      h={isMobile ? `${LAYOUT.headerMobilePx}px` : `${LAYOUT.headerPx}px`}
      flexShrink={0}
      bg="bg.panel"
      borderBottomWidth="1px"
      boxShadow="xs"
    >
      {onOpenNav ? (
        <IconButton variant="ghost" aria-label={t('shell.nav.open')} onClick={onOpenNav}>
          <MenuIcon />
        </IconButton>
      ) : null}
      <Text fontWeight="bold" color="brand.fg" fontSize="lg" whiteSpace="nowrap" hideBelow="sm">
        {t('common.appName')}
      </Text>
      {session ? <OrgCard orgName={session.orgName} baseOrgName={session.baseOrgName} /> : null}
      <Box flex="1" />

      <Popover.Root positioning={{ placement: 'bottom-end' }}>
        <Popover.Trigger asChild>
          <IconButton variant="ghost" aria-label={t('shell.topbar.notifications')} position="relative">
            <BellIcon />
            {running > 0 ? (
              <Badge
                position="absolute"
                top="0"
                insetEnd="0"
                size="xs"
                colorPalette="red"
                variant="solid"
                borderRadius="full"
                aria-hidden="true"
              >
                {running}
              </Badge>
            ) : null}
          </IconButton>
        </Popover.Trigger>
        <Portal>
          <Popover.Positioner>
            <Popover.Content w={`${LAYOUT.notificationsPanelPx}px`} maxW="calc(100vw - 16px)">
              <Popover.Header px="3" py="2" borderBottomWidth="1px">
                <Popover.Title fontWeight="semibold">{t('shell.notifications.title')}</Popover.Title>
              </Popover.Header>
              <Popover.Body p="0">
                <NotificationsList
                  notifications={notifications.notifications}
                  canCancel={notifications.canCancel}
                  canClose={notifications.canClose}
                  canReset={notifications.canReset}
                  onCancel={notifications.cancel}
                  onClose={notifications.remove}
                  onReset={notifications.reset}
                />
              </Popover.Body>
            </Popover.Content>
          </Popover.Positioner>
        </Portal>
      </Popover.Root>

      <Menu.Root onSelect={(details) => onSelect(details.value)} positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <IconButton variant="ghost" aria-label={t('shell.topbar.accountMenu')}>
            <UserIcon />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="60">
              {session ? (
                <Box px="3" py="2" borderBottomWidth="1px" mb="1">
                  <Text fontWeight="semibold" fontSize="sm">
                    {session.fullName}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {session.email ?? session.login}
                  </Text>
                </Box>
              ) : null}
              {MENU.filter((m) => !m.feature || auth.hasFeature(m.feature)).map((m) => (
                <Menu.Item key={m.value} value={m.value}>
                  {t(m.label)}
                </Menu.Item>
              ))}
              <Menu.Separator />
              <Menu.Item value="logout" color="fg.error">
                {t('shell.topbar.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>

      <OrgSwitchDrawer open={orgDrawerOpen} onClose={() => setOrgDrawerOpen(false)} />
    </Flex>
  );
};
