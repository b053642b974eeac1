import { Link as ChakraLink, type LinkProps as ChakraLinkProps } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A router link to a concrete path (`/employees/status/active`) styled by Chakra. Navigation data
 * (menus, alerts' buttons) carries concrete paths, so the typed `to` of the router is widened here, once.
 */
export const AppLink = ({
  to,
  exact = true,
  children,
  onClick,
  ...rest
}: { to: string; exact?: boolean; children: ReactNode; onClick?: () => void } & Omit<
  ChakraLinkProps,
  'href' | 'onClick'
>) => (
  <ChakraLink asChild {...rest}>
    <Link to={to as '/'} activeOptions={{ exact, includeSearch: false }} onClick={onClick}>
      {children}
    </Link>
  </ChakraLink>
);
