/**
 * Generated demo employees: French names, birth dates, social security numbers with their key,
 * mixed safe/BPE/validation statuses, some inactive links and some people in two organisations.
 * Deterministic: a fixed PRNG seed per domain and ids derived from organisation and rank.
 */
import type { DomainId } from '../../../contract/constants.ts';
import type { BpeAgreement, SafeStatus } from '../../../contract/enums.ts';
import { createRandom, demoId, type Random } from './ids.ts';
import {
  asciiSlug,
  CITIES_BY_REGION,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  LAST_NAMES,
  STREET_NAMES,
  STREET_TYPES,
} from './names.ts';
import type { DemoOrg } from './orgs.ts';

export interface DemoEmployee {
  id: string;
  name: string;
  firstName: string;
  birthDate: string;
  email: string | null;
  phone: string | null;
  numSecu: string | null;
  address: { street: string; complement?: string; postal: string; city: string; country: string };
  hasBpe: boolean;
  bpeAgreement: BpeAgreement | null;
  safeStatus: SafeStatus;
  registered: boolean;
  needsValidation: boolean;
  /** Days before the seed time; null when no safe / never notified. */
  safeCreatedDaysAgo: number | null;
  lastNotificationDaysAgo: number | null;
  createdMinutesAgo: number;
  links: { orgId: string; registrationNumber: string; active: boolean }[];
  /** The organisation the employee was generated for. */
  mainOrgId: string;
}

const MAIL_DOMAINS = ['gmail.com', 'orange.fr', 'free.fr', 'laposte.net', 'outlook.fr', 'sfr.fr', 'yahoo.fr'];

/** NIR: sex, year, month, département, commune, order, then the key 97 − (number mod 97). */
function socialSecurityNumber(r: Random, female: boolean, birth: Date, dept: string): string {
  const body =
    (female ? '2' : '1') +
    String(birth.getUTCFullYear() % 100).padStart(2, '0') +
    String(birth.getUTCMonth() + 1).padStart(2, '0') +
    dept +
    String(r.int(1, 999)).padStart(3, '0') +
    String(r.int(1, 999)).padStart(3, '0');
  const key = 97n - (BigInt(body) % 97n);
  return body + String(key).padStart(2, '0');
}

const SEEDS: Record<DomainId, number> = { legacy: 1_944, main: 2_026 };

export function generateEmployees(domain: DomainId, orgs: readonly DemoOrg[]): DemoEmployee[] {
  const r = createRandom(SEEDS[domain]);
  const usedEmails = new Set<string>();
  const employees: DemoEmployee[] = [];
  let rank = 0;
  for (const org of orgs) {
    for (let i = 0; i < org.headcount; i++, rank++) {
      const female = r.chance(0.52);
      const firstName = r.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
      const name = r.pick(LAST_NAMES);
      const birth = new Date(Date.UTC(r.int(1962, 2004), r.int(0, 11), r.int(1, 28)));
      const place = r.pick(CITIES_BY_REGION[org.region]);
      let email: string | null = null;
      if (!r.chance(0.08)) {
        const local = `${asciiSlug(firstName)}.${asciiSlug(name)}`;
        const mailDomain = r.pick(MAIL_DOMAINS);
        email = `${local}@${mailDomain}`;
        for (let n = 2; usedEmails.has(email); n++) email = `${local}${n}@${mailDomain}`;
        usedEmails.add(email);
      }
      const safeRoll = r.next();
      const safeStatus: SafeStatus = safeRoll < 0.6 ? 'FINALISED' : safeRoll < 0.8 ? 'NOT_FINALISED' : 'NOT_CREATED';
      const hasBpe = r.chance(0.35);
      const address: DemoEmployee['address'] = {
        street: `${r.int(1, 180)} ${r.pick(STREET_TYPES)} ${r.pick(STREET_NAMES)}`,
        postal: place.postal,
        city: place.city,
        country: 'France',
      };
      if (r.chance(0.15)) address.complement = `Bâtiment ${r.pick(['A', 'B', 'C'])}, appartement ${r.int(1, 60)}`;
      const numSecu = r.chance(0.1) ? null : socialSecurityNumber(r, female, birth, place.dept);
      const phone = r.chance(0.25)
        ? null
        : `0${r.pick(['6', '7'])} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}`;
      employees.push({
        id: demoId(`emp:${domain}:${org.name}:${i}`),
        name,
        firstName,
        birthDate: birth.toISOString().slice(0, 10),
        email,
        phone,
        numSecu,
        address,
        hasBpe,
        bpeAgreement: hasBpe ? (r.chance(0.8) ? 'ACCEPTED' : 'REFUSED') : null,
        safeStatus,
        registered: safeStatus === 'FINALISED',
        // About one in 25: a dozen in the main domain, one or two in the legacy one.
        needsValidation: rank % 25 === 7,
        safeCreatedDaysAgo: safeStatus === 'NOT_CREATED' ? null : r.int(20, 900),
        lastNotificationDaysAgo: r.chance(0.5) ? r.int(1, 60) : null,
        createdMinutesAgo: (orgs.reduce((n, o) => n + o.headcount, 0) - rank) * 7,
        links: [
          {
            orgId: org.id,
            registrationNumber: `${org.matriculePrefix}-${String(i + 1).padStart(5, '0')}`,
            active: !r.chance(0.1),
          },
        ],
        mainOrgId: org.id,
      });
    }
  }
  addSecondOrganisations(employees, orgs);
  return employees;
}

/**
 * Every tenth employee of a child organisation also works for its parent (a second matricule there,
 * unique across the parent's children: a payslip's matricule must designate one person).
 */
function addSecondOrganisations(employees: DemoEmployee[], orgs: readonly DemoOrg[]): void {
  for (const org of orgs) {
    const parent = orgs.find((o) => o.name === org.parentName);
    if (!parent) continue;
    employees
      .filter((e) => e.mainOrgId === org.id)
      .forEach((e, i) => {
        if (i % 10 !== 0) return;
        e.links.push({
          orgId: parent.id,
          registrationNumber: `${parent.matriculePrefix}-${org.matriculePrefix}${String(i + 1).padStart(4, '0')}`,
          active: true,
        });
      });
  }
}
