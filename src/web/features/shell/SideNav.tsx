import { Badge, Box, Flex, IconButton, Portal, Stack, Text, Tooltip } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/AppLink.tsx';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  DocumentIcon,
  HomeIcon,
  PenIcon,
  SendIcon,
  UsersIcon,
} from '../../components/icons.tsx';
import type { NavGroup, NavIcon, NavLeaf } from './navModel.ts';

const ICONS: Record<NavIcon, () => ReactNode> = {
  home: () => <HomeIcon />,
  documents: () => <DocumentIcon />,
  employees: () => <UsersIcon />,
  campaigns: () => <SendIcon />,
  signbooks: () => <PenIcon />,
};

const linkStyle = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '1.5',
  borderRadius: 'md',
  color: 'fg',
  textDecoration: 'none',
  _hover: { bg: 'brand.subtle', textDecoration: 'none' },
  _currentPage: { bg: 'brand.muted', color: 'brand.fg', fontWeight: 'semibold' },
} as const;

const CountBadge = ({ count }: { count?: number | undefined }) =>
  count === undefined ? null : (
    <Badge ms="auto" colorPalette="brand" variant="subtle" borderRadius="full">
      {count}
    </Badge>
  );

const Leaf = ({ item, depth, onNavigate }: { item: NavLeaf; depth: number; onNavigate?: (() => void) | undefined }) => {
  const { t } = useTranslation();
  return (
    <Box as="li" listStyleType="none">
      <AppLink to={item.to} {...linkStyle} ps={`${3 + depth * 4}`} fontSize="sm" onClick={onNavigate}>
        <Text as="span" truncate>
          {t(item.label)}
        </Text>
        <CountBadge count={item.count} />
      </AppLink>
      {item.children?.length ? (
        <Box as="ul" m="0" p="0">
          {item.children.map((child) => (
            <Leaf key={child.id} item={child} depth={depth + 1} onNavigate={onNavigate} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
};

const MiniEntry = ({ group }: { group: NavGroup }) => {
  const { t } = useTranslation();
  const label = t(group.label);
  return (
    <Tooltip.Root positioning={{ placement: 'right' }} openDelay={200}>
      <Tooltip.Trigger asChild>
        <IconButton asChild variant="ghost" aria-label={label} disabled={Boolean(group.disabledReason)}>
          {group.disabledReason ? (
            <span aria-disabled="true">{ICONS[group.icon]()}</span>
          ) : (
            <Link to={group.to as '/'}>{ICONS[group.icon]()}</Link>
          )}
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{group.disabledReason ? `${label} — ${t(group.disabledReason)}` : label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
};

interface SideNavProps {
  groups: readonly NavGroup[];
  mini?: boolean;
  /** Absent in the modal variant, which has its own close button. */
  onToggleMini?: () => void;
  /** Called after a link is followed (closes the modal variant). */
  onNavigate?: () => void;
}

export const SideNav = ({ groups, mini = false, onToggleMini, onNavigate }: SideNavProps) => {
  const { t } = useTranslation();
  return (
    <Flex as="nav" aria-label={t('shell.nav.label')} direction="column" h="full" minH="0" py="3">
      <Stack
        as="ul"
        m="0"
        p="0"
        px={mini ? '2' : '3'}
        gap={mini ? '1' : '3'}
        flex="1"
        overflowY="auto"
        alignItems={mini ? 'center' : 'stretch'}
      >
        {groups.map((group) =>
          mini ? (
            <Box as="li" key={group.id} listStyleType="none">
              <MiniEntry group={group} />
            </Box>
          ) : group.children.length === 0 ? (
            <Box as="li" key={group.id} listStyleType="none">
              <AppLink to={group.to} {...linkStyle} onClick={onNavigate}>
                {ICONS[group.icon]()}
                <span>{t(group.label)}</span>
              </AppLink>
            </Box>
          ) : (
            <Box as="li" key={group.id} listStyleType="none">
              <Flex
                id={`nav-${group.id}`}
                align="center"
                gap="3"
                px="3"
                py="1"
                fontSize="xs"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wide"
                color="fg.muted"
              >
                {ICONS[group.icon]()}
                <span>{t(group.label)}</span>
              </Flex>
              {group.disabledReason ? (
                <Text px="3" py="1" fontSize="sm" color="fg.muted" aria-describedby={`nav-${group.id}`}>
                  {t(group.disabledReason)}
                </Text>
              ) : (
                <Box as="ul" m="0" p="0" aria-labelledby={`nav-${group.id}`}>
                  {group.children.map((child) => (
                    <Leaf key={child.id} item={child} depth={1} onNavigate={onNavigate} />
                  ))}
                </Box>
              )}
            </Box>
          ),
        )}
      </Stack>
      {onToggleMini ? (
        <Flex px={mini ? '2' : '3'} pt="2" justify={mini ? 'center' : 'flex-end'} borderTopWidth="1px">
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={mini ? t('shell.nav.expand') : t('shell.nav.collapse')}
            onClick={onToggleMini}
          >
            {mini ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </IconButton>
        </Flex>
      ) : null}
    </Flex>
  );
};
