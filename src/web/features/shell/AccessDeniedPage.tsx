/**
 * Where a page the session's rights do not open lands (issue 15): « Accès refusé », the right that
 * is missing and the page asked for, instead of a silent bounce to the dashboard.
 */
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { isFeature } from '../../../contract/features.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { featureLabel } from '../rights/rightsLabels.ts';

export interface AccessDeniedProps {
  /** The feature the page needs (from the guard); unknown values are not shown. */
  readonly right?: string | undefined;
  /** The path that was asked for. */
  readonly from?: string | undefined;
}

export const AccessDenied = ({ right, from }: AccessDeniedProps) => {
  const { t } = useTranslation();
  const known = right !== undefined && isFeature(right) ? right : undefined;
  return (
    <Stack gap="4" maxW="2xl" data-access-denied={known ?? ''}>
      <Heading as="h1" size="xl">
        {t('shell.accessDenied.title')}
      </Heading>
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {known
              ? t('shell.accessDenied.missingRight', { right: featureLabel(t, known) })
              : t('shell.accessDenied.noRight')}
          </Alert.Title>
          {from ? <Alert.Description>{t('shell.accessDenied.page', { path: from })}</Alert.Description> : null}
        </Alert.Content>
      </Alert.Root>
      <Text>{t('shell.accessDenied.ask')}</Text>
      <Button asChild alignSelf="flex-start" colorPalette="blue">
        <AppLink to="/dashboard">{t('shell.accessDenied.home')}</AppLink>
      </Button>
    </Stack>
  );
};
