import { Box, Button, CloseButton, Drawer, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Organization } from '../../../contract/entities.ts';
import { DelayedLoader } from '../../components/DelayedLoader.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useAuth, useServices } from '../../app/index.ts';
import { LAYOUT } from '../../../contract/constants.ts';

type Paged<T> = { count: number; items: readonly T[] };
const SEARCH_DEBOUNCE_MS = 300;

/**
 * "Connect to another organisation": search the visible organisations by name, SIRET or
 * reference, then switch through the auth machine (which calls `current-org`).
 */
export const OrgSwitchDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { api } = useServices();
  const auth = useAuth();
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<readonly Organization[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const requested = useRef(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      setError(null);
      api
        .call<Paged<Organization> | readonly Organization[]>('organizations.list', {
          body: { search: search.trim() || undefined, limit: 50 },
          signal: controller.signal,
        })
        .then((answer) => setResults(Array.isArray(answer) ? answer : (answer as Paged<Organization>).items))
        .catch((failure: { key?: string }) => {
          if (!controller.signal.aborted) setError(failure.key ?? 'error.internal');
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, open, search]);

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
