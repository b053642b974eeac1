import { Alert, Box, Button, Card, Heading, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { remainingDocuments, remainingEmployees, sortDomains, trialDaysLeft } from '../../../contract/constants.ts';
import type { DashboardData } from '../../../contract/entities.ts';
import type { Feature } from '../../../contract/features.ts';
import { useAuth } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { APP_VERSION } from '../../version.ts';
import { NewVersionDialog, WelcomeDialog } from './DashboardDialogs.tsx';
import { dismissWelcome, isWelcomeDismissed, markVersionSeen, shouldShowNewVersion } from './prefs.ts';
import { useDashboardCharts } from './useDashboardCharts.ts';

/** The charting library loads with the charts only, never with the login page or the counts. */
const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

const dashboardRoute = getRouteApi('/app/dashboard');

const QUICK_ACCESS: readonly { key: keyof DashboardData['quickAccess']; to: string; feature: Feature }[] = [
  { key: 'signbooks', to: '/signworkflows/status/in-progress', feature: 'ParaphList' },
  { key: 'campaigns', to: '/campaigns', feature: 'DocListDispatch' },
  { key: 'organizations', to: '/organizations', feature: 'OrgList' },
  { key: 'documents', to: '/documents', feature: 'DocSearch' },
];
const STATISTICS: readonly (keyof DashboardData['statistics'])[] = [
  'documentsToSign',
  'waitingSignbooks',
  'activeEmployees',
  'payslips',
];

const TrialBanner = ({ subscription }: { subscription: DashboardData['subscription'] }) => {
  const { t } = useTranslation();
  const days = subscription.endOfTrialPeriod ? trialDaysLeft(subscription.endOfTrialPeriod) : 0;
  return (
    <Alert.Root status="info" variant="surface" as="section" aria-label={t('dashboard.trial.title')}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('dashboard.trial.title')}</Alert.Title>
        <Alert.Description>
          <Text>{t('dashboard.trial.intro')}</Text>
          <Box as="ul" ps="5" mt="1">
            <li>{t('dashboard.trial.days', { count: days })}</li>
            <li>
              {t('dashboard.trial.documents', {
                count: remainingDocuments(subscription.docLimit, subscription.nbDispatchedDocs),
              })}
            </li>
            <li>
              {t('dashboard.trial.employees', {
                count: remainingEmployees(subscription.empLimit, subscription.nbEmps),
              })}
            </li>
          </Box>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
};

/** The charts of what the session may see, refreshed live (useDashboardCharts). */
const ChartsSection = () => {
  const { t } = useTranslation();
  const { state, reload } = useDashboardCharts();
  if (state.status === 'ready' && Object.values(state.data).every((chart) => chart === null)) return null;
  const loading = (
    <Text color="fg.muted" fontSize="sm">
      {t('dashboard.charts.loading')}
    </Text>
  );
  return (
    <Box as="section" aria-labelledby="dash-charts" aria-busy={state.status === 'loading'}>
      <Heading as="h2" size="md" mb="3" id="dash-charts">
        {t('dashboard.charts.title')}
      </Heading>
      {state.status === 'loading' ? loading : null}
      {state.status === 'error' ? (
        <Alert.Root status="error" variant="surface">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Description>{t('dashboard.charts.loadError')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={reload}>
            {t('dashboard.charts.retry')}
          </Button>
        </Alert.Root>
      ) : null}
      {state.status === 'ready' ? (
        <Suspense fallback={loading}>
          <DashboardCharts data={state.data} />
        </Suspense>
      ) : null}
    </Box>
  );
};

export const DashboardPage = () => {
  const { t } = useTranslation();
  const data = dashboardRoute.useLoaderData();
  const search = dashboardRoute.useSearch();
  const navigate = useNavigate();
  const auth = useAuth();
  const session = auth.session;
  const version = session?.version || APP_VERSION;
  const [welcomeOpen, setWelcomeOpen] = useState(() => search.firstSteps === 1 || !isWelcomeDismissed());
  const [newVersionOpen, setNewVersionOpen] = useState(() => shouldShowNewVersion(version));

  const closeWelcome = () => {
    dismissWelcome();
    setWelcomeOpen(false);
    if (search.firstSteps) void navigate({ to: '/dashboard', search: {}, replace: true });
  };

  const domains = sortDomains(data.domains);
  const quick = QUICK_ACCESS.filter((q) => auth.hasFeature(q.feature));

  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="xl">
          {t('sections.dashboard')}
        </Heading>
        {session ? <Text color="fg.muted">{t('dashboard.greeting', { name: session.fullName })}</Text> : null}
      </Box>

      {session?.isFreeTrial ? <TrialBanner subscription={data.subscription} /> : null}

      {domains.length >= 2 ? (
        <Box as="section" aria-labelledby="dash-domains">
          <Heading as="h2" size="md" mb="3" id="dash-domains">
            {t('dashboard.domains.title')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {domains.map((d) => {
              const label = t(`common.domains.${d.domain}`);
              const current = d.domain === session?.domain;
              return (
                <Card.Root key={d.domain} variant="outline" size="sm">
                  <Card.Body gap="1">
                    <Text fontWeight="semibold">{label}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {d.orgName}
                    </Text>
                    <Text fontSize="sm">{t('dashboard.domains.toCheck', { count: d.campaignsToCheck })}</Text>
                  </Card.Body>
                  <Card.Footer>
                    {current ? (
                      <Text fontSize="sm" color="fg.muted">
                        {t('dashboard.domains.current')}
                      </Text>
                    ) : (
                      <Button
                        size="sm"
                        colorPalette="brand"
                        onClick={() => auth.chooseDomain(d.domain)}
                        disabled={!auth.can.chooseDomain}
                        aria-label={t('dashboard.domains.accessLabel', { name: label })}
                      >
                        {t('dashboard.domains.access')}
                      </Button>
                    )}
                  </Card.Footer>
                </Card.Root>
              );
            })}
          </SimpleGrid>
        </Box>
      ) : null}

      {quick.length > 0 ? (
        <Box as="section" aria-labelledby="dash-quick">
          <Heading as="h2" size="md" mb="3" id="dash-quick">
            {t('dashboard.quickAccess.title')}
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
            {quick.map((q) => (
              <Card.Root key={q.key} size="sm" _hover={{ borderColor: 'brand.emphasized' }}>
                <Card.Body>
                  <AppLink
                    to={q.to}
                    textDecoration="none"
                    aria-label={t('dashboard.quickAccess.open', { label: t(`dashboard.quickAccess.${q.key}`) })}
                  >
                    <Stat.Root>
                      <Stat.Label>{t(`dashboard.quickAccess.${q.key}`)}</Stat.Label>
                      <Stat.ValueText>{data.quickAccess[q.key]}</Stat.ValueText>
                    </Stat.Root>
                  </AppLink>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Box>
      ) : null}

      <Box as="section" aria-labelledby="dash-stats">
        <Heading as="h2" size="md" mb="3" id="dash-stats">
          {t('dashboard.stats.title')}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {STATISTICS.map((key) => (
            <Card.Root key={key} size="sm" variant="subtle">
              <Card.Body>
                <Stat.Root>
                  <Stat.Label>{t(`dashboard.stats.${key}`)}</Stat.Label>
                  <Stat.ValueText>{data.statistics[key]}</Stat.ValueText>
                </Stat.Root>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>

      <ChartsSection />

      <WelcomeDialog open={welcomeOpen} onClose={closeWelcome} />
      <NewVersionDialog
        open={newVersionOpen && !welcomeOpen}
        version={version}
        onClose={(mute) => {
          markVersionSeen(version, mute);
          setNewVersionOpen(false);
        }}
      />
    </Stack>
  );
};
