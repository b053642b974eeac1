import { Alert, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise, waitFor } from 'xstate';
import { domainChoiceMachine } from '../../../../machines/domain-choice/domain-choice.machine.ts';
import { selectDomainChoice } from '../../../../machines/domain-choice/domain-choice.selectors.ts';
import { type DomainId, sortDomains } from '../../../contract/constants.ts';
import { useAuth, useServices } from '../../app/index.ts';
import { safeRedirect } from '../../routes/guards.ts';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * Two cards, legacy domain first, each naming its organisations. The page runs the domain-choice
 * machine (machines/domain-choice); its switch goes through the auth machine, which calls
 * `switch-domain-for-microsoft` for a session opened by Microsoft.
 */
export const DomainChoicePage = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const { actors } = useServices();
  const navigate = useNavigate();
  const search: { redirect?: string } = useSearch({ strict: false });

  const domains = sortDomains(auth.domains.length ? auth.domains : (auth.session?.domains ?? []));
  const machine = useMemo(
    () =>
      domainChoiceMachine.provide({
        actors: {
          switchDomain: fromPromise<void, { domain: DomainId }>(async ({ input }) => {
            actors.auth.send({ type: 'auth.domain.choose', domain: input.domain });
            const settled = await waitFor(
              actors.auth,
              (s) =>
                !s.matches({ session: 'switchingDomain' }) && !s.matches({ session: { loggedIn: 'changingDomain' } }),
            );
            if (settled.context.domainError) throw settled.context.domainError;
          }),
        },
      }),
    [actors.auth],
  );
  const [snapshot, send] = useMachine(machine, { input: { domains: domains.map((d) => d.domain) } });
  const choice = selectDomainChoice(snapshot);

  useEffect(() => {
    if (choice.isEntered && auth.isLoggedIn) void navigate({ href: safeRedirect(search.redirect) ?? '/dashboard' });
  }, [auth.isLoggedIn, choice.isEntered, navigate, search.redirect]);

  return (
    <PublicLayout title={t('auth.domainChoice.title')} subtitle={t('auth.domainChoice.intro')}>
      <Stack gap="4">
        {choice.error ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t(choice.error.key)}</Alert.Description>
          </Alert.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {domains.map((d) => {
            const label = t(`common.domains.${d.domain}`);
            const names = d.orgsInVisu.map((o) => o.name).join(', ') || t('auth.domainChoice.noOrganization');
            return (
              <Card.Root key={d.domain} variant="outline" as="section" aria-label={label}>
                <Card.Body gap="2">
                  <Heading as="h2" size="md">
                    {label}
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    {names}
                  </Text>
                </Card.Body>
                <Card.Footer>
                  <Button
                    colorPalette="brand"
                    w="full"
                    whiteSpace="normal"
                    h="auto"
                    minH="10"
                    py="2"
                    loading={choice.isSwitching && choice.chosen === d.domain}
                    disabled={!choice.canChoose}
                    aria-label={t('auth.domainChoice.chooseLabel', { name: label })}
                    onClick={() => send({ type: 'domain.choose', domain: d.domain })}
                  >
                    {t('auth.domainChoice.choose')}
                  </Button>
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Stack>
    </PublicLayout>
  );
};
