/**
 * `/signatories/social` (seed 000 §2 `signatories.social.index`): the social signers the templates
 * define, each with its signing right, the users authorised to sign before it, its templates (links)
 * and the signbooks in progress still waiting for it. One card each: readable on a phone too.
 */
import { Badge, Box, Button, Card, Flex, Heading, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialSigner } from '../../../contract/signbook.ts';
import { useAuth, useRead } from '../../app/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { SearchField } from '../../components/SearchField.tsx';
import { useDebounced } from '../../components/useDebounced.ts';
import { saysTokenNotValid } from './signClient.ts';
import { useSignClient } from './useSignClient.ts';

const fullName = (p: { firstName: string; name: string }) => `${p.firstName} ${p.name}`.trim();

const SignerCard = ({ signer }: { signer: SocialSigner }) => {
  const { t } = useTranslation();
  const titleId = `social-signer-${signer.userId}`;
  return (
    <Card.Root as="article" aria-labelledby={titleId} size="sm" variant="outline">
      <Card.Header>
        <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Box minW="0">
            <Heading as="h2" size="md" id={titleId}>
              {fullName(signer)}
            </Heading>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
              {signer.email ?? t('signbooks.social.noEmail')}
            </Text>
          </Box>
          <Badge colorPalette={signer.hasSigningRight ? 'green' : 'orange'}>
            {t(signer.hasSigningRight ? 'signbooks.social.signingRight' : 'signbooks.social.noSigningRight')}
          </Badge>
        </Flex>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Box>
            <Text fontWeight="semibold" fontSize="sm">
              {t('signbooks.social.authorizedUsers')}
            </Text>
            {signer.authorizedUsers.length ? (
              <List.Root ps="5" fontSize="sm">
                {signer.authorizedUsers.map((u) => (
                  <List.Item key={u.userId}>
                    {fullName(u)}
                    {u.email ? (
                      <Text as="span" color="fg.muted">
                        {' '}
                        — {u.email}
                      </Text>
                    ) : null}
                  </List.Item>
                ))}
              </List.Root>
            ) : (
              <Text fontSize="sm" color="orange.fg">
                {t('signbooks.social.noAuthorizedUser')}
              </Text>
            )}
          </Box>
          <Box>
            <Text fontWeight="semibold" fontSize="sm">
              {t('signbooks.social.templates')}
            </Text>
            <List.Root ps="5" fontSize="sm">
              {signer.templates.map((x) => (
                <List.Item key={x.id}>
                  <AppLink to={`/signworkflows/templates/${x.id}`}>{x.name}</AppLink>
                  <Text as="span" color="fg.muted">
                    {' '}
                    — {x.organizationName}
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          </Box>
          <Text fontSize="sm" data-in-progress={signer.signbooksInProgress}>
            {t('signbooks.social.inProgress', { count: signer.signbooksInProgress })}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};

export const SocialSignersPage = () => {
  const { t } = useTranslation();
  const sign = useSignClient();
  const { session } = useAuth();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const { data: page, loading } = useRead(
    'signbooks.socialSigners',
    { body: { search: search || undefined }, scope: `${session?.orgId}|${session?.domain}` },
    { client: sign, refuses: saysTokenNotValid, failureAlert: 'signbooks.social.loadError' },
  );
  const items = page?.items ?? [];

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('sections.socialSigners')}
        </Heading>
        <Button asChild variant="outline">
          <AppLink to="/signworkflows/templates">{t('signbooks.social.manageTemplates')}</AppLink>
        </Button>
      </Flex>
      <Text color="fg.muted" maxW="3xl">
        {t('signbooks.social.intro')}
      </Text>
      <SearchField label={t('signbooks.social.search')} maxW="md" value={text} onChange={setText} />
      {loading && !page ? (
        <Skeleton height="10rem" />
      ) : items.length ? (
        <SimpleGrid
          columns={{ base: 1, lg: 2 }}
          gap="4"
          role="list"
          aria-label={t('signbooks.social.label')}
          aria-busy={loading}
          opacity={loading ? 0.6 : 1}
        >
          {items.map((x) => (
            <Box role="listitem" key={x.userId}>
              <SignerCard signer={x} />
            </Box>
          ))}
        </SimpleGrid>
      ) : (
        <Text role="status">{t(search ? 'signbooks.social.noMatch' : 'signbooks.social.empty')}</Text>
      )}
    </Stack>
  );
};
