/**
 * Entry: refuse old browsers before anything else, load the language, then mount the app.
 * The loading mask covers the language fetch so no raw key ever shows.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createServices } from './app/index.ts';
import { App } from './App.tsx';
import { LoadingMask } from './components/LoadingMask.tsx';
import { isUnsupportedBrowser } from './features/system/browserSupport.ts';
import { initI18n } from './i18n/index.ts';
import { createAppRouter } from './router.tsx';
import { system } from './theme.ts';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');
const root = createRoot(container);

const boot = async () => {
  root.render(
    <ChakraProvider value={system}>
      <LoadingMask />
    </ChakraProvider>,
  );
  await initI18n();
  if (isUnsupportedBrowser(navigator.userAgent)) {
    const { UnsupportedBrowserPage } = await import('./features/system/UnsupportedBrowserPage.tsx');
    root.render(
      <ChakraProvider value={system}>
        <UnsupportedBrowserPage />
      </ChakraProvider>,
    );
    return;
  }
  const services = createServices();
  const router = createAppRouter(services);
  root.render(
    <StrictMode>
      <App services={services} router={router} />
    </StrictMode>,
  );
};

void boot();
