import { Breadcrumb } from '@chakra-ui/react';
import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/AppLink.tsx';
import { buildCrumbs } from './crumbs.ts';

/** home › section › status / sub-status / item, from the matched routes' `staticData`. */
export const Breadcrumbs = () => {
  const { t } = useTranslation();
  const matches = useMatches();
  const crumbs = buildCrumbs(
    matches.map((m) => ({ staticData: m.staticData, params: m.params as Record<string, string> })),
  );
  return (
    <Breadcrumb.Root aria-label={t('shell.breadcrumb')} size="sm">
      <Breadcrumb.List flexWrap="wrap">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const label = t(crumb.label, crumb.values);
          return [
            index > 0 ? <Breadcrumb.Separator key={`sep-${crumb.label}-${index}`} /> : null,
            <Breadcrumb.Item key={`${crumb.label}-${index}`}>
              {last || !crumb.to ? (
                <Breadcrumb.CurrentLink>{label}</Breadcrumb.CurrentLink>
              ) : (
                <Breadcrumb.Link asChild>
                  <AppLink to={crumb.to}>{label}</AppLink>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>,
          ];
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
};
