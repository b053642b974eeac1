/**
 * A start without the demo (`SEED=none`, what a real installation runs): the reference document types
 * in every domain, and — on a directory with no user yet — the first company and its administrator,
 * named by the environment (`ADMIN_*`, `COMPANY_*`, config.ts). From that administrator everything else
 * is made in the app: organisations under the company, users and their rights, employees.
 *
 * Runs under the cluster's prepare lock after the migrations (main.ts), so several nodes starting at
 * once create one administrator. Never touches a directory that already has a user: changing the
 * variables later changes nothing (the administrator changes their password in the app).
 */
import { randomUUID } from 'node:crypto';
import { DOMAINS } from '../../../contract/constants.ts';
import { FEATURES } from '../../../contract/features.ts';
import { hashPassword } from '../../auth/password.ts';
import { type Db, schemaOf } from '../db.ts';
import { DOC_TYPES } from './doc-types.ts';

export interface FirstAdmin {
  readonly login: string;
  readonly password: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly company: { readonly name: string; readonly siret: string; readonly city: string };
}

/** `created`: the first administrator was made now; `present`: the directory had users; `empty`: none, and none named. */
export type BootstrapOutcome = 'created' | 'present' | 'empty';

export async function bootstrap(db: Db, first: FirstAdmin | null): Promise<BootstrapOutcome> {
  const hash = first ? await hashPassword(first.password) : null;
  return db.tx(async (q) => {
    // The catalogue every domain starts with; the ones an installation added or renamed are kept.
    for (const domain of DOMAINS)
      await q.query(
        `INSERT INTO ${schemaOf(domain)}.doc_types (code, label)
         SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT (code) DO NOTHING`,
        [DOC_TYPES.map((t) => t.code), DOC_TYPES.map((t) => t.label)],
      );
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM directory.users');
    if ((rows[0]?.n ?? 0) > 0) return 'present';
    if (!first || !hash) return 'empty';
    const companyId = randomUUID();
    const adminId = randomUUID();
    await q.query(
      `INSERT INTO ${schemaOf('main')}.organizations (id, name, siret, city, users_to_notify)
       VALUES ($1, $2, $3, $4, ARRAY[$5::uuid])`,
      [companyId, first.company.name, first.company.siret, first.company.city, adminId],
    );
    await q.query(
      `INSERT INTO directory.users (id, login, first_name, last_name, email, password_hash, features)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text[])`,
      [adminId, first.login, first.firstName, first.lastName, first.email, hash, [...FEATURES]],
    );
    await q.query(
      `INSERT INTO directory.user_org_access (user_id, domain, org_id, is_root, include_children)
       VALUES ($1, 'main', $2, true, true)`,
      [adminId, companyId],
    );
    return 'created';
  });
}
