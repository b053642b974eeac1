import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LAYOUT } from '../../../contract/constants.ts';
import { useAlerts, useAuth, useBadges } from '../../app/index.ts';
import { DataTableUserContext } from '../../components/DataTable/index.ts';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { useSigningSession } from '../signbooks/useSignClient.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { RemindersBar } from './RemindersBar.tsx';
import { buildNav } from './navModel.ts';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';

const MINI_KEY = 'app.nav.mini';
const readMini = () => {
  try {
    return localStorage.getItem(MINI_KEY) === '1';
  } catch {
    return false;
  }
};

/** The authenticated layout: top bar, side navigation (mini variant; modal at ≤ 600px), breadcrumbs, page. */
export const AppShell = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const badges = useBadges();
  // The alert stack floats over the bottom of the page: room below the content lets every button
  // scroll clear of it instead of hiding behind a standing alert.
  const alertCount = useAlerts().alerts.length;
  const isMobile = useIsMobile();
  const [mini, setMini] = useState(readMini);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { menuHidden: signingMenuHidden } = useSigningSession();
  const groups = useMemo(
    () => buildNav({ features: auth.features, badges, hasEmail: Boolean(auth.session?.email), signingMenuHidden }),
    [auth.features, auth.session?.email, badges, signingMenuHidden],
  );
  const toggleMini = () =>
    setMini((m) => {
      try {
        localStorage.setItem(MINI_KEY, m ? '0' : '1');
      } catch {
        // preference only
      }
      return !m;
    });

  return (
    <Flex direction="column" h="100dvh" overflow="hidden">
      <Box
        asChild
        position="absolute"
        insetStart="2"
        top="-12"
        zIndex="skipNav"
        bg="bg.panel"
        px="3"
        py="2"
        borderRadius="md"
        boxShadow="md"
        _focus={{ top: '2' }}
      >
        <a href="#main">{t('shell.skipToContent')}</a>
      </Box>
      <TopBar isMobile={isMobile} onOpenNav={isMobile ? () => setDrawerOpen(true) : undefined} />
      <Flex flex="1" minH="0">
        {isMobile ? (
          <Drawer.Root open={drawerOpen} onOpenChange={(e) => setDrawerOpen(e.open)} placement="start">
            <Portal>
              <Drawer.Backdrop />
              <Drawer.Positioner>
                <Drawer.Content maxW={`${LAYOUT.drawerPx}px`} aria-label={t('shell.nav.label')}>
                  <Drawer.CloseTrigger asChild>
                    <CloseButton size="sm" aria-label={t('shell.nav.close')} />
                  </Drawer.CloseTrigger>
                  <Drawer.Body p="0" pt="8">
                    <SideNav groups={groups} onNavigate={() => setDrawerOpen(false)} />
                  </Drawer.Body>
                </Drawer.Content>
              </Drawer.Positioner>
            </Portal>
          </Drawer.Root>
        ) : (
          <Box
            as="aside"
            w={`${mini ? LAYOUT.drawerMiniPx : LAYOUT.drawerPx}px`}
            flexShrink={0}
            bg="bg.panel"
            borderEndWidth="1px"
            transition="width 0.15s ease"
          >
            <SideNav groups={groups} mini={mini} onToggleMini={toggleMini} />
          </Box>
        )}
        <Box
          as="main"
          id="main"
          flex="1"
          minW="0"
          overflowY="auto"
          px={{ base: '3', md: '6' }}
          pt="4"
          pb={alertCount > 0 ? `calc(${alertCount} * 4.5rem + 1.5rem)` : '4'}
        >
          <Box mb="4">
            <Breadcrumbs />
          </Box>
          <RemindersBar />
          {/* Tables save their column choices per user. */}
          <DataTableUserContext.Provider value={auth.session?.userId ?? null}>
            <Outlet />
          </DataTableUserContext.Provider>
        </Box>
      </Flex>
    </Flex>
  );
};
