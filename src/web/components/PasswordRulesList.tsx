import { Box, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, checkPassword } from '../../contract/validation.ts';
import { CheckCircleIcon, ErrorCircleIcon } from './icons.tsx';

/** The password rules, each ticked live as the user types. */
export const PasswordRulesList = ({
  id,
  password,
  confirmation,
}: {
  id: string;
  password: string;
  confirmation: string;
}) => {
  const { t } = useTranslation();
  const result = checkPassword(password, confirmation);
  return (
    <Box id={id} fontSize="sm" aria-live="polite">
      <Text color="fg.muted" mb="1">
        {t('password.rulesTitle')}
      </Text>
      <List.Root gap="1" variant="plain">
        {PASSWORD_RULES.map((rule) => (
          <List.Item
            key={rule}
            display="flex"
            alignItems="center"
            gap="2"
            color={result[rule] ? 'green.fg' : 'fg.muted'}
          >
            {result[rule] ? <CheckCircleIcon size="1em" /> : <ErrorCircleIcon size="1em" />}
            <span>{t(`password.rules.${rule}`)}</span>
            <Box as="span" srOnly>
              {result[rule] ? t('password.ruleMet') : t('password.ruleNotMet')}
            </Box>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
};
