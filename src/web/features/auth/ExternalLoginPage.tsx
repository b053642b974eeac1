import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoVia } from '../../../../machines/auth/auth.types.ts';
import { ALERT_KEYS, ERROR_KEYS } from '../../../contract/keys.ts';
import { useAuth } from '../../app/index.ts';
import { PublicLayout } from './PublicLayout.tsx';

/**
 * The pages identity providers send the browser back to (seed 000 §2): `/auto-login-ms?code=&state=`
 * (Microsoft / OpenID), `/autologin?ticket=` (CAS; the seed's `authorization` too), and
 * `/auto-Login-edoc#id_token=` (the safe portal). Each hands the provider's answer to the auth
 * machine once, shows progress, then the refusal in the user's language or the next page:
 * domain choice for a user of two domains, else `/dashboard` (`/` after CAS, `?firstSteps=1` after
 * the portal).
 */
const SsoReturn = ({
  title,
  via,
  body,
  landing,
  missingKey,
}: {
  title: string;
  via: SsoVia;
  /** The provider's answer; null when it sent none (an error, or a page opened by hand). */
  body: Record<string, string> | null;
  landing: { to: string; search?: Record<string, string> };
  missingKey: string;
}) => {
  const { t } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const sent = useRef(false);

  useEffect(() => {
    if (!sent.current && body && auth.isLoggedOut) {
      sent.current = true;
      auth.sso(via, body);
    }
  }, [auth, body, via]);

  useEffect(() => {
    if (!sent.current && !auth.isLoggedIn) return;
    if (auth.isChoosingDomain) void navigate({ to: '/domain-choice' });
    else if (auth.isLoggedIn) void navigate({ to: landing.to, ...(landing.search ? { search: landing.search } : {}) });
  }, [auth.isChoosingDomain, auth.isLoggedIn, landing, navigate]);

  const failed = body === null || (auth.isLoggedOut && auth.loginError !== null);
  const errorKey = body === null ? missingKey : (auth.loginError?.key ?? missingKey);
  return (
    <PublicLayout title={title}>
      <Stack gap="4">
        {failed ? (
          <>
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{t(errorKey)}</Alert.Description>
            </Alert.Root>
            <Button colorPalette="brand" onClick={() => void navigate({ to: '/login' })}>
              {t('common.actions.backToLogin')}
            </Button>
          </>
        ) : (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>{t('auth.sso.inProgress')}</Text>
          </Stack>
        )}
      </Stack>
    </PublicLayout>
  );
};

const defined = (entries: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => typeof e[1] === 'string'));

export const MicrosoftLoginPage = () => {
  const { t } = useTranslation();
  const search: { code?: string; state?: string; iss?: string; session_state?: string } = useSearch({
    strict: false,
  });
  const body = search.code && search.state ? defined(search) : null;
  return (
    <SsoReturn
      title={t('auth.external.microsoftTitle')}
      via="microsoft"
      body={body}
      landing={{ to: '/dashboard' }}
      missingKey={ALERT_KEYS.login.microsoftFailure}
    />
  );
};

export const SsoLoginPage = () => {
  const { t } = useTranslation();
  const search: { ticket?: string; authorization?: string } = useSearch({ strict: false });
  const ticket = search.ticket ?? search.authorization;
  return (
    <SsoReturn
      title={t('auth.external.ssoTitle')}
      via="cas"
      body={ticket ? { ticket } : null}
      landing={{ to: '/' }}
      missingKey={ERROR_KEYS.authCasFailure}
    />
  );
};

/** The portal's token arrives in the URL's hash (never sent to any server by the browser); read once, then wiped. */
const takeHashToken = (): string | null => {
  const hash = window.location.hash.replace(/^#/, '');
  if (!hash) return null;
  const params = new URLSearchParams(hash);
  const token = params.get('id_token') ?? params.get('code') ?? (hash.includes('=') ? null : hash);
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return token;
};
let edocToken: string | null | undefined;

export const EdocLoginPage = () => {
  const { t } = useTranslation();
  edocToken ??= takeHashToken();
  const code = edocToken;
  return (
    <SsoReturn
      title={t('auth.external.edocTitle')}
      via="edoc"
      body={code ? { code } : null}
      landing={{ to: '/dashboard', search: { firstSteps: '1' } }}
      missingKey={ERROR_KEYS.authEdocInvalid}
    />
  );
};
