import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createServices, type Services } from './services.ts';

const ServicesContext = createContext<Services | null>(null);

/** Provides the services; builds them once when none are given (and stops only those it built). */
export const AppProvider = ({ services, children }: { services?: Services; children: ReactNode }) => {
  const [owned] = useState(() => (services ? null : createServices()));
  useEffect(() => () => owned?.stop(), [owned]);
  return <ServicesContext.Provider value={services ?? owned}>{children}</ServicesContext.Provider>;
};

export const useServices = (): Services => {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices: wrap the app in <AppProvider>');
  return services;
};
