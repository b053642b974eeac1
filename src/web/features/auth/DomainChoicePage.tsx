import { Alert, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DomainId, sortDomains } from '../../../contract/constants.ts';
import { useAuth } from '../../app/index.ts';
import { safeRedirect } from '../../routes/guards.ts';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * Two cards, legacy domain first, each naming its organisations. After login the choice is the
 * auth machine's child (machines/domain-choice): the page sends `auth.domain.choose`, which auth
 * forwards to it, and shows what auth follows of it (switching, refusal). A user already in a domain
 * who opens this page changes domain the dashboard's way (the same event, from a session).
 * « Retour à la connexion » abandons the choice (`auth.domain.back`): the session ends, login again.
 */
export const DomainChoicePage = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const search: { redirect?: string } = useSearch({ strict: false });
  // Which card was pressed (its button spins while a session already in a domain changes domain).
  const [pressed, setPressed] = useState<DomainId | null>(null);

  const domains = sortDomains(auth.domains.length ? auth.domains : (auth.session?.domains ?? []));
  const switching = auth.domainSwitching ?? (auth.isChangingDomain ? pressed : null);
  const entered = pressed !== null && auth.isLoggedIn && !auth.isChangingDomain && !auth.domainError;

  useEffect(() => {
    if (entered) void navigate({ href: safeRedirect(search.redirect) ?? '/dashboard' });
  }, [entered, navigate, search.redirect]);

  const choose = (domain: DomainId) => {
    setPressed(domain);
    auth.chooseDomain(domain);
  };

  return (
    <PublicLayout title={t('auth.domainChoice.title')} subtitle={t('auth.domainChoice.intro')}>
      <Stack gap="4">
        {auth.domainError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t(auth.domainError.key)}</Alert.Description>
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
                    loading={switching === d.domain}
                    disabled={switching !== null || !auth.can.chooseDomain}
                    aria-label={t('auth.domainChoice.chooseLabel', { name: label })}
                    onClick={() => choose(d.domain)}
                  >
                    {t('auth.domainChoice.choose')}
                  </Button>
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
        {auth.isChoosingDomain ? (
          <Button
            variant="outline"
            alignSelf="flex-start"
            disabled={switching !== null}
            onClick={auth.leaveDomainChoice}
          >
            {t('common.actions.backToLogin')}
          </Button>
        ) : null}
      </Stack>
    </PublicLayout>
  );
};
