import { useAuth } from '../../app/index.ts';
import { LoadingMask } from '../../components/LoadingMask.tsx';

/** The application's loading flag: session restore, domain switch, organisation switch, logout. */
export const BusyMask = () => {
  const auth = useAuth();
  const busy =
    auth.isRestoring || auth.isSwitchingOrg || auth.status === 'switchingDomain' || auth.status === 'loggingOut';
  return busy ? <LoadingMask /> : null;
};
