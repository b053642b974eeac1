import { Alert, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortDomains } from '../../../contract/constants.ts';
import { ALERT_KEYS } from '../../../contract/keys.ts';
import { useAuth } from '../../app/index.ts';
import { safeRedirect } from '../../routes/guards.ts';
import { PublicLayout } from './PublicLayout.tsx';

/** Two cards, legacy domain first, each naming its organisations; choosing switches domain through the auth machine. */
export const DomainChoicePage = () => {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const search: { redirect?: string } = useSearch({ strict: false });
  const [chosen, setChosen] = useState(false);

  useEffect(() => {
    if (chosen && auth.isLoggedIn) void navigate({ href: safeRedirect(search.redirect) ?? '/dashboard' });
  }, [auth.isLoggedIn, chosen, navigate, search.redirect]);

  const domains = sortDomains(auth.domains.length ? auth.domains : (auth.session?.domains ?? []));
  const switching = auth.status === 'switchingDomain';

  return (
    <PublicLayout title={t('auth.domainChoice.title')} subtitle={t('auth.domainChoice.intro')}>
      <Stack gap="4">
        {auth.domainError && chosen ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t(ALERT_KEYS.login.domainFailure)}</Alert.Description>
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
                    loading={switching && chosen}
                    disabled={switching || !auth.can.chooseDomain}
                    aria-label={t('auth.domainChoice.chooseLabel', { name: label })}
                    onClick={() => {
                      setChosen(true);
                      auth.chooseDomain(d.domain);
                    }}
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
