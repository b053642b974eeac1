/** The session as the browser sees it: login answer and `CurrentUser`. */
import { DOMAINS, type DomainId, type Locale, LOCALES } from '../../../contract/constants.ts';
import type { CurrentUser, LoginResponse, UserRootOrgs } from '../../../contract/entities.ts';
import { FEATURES, type Feature } from '../../../contract/features.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { rootsOf } from '../hrdesk/service.ts';

export interface UserRow {
  id: string;
  login: string;
  first_name: string;
  last_name: string;
  email: string | null;
  is_free_trial: boolean;
  signature_v3: boolean;
  locale: string;
}

export const USER_COLUMNS =
  'u.id, u.login, u.first_name, u.last_name, u.email, u.is_free_trial, u.signature_v3, u.locale';

export const sortedFeatures = (features: Iterable<Feature>): Feature[] => {
  const set = new Set(features);
  return FEATURES.filter((f) => set.has(f));
};

/** Per domain where the user has a root (legacy first), the organisations they see there. */
export async function userRootOrgs(db: Queryable, userId: string): Promise<UserRootOrgs[]> {
  const roots = await rootsOf(db, userId);
  const result: UserRootOrgs[] = [];
  for (const { domain } of roots) {
    const ids = await visibleOrgIds(db, { userId, domain });
    const { rows } = await db.query<{ id: string; name: string; siret: string }>(
      `SELECT id, name, siret FROM ${schemaOf(domain)}.organizations WHERE id = ANY($1::uuid[]) ORDER BY name`,
      [ids],
    );
    result.push({ domain, orgsInVisu: rows });
  }
  return result.sort((a, b) => DOMAINS.indexOf(a.domain) - DOMAINS.indexOf(b.domain));
}

export async function orgName(db: Queryable, domain: DomainId, orgId: string): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM ${schemaOf(domain)}.organizations WHERE id = $1`,
    [orgId],
  );
  return rows[0]?.name ?? '';
}

export async function loadUser(db: Queryable, userId: string): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM directory.users u WHERE u.id = $1`, [userId]);
  const row = rows[0];
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

const localeOf = (value: string): Locale => ((LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'fr');

export async function loginResponse(
  db: Queryable,
  user: UserRow,
  session: Pick<SessionContext, 'domain' | 'baseOrgId' | 'features'>,
): Promise<LoginResponse> {
  return {
    login: user.login,
    userId: user.id,
    userRootOrgs: await userRootOrgs(db, user.id),
    userOrgId: session.baseOrgId,
    userOrgName: await orgName(db, session.domain, session.baseOrgId),
    firstName: user.first_name,
    name: user.last_name,
    email: user.email,
    features: sortedFeatures(session.features),
    domain: session.domain,
    isFreeTrial: user.is_free_trial,
    signatureV3: user.signature_v3,
  };
}

export async function currentUser(db: Queryable, session: SessionContext): Promise<CurrentUser> {
  const user = await loadUser(db, session.userId);
  return {
    login: user.login,
    userId: user.id,
    firstName: user.first_name,
    name: user.last_name,
    email: user.email,
    features: sortedFeatures(session.features),
    domain: session.domain,
    userRootOrgs: await userRootOrgs(db, user.id),
    orgId: session.currentOrgId,
    orgName: await orgName(db, session.domain, session.currentOrgId),
    baseOrgId: session.baseOrgId,
    baseOrgName: await orgName(db, session.domain, session.baseOrgId),
    isFreeTrial: user.is_free_trial,
    signatureV3: user.signature_v3,
    locale: localeOf(user.locale),
  };
}
