import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The page of a section that a later issue delivers: its title and an honest note, nothing that pretends to work. */
export const ComingSoonPage = () => {
  const { t } = useTranslation();
  const matches = useMatches();
  const title = matches[matches.length - 1]?.staticData.title ?? 'sections.dashboard';
  return (
    <Stack gap="4" maxW="3xl">
      <Heading as="h1" size="xl">
        {t(title)}
      </Heading>
      <Alert.Root status="info" variant="subtle">
        <Alert.Indicator />
        <Alert.Description>{t('sections.comingSoon')}</Alert.Description>
      </Alert.Root>
    </Stack>
  );
};
