import { ChakraProvider } from '@chakra-ui/react';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AppProvider, useAuth, type Services } from './app/index.ts';
import { LoadingMask } from './components/LoadingMask.tsx';
import type { AppRouter } from './router.tsx';
import { system } from './theme.ts';
import { hasUsableSession } from './routes/guards.ts';

/**
 * Re-runs the route guards and loaders when who-is-where changes: login, logout, expiry, domain
 * choice, organisation switch. Guards then redirect; loaders refetch for the new organisation.
 */
const RouterWithAuth = ({ router }: { router: AppRouter }) => {
  const auth = useAuth();
  const phase = auth.isChoosingDomain
    ? 'choosing'
    : hasUsableSession(auth.status)
      ? 'in'
      : auth.isRestoring
        ? 'restoring'
        : 'out';
  const scope = `${phase}|${auth.session?.domain ?? ''}|${auth.session?.orgId ?? ''}`;
  const previous = useRef(scope);
  useEffect(() => {
    if (previous.current === scope) return;
    previous.current = scope;
    void router.invalidate();
  }, [router, scope]);
  if (auth.isRestoring) return <LoadingMask />;
  return <RouterProvider router={router} />;
};

export const App = ({ services, router }: { services: Services; router: AppRouter }) => (
  <ChakraProvider value={system}>
    <AppProvider services={services}>
      <RouterWithAuth router={router} />
    </AppProvider>
  </ChakraProvider>
);
