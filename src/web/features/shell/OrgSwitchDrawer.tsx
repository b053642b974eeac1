import { Box, Button, CloseButton, Drawer, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useAuth, useRead } from '../../app/index.ts';
import { useDebounced } from '../../components/useDebounced.ts';
import { LAYOUT } from '../../../contract/constants.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Connect to another organisation": search the visible organisations by name, SIRET or
 * reference, then switch through the auth machine (which calls `current-org`).
 */
export const OrgSwitchDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const auth = useAuth();
  const [search, setSearch] = useState('');
  const requested = useRef(false);
  const term = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const read = useRead('organizations.list', open ? { body: { search: term || undefined, limit: 50 } } : null);
  const results = read.data?.items ?? null;
  const loading = read.loading && open;
  const error = read.failure?.key ?? null;
  // Opened again: the organisations are read again (one may have been created meanwhile). The first opening
  // reads through its query (the machine does not take a reload before it).
  const { canReload, reload } = read;
  useEffect(() => {
    if (open && canReload) reload();
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- on opening only

  // Close once the switch we asked for has finished without error.
  useEffect(() => {
    if (!requested.current || auth.isSwitchingOrg) return;
    requested.current = false;
    if (!auth.orgSwitchError) onClose();
  }, [auth.isSwitchingOrg, auth.orgSwitchError, onClose]);

  const switchTo = (orgId: string) => {
    requested.current = true;
    auth.switchOrg(orgId);
  };
  const backToRoot = () => {
    requested.current = true;
    auth.resetOrg();
  };

  return (
    <Drawer.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="end" size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={`${LAYOUT.sideSheetPx}px`}>
            <Drawer.Header>
              <Drawer.Title>{t('shell.orgSwitch.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                {!auth.isOnBaseOrg && auth.session ? (
                  <Button variant="outline" colorPalette="brand" onClick={backToRoot} loading={auth.isSwitchingOrg}>
                    {t('shell.orgSwitch.backToRoot')}
                  </Button>
                ) : null}
                <SearchField label={t('shell.orgSwitch.search')} value={search} onChange={setSearch} />
                {auth.orgSwitchError ? (
                  <Text color="red.fg" role="alert">
                    {t(auth.orgSwitchError.key, { defaultValue: t('alert.organizations.switch.failure') })}
                  </Text>
                ) : null}
                {error ? (
                  <Text color="red.fg" role="alert">
                    {t(error, { defaultValue: t('error.internal') })}
                  </Text>
                ) : null}
                {loading && results === null ? <DelayedLoader label={t('shell.orgSwitch.searching')} /> : null}
                {results !== null && results.length === 0 ? (
                  <Text color="fg.muted">{t('shell.orgSwitch.noResult')}</Text>
                ) : null}
                {results !== null && results.length > 0 ? (
                  <Box as="ul" m="0" p="0" aria-label={t('shell.orgSwitch.results')} aria-busy={loading}>
                    {results.map((org) => {
                      const isCurrent = org.id === auth.session?.orgId;
                      return (
                        <Flex
                          as="li"
                          key={org.id}
                          listStyleType="none"
                          align="center"
                          gap="3"
                          py="2"
                          borderBottomWidth="1px"
                        >
                          <Box flex="1" minW="0">
                            <Text fontWeight="medium" truncate>
                              {org.name}
                            </Text>
                            <Text fontSize="xs" color="fg.muted">
                              {t('shell.orgSwitch.siret', { siret: org.siret })}
                              {org.reference
                                ? ` · ${t('shell.orgSwitch.reference', { reference: org.reference })}`
                                : ''}
                            </Text>
                          </Box>
                          {isCurrent ? (
                            <Text fontSize="xs" color="fg.muted">
                              {t('shell.orgSwitch.current')}
                            </Text>
                          ) : (
                            <Button
                              size="xs"
                              colorPalette="brand"
                              variant="subtle"
                              onClick={() => switchTo(org.id)}
                              disabled={auth.isSwitchingOrg}
                              aria-label={t('shell.orgSwitch.connectTo', { name: org.name })}
                            >
                              {t('shell.orgSwitch.connect')}
                            </Button>
                          )}
                        </Flex>
                      );
                    })}
                  </Box>
                ) : null}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.actions.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
};
