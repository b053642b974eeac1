/**
 * Company lookup by SIRET for the organisation form: the session's own organisations first (a
 * sibling establishment is often already there), then the company directory port.
 */
import type { CompanyInfo } from '../../../contract/entities.ts';
import { ERROR_KEYS } from '../../../contract/keys.ts';
import { siretError } from '../../../contract/validation.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { ApiFailure } from '../../http/errors.ts';
import { type CompanyDirectory, CompanyRegisterError } from '../../ports/companies.ts';
import { frenchText } from '../../http/french.ts';
import { compactSiret } from './write.service.ts';

export async function companyBySiret(
  db: Queryable,
  directory: CompanyDirectory,
  session: SessionContext,
  raw: string,
): Promise<CompanyInfo> {
  const invalid = siretError(raw);
  if (invalid) throw new ApiFailure(400, invalid, undefined, [frenchText(invalid)], { siret: invalid });
  const siret = compactSiret(raw);
  const s = schemaOf(session.domain);
  const { rows } = await db.query<{
    name: string;
    street: string | null;
    zip_code: string | null;
    city: string;
    country: string | null;
  }>(
    `SELECT name, street, zip_code, city, country FROM ${s}.organizations
      WHERE upper(replace(siret, ' ', '')) = $1 AND id = ANY($2::uuid[]) ORDER BY created_at LIMIT 1`,
    [siret, await visibleOrgIds(db, session)],
  );
  const own = rows[0];
  if (own) {
    return {
      siret,
      name: own.name,
      street: own.street,
      zipCode: own.zip_code,
      city: own.city,
      country: own.country ?? 'France',
      nafCode: null,
      source: 'organization',
    };
  }
  let found: CompanyInfo | null;
  try {
    found = await directory.bySiret(siret);
  } catch (error) {
    if (error instanceof CompanyRegisterError) throw new ApiFailure(502, ERROR_KEYS.companyRegisterUnavailable);
    throw error;
  }
  if (!found) throw new ApiFailure(404, ERROR_KEYS.companyNotFound);
  return found;
}
