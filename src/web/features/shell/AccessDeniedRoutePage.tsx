/** `/access-denied?right=…&from=…`: the route's search handed to the page. */
import { useSearch } from '@tanstack/react-router';
import { AccessDenied } from './AccessDeniedPage.tsx';

export const AccessDeniedRoutePage = () => {
  const search = useSearch({ strict: false }) as { right?: string; from?: string };
  return <AccessDenied right={search.right} from={search.from} />;
};
