/**
 * From a DSN individual block (S21.G00.30) to the directory's employee fields. The DSN writes
 * dates as JJMMAAAA, the NIR without its 2-digit key, and the country as an ISO code that is
 * left out for France: each is turned into what the employee form stores (an unknown country
 * code is kept as is, and the country rule then rejects the individual).
 */
import { COUNTRIES, DEFAULT_COUNTRY } from '../../../../contract/countries.ts';
import { nirKey } from '../../../../contract/validation.ts';
import type { DsnIndividual } from './parse.ts';

export interface DsnPerson {
  readonly name: string;
  readonly firstName: string;
  /** `YYYY-MM-DD` when the DSN date is a real date, else the raw value (the field rule rejects it). */
  readonly birthDate: string;
  readonly email: string | null;
  /** 15 characters (NIR + key) or null. */
  readonly numSecu: string | null;
  /** The 13 characters that identify the person (numSecu without its key). */
  readonly nir13: string | null;
  readonly registrationNumber: string | null;
  readonly address: {
    readonly street?: string;
    readonly complement?: string;
    readonly postal?: string;
    readonly city?: string;
    readonly country?: string;
  };
}

/** Rubrics of S21.G00.30 (cahier technique DSN, NEODeS). */
export const RUBRICS = {
  nir: '001',
  familyName: '002',
  usageName: '003',
  firstNames: '004',
  birthDate: '006',
  street: '008',
  postal: '009',
  city: '010',
  country: '011',
  buildingComplement: '016',
  deliveryComplement: '017',
  email: '018',
  registrationNumber: '019',
} as const;

/** JJMMAAAA → YYYY-MM-DD, or null when it is not a calendar date (31022019). */
export function dsnDate(value: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  const iso = `${yyyy}-${mm}-${dd}`;
  return date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** NIR key: the rule the employee form and the server apply (contract/validation.ts). */
export { nirKey };

const COUNTRY_BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c.name]));

const capitalised = (word: string): string =>
  word.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_all, sep: string, letter: string) => sep + letter.toUpperCase());

export function personOf(individual: DsnIndividual): DsnPerson {
  const v = (rubric: string): string => (individual.rubrics[rubric] ?? '').trim();
  const nir = v(RUBRICS.nir).toUpperCase();
  const nir13 = nir.length >= 13 ? nir.slice(0, 13) : null;
  // A 15-character NIR already carries its key; a 13-character one gets it computed.
  const key = nir.length === 15 ? nir.slice(13) : nir13 ? nirKey(nir13) : null;
  const numSecu = nir === '' ? null : nir13 && key ? nir13 + key : nir;
  const countryCode = v(RUBRICS.country).toUpperCase();
  const complement = [v(RUBRICS.buildingComplement), v(RUBRICS.deliveryComplement)].filter(Boolean).join(', ');
  const raw = v(RUBRICS.birthDate);
  const address = {
    ...(v(RUBRICS.street) ? { street: v(RUBRICS.street) } : {}),
    ...(complement ? { complement } : {}),
    ...(v(RUBRICS.postal) ? { postal: v(RUBRICS.postal).toLowerCase() } : {}),
    ...(v(RUBRICS.city) ? { city: capitalised(v(RUBRICS.city)) } : {}),
    country: countryCode === '' ? DEFAULT_COUNTRY : (COUNTRY_BY_CODE.get(countryCode) ?? countryCode),
  };
  return {
    // The usage name is the one the person goes by (and the one on their payslip) when given.
    name: capitalised(v(RUBRICS.usageName) || v(RUBRICS.familyName)),
    // "Prénoms" lists every given name of the civil status; the first is the one in use.
    firstName: capitalised(v(RUBRICS.firstNames).split(/\s+/)[0] ?? ''),
    birthDate: dsnDate(raw) ?? raw,
    email: v(RUBRICS.email) || null,
    numSecu,
    nir13: nir13 && /^\d{5}(\d{2}|2A|2B)\d{6}$/.test(nir13) ? nir13 : null,
    registrationNumber: v(RUBRICS.registrationNumber) || null,
    address,
  };
}
