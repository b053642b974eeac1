import { Box, Card, Center, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The centred card every public page uses; the title is the page's level-1 heading. */
export const PublicLayout = ({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) => {
  const { t } = useTranslation();
  return (
    <Center minH="100dvh" p={{ base: '3', sm: '6' }} bg="brand.subtle">
      <Box w="full" maxW="md">
        <Text textAlign="center" fontWeight="bold" fontSize="xl" color="brand.fg" mb="4">
          {t('common.appName')}
        </Text>
        <Card.Root as="main" boxShadow="md">
          <Card.Header>
            <Heading as="h1" size="lg">
              {title}
            </Heading>
            {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
        {footer ? (
          <Flex justify="center" mt="4">
            {footer}
          </Flex>
        ) : null}
      </Box>
    </Center>
  );
};
