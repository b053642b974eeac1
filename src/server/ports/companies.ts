/**
 * The company directory port: finds a company by SIRET to prefill the organisation form.
 * Embedded default: `companies.data.json` (a few hundred fictional French companies with valid
 * SIRETs and NAF codes, shipped in the repository). With `COMPANY_REGISTER_URL` set, a public
 * register is asked over HTTP first and the embedded list stays the fallback for its misses.
 * The domain's own organisations are looked up by the organisation service, not here.
 */
import { readFileSync } from 'node:fs';
import type { CompanyInfo } from '../../contract/entities.ts';
import { projectPath } from '../paths.ts';

export interface CompanyDirectory {
  /** The company with this compact SIRET (no spaces), or null when unknown. Throws when the register fails. */
  bySiret(siret: string): Promise<CompanyInfo | null>;
}

interface CompanyRecord {
  siret: string;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  nafCode: string;
}

const DATA_FILE = projectPath('src/server/ports/companies.data.json');

let embedded: Map<string, CompanyRecord> | null = null;
const embeddedIndex = (): Map<string, CompanyRecord> => {
  // Read on first use: most processes never look a company up.
  embedded ??= new Map(
    (JSON.parse(readFileSync(DATA_FILE, 'utf8')) as CompanyRecord[]).map((c) => [c.siret.toUpperCase(), c]),
  );
  return embedded;
};

/** Every company of the embedded list (tests and the e2e spec pick known SIRETs from it). */
export const embeddedCompanies = (): readonly CompanyRecord[] => [...embeddedIndex().values()];

export const embeddedDirectory: CompanyDirectory = {
  bySiret: async (siret) => {
    const c = embeddedIndex().get(siret.toUpperCase());
    return c ? { ...c, country: 'France', source: 'directory' } : null;
  },
};

export class CompanyRegisterError extends Error {}

/**
 * A register answering `GET {base}/{siret}` with JSON holding at least a name; the usual field
 * spellings of French registers (`denomination`, `adresse`, `code_postal`, `activite_principale`…)
 * are accepted besides ours. 404 means unknown.
 */
export function httpRegister(baseUrl: string, fetchImpl: typeof fetch = fetch, timeoutMs = 5000): CompanyDirectory {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async bySiret(siret) {
      let res: Response;
      try {
        res = await fetchImpl(`${base}/${encodeURIComponent(siret)}`, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new CompanyRegisterError(error instanceof Error ? error.message : String(error));
      }
      if (res.status === 404) return null;
      if (!res.ok) throw new CompanyRegisterError(`register answered ${res.status}`);
      const body = (await res.json()) as Record<string, unknown>;
      const text = (...keys: string[]): string | null => {
        for (const key of keys) {
          const value = body[key];
          if (typeof value === 'string' && value.trim() !== '') return value.trim();
        }
        return null;
      };
      const name = text('name', 'denomination', 'nom_raison_sociale', 'raison_sociale');
      if (!name) return null;
      return {
        siret,
        name,
        street: text('street', 'adresse', 'address'),
        zipCode: text('zipCode', 'code_postal', 'postalCode'),
        city: text('city', 'commune', 'libelle_commune') ?? '',
        country: text('country', 'pays') ?? 'France',
        nafCode: text('nafCode', 'activite_principale', 'naf'),
        source: 'register',
      };
    },
  };
}

/** The register when configured, the embedded list for what it does not know. */
export function createCompanyDirectory(registerUrl: string | null | undefined): CompanyDirectory {
  if (!registerUrl) return embeddedDirectory;
  const register = httpRegister(registerUrl);
  return {
    async bySiret(siret) {
      return (await register.bySiret(siret)) ?? embeddedDirectory.bySiret(siret);
    },
  };
}
