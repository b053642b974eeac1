/** The configuration panel's rule and what it sends: pure, for the machine and its view. */
import type { OrgDocTypeConf, OrganizationConf } from '../../src/contract/entities.ts';
import { FORMAT_HINT_KEYS } from '../../src/contract/validation.ts';

/** The same rule as the server: an https URL or nothing. */
export const cssError = (value: string): string | null => {
  if (value.trim() === '') return null;
  try {
    return new URL(value.trim()).protocol === 'https:' ? null : FORMAT_HINT_KEYS.httpsUrl;
  } catch {
    return FORMAT_HINT_KEYS.httpsUrl;
  }
};

export const cssOf = (conf: OrganizationConf): string => conf.extraOptions.specificCSSUrl ?? '';

/** What the save sends: the choices made, the style sheet trimmed (or none), every document type's switch. */
export const confBody = (conf: OrganizationConf, docTypes: readonly OrgDocTypeConf[]): OrganizationConf => {
  const css = cssOf(conf).trim();
  return {
    distributionMode: conf.distributionMode,
    usersToNotify: conf.usersToNotify,
    subscribeToSignature: conf.subscribeToSignature,
    extraOptions: css === '' ? {} : { specificCSSUrl: css },
    docTypes: docTypes.map(({ code, enabled }) => ({ code, enabled })),
  };
};
