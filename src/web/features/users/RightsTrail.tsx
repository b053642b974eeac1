/** The trail of rights changes on the user page: who, when, what changed, before → after. */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RightsChange } from '../../../contract/rights.ts';
import { describeChange, type Names } from './describeChange.ts';

export const RightsTrail = ({ changes, names }: { changes: readonly RightsChange[]; names: Names }) => {
  const { t, i18n } = useTranslation();
  const when = (at: string) => {
    const date = new Date(at);
    return Number.isNaN(date.getTime())
      ? at
      : date.toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  };
  return (
    <Stack as="section" gap="3" aria-labelledby="rights-trail-title" minW="0">
      <Heading as="h2" size="md" id="rights-trail-title">
        {t('rights.trail.title')}
      </Heading>
      {changes.length === 0 ? (
        <Text color="fg.muted">{t('rights.trail.none')}</Text>
      ) : (
        <Box as="ol" m="0" p="0">
          {changes.map((change) => {
            const { headline, lines } = describeChange(t, change, names);
            return (
              <Box
                as="li"
                key={change.id}
                listStyleType="none"
                py="3"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
              >
                <Text fontSize="sm" color="fg.muted">
                  <time dateTime={change.at}>{when(change.at)}</time>
                </Text>
                <Text fontWeight="medium">{headline}</Text>
                {lines.length ? (
                  <Box as="ul" ps="5" mt="1" fontSize="sm">
                    {lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </Box>
                ) : null}
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
};
