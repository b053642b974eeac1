/**
 * The guest layout (seed 000 §6): a signatory without an account (an employee, an external person)
 * opens the link mailed at its step and signs here — no back-office menu, no session; the link's token
 * is the only right, and it opens only that signatory's step.
 */
import { Box, Container, Flex, Text } from '@chakra-ui/react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { SignbookView } from './SignbookPage.tsx';

export const GuestSignPage = () => {
  const { t } = useTranslation();
  const { token } = useParams({ strict: false }) as { token?: string };
  return (
    <Box minH="100dvh" bg="bg.subtle" data-layout="guest">
      <Flex
        as="header"
        align="center"
        px={{ base: '3', md: '6' }}
        h={{ base: '54px', md: '70px' }}
        bg="bg"
        borderBottomWidth="1px"
      >
        <Text fontWeight="bold" color="brand.fg" truncate>
          {t('common.appName')} · {t('signbooks.guest.title')}
        </Text>
      </Flex>
      <Container as="main" maxW="5xl" py={{ base: '3', md: '6' }} px={{ base: '3', md: '6' }}>
        {token ? <SignbookView key={token} access={{ token }} /> : null}
      </Container>
      <Container as="footer" maxW="5xl" pb="6" px={{ base: '3', md: '6' }}>
        <LanguageSwitcher />
      </Container>
    </Box>
  );
};
