/** The PostgreSQL schema of each domain (one schema per domain, same tables). */
import { DOMAINS, type DomainId } from '../../contract/constants.ts';

const SCHEMAS = { legacy: 'dom_legacy', main: 'dom_main' } as const satisfies Record<DomainId, string>;
export type DomainSchema = (typeof SCHEMAS)[DomainId];

/** The PostgreSQL schema holding a domain's data. Throws on anything but a known domain, so the
 * result is always safe to interpolate into SQL. */
export function schemaOf(domain: DomainId): DomainSchema {
  const schema = (SCHEMAS as Record<string, DomainSchema | undefined>)[domain];
  if (!schema) throw new Error(`unknown domain: ${String(domain)}`);
  return schema;
}

export const DOMAIN_SCHEMAS: readonly { domain: DomainId; schema: DomainSchema }[] = DOMAINS.map((domain) => ({
  domain,
  schema: SCHEMAS[domain],
}));
