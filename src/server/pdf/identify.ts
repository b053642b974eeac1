/**
 * From the text a mask zone read to candidate keys, normalised the way `employeeMatcher` indexes
 * employees (pure): registration numbers as written tokens upper-cased; social security numbers as
 * 13 or 15 digits (spaces ignored; a 15-digit number also yields its 13-digit prefix); e-mails
 * lower-cased; name + birth date as "NAME FIRSTNAME|yyyy-mm-dd", accents folded, both name orders.
 */
export type Identifier = 'registrationNumber' | 'numSecu' | 'email' | 'nameAndBirthDate';

export const IDENTIFIERS: readonly Identifier[] = ['registrationNumber', 'numSecu', 'email', 'nameAndBirthDate'];

/** Accents removed, upper-cased, whitespace collapsed. */
export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

const unique = (values: string[]): string[] => [...new Set(values)];

function registrationNumbers(text: string): string[] {
  return unique(
    text
      .split(/[\s:;,]+/)
      .map((t) => t.replace(/^[.()[\]"'«»°#]+|[.()[\]"'«»]+$/g, '').toUpperCase())
      .filter((t) => t.length > 0),
  );
}

function socialSecurityNumbers(text: string): string[] {
  const out: string[] = [];
  // Runs of digits, spaces and the letters of Corsican numbers (2A/2B) count as one number.
  for (const run of text.toUpperCase().match(/[0-9][0-9 AB.]*[0-9]/g) ?? []) {
    const digits = run.replace(/[ .]/g, '');
    if (!/^[0-9]{5}(?:[0-9]{2}|2A|2B)[0-9]+$/.test(digits)) continue;
    if (digits.length === 15) out.push(digits, digits.slice(0, 13));
    else if (digits.length === 13) out.push(digits);
  }
  return unique(out);
}

function emails(text: string): string[] {
  return unique((text.match(/[^\s<>()"':;,]+@[^\s<>()"':;,]+\.[A-Za-z]{2,}/g) ?? []).map((e) => e.toLowerCase()));
}

const MAX_NAME_TOKENS = 12;

function namesAndBirthDates(text: string): string[] {
  const folded = fold(text);
  const dates = [...folded.matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/g)].map(
    ([, d, m, y]) => `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`,
  );
  if (dates.length === 0) return [];
  const words = (folded.replace(/\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b/g, ' ').match(/[A-Z][A-Z'-]*/g) ?? []).slice(
    0,
    MAX_NAME_TOKENS,
  );
  const out: string[] = [];
  // Every two adjacent runs of words: (name, first name) in either order; compound names included.
  for (let i = 0; i < words.length; i += 1)
    for (let j = i + 1; j < words.length; j += 1)
      for (let k = j + 1; k <= words.length; k += 1) {
        const a = words.slice(i, j).join(' ');
        const b = words.slice(j, k).join(' ');
        for (const date of dates) out.push(`${a} ${b}|${date}`, `${b} ${a}|${date}`);
      }
  return unique(out);
}

export function identifyText(identifier: Identifier, text: string): string[] {
  switch (identifier) {
    case 'registrationNumber':
      return registrationNumbers(text);
    case 'numSecu':
      return socialSecurityNumbers(text);
    case 'email':
      return emails(text);
    case 'nameAndBirthDate':
      return namesAndBirthDates(text);
  }
}

/** The key an employee is indexed under, or none (missing data). */
export function employeeKeys(
  identifier: Identifier,
  e: {
    registrationNumber: string | null;
    numSecu: string | null;
    email: string | null;
    name: string;
    firstName: string;
    birthDate: string | null;
  },
): string[] {
  switch (identifier) {
    case 'registrationNumber':
      return e.registrationNumber ? [e.registrationNumber.trim().toUpperCase()] : [];
    case 'numSecu': {
      const digits = (e.numSecu ?? '').toUpperCase().replace(/[^0-9AB]/g, '');
      return digits.length === 15 ? [digits, digits.slice(0, 13)] : digits.length === 13 ? [digits] : [];
    }
    case 'email':
      return e.email ? [e.email.trim().toLowerCase()] : [];
    case 'nameAndBirthDate':
      return e.birthDate ? [`${fold(e.name)} ${fold(e.firstName)}|${e.birthDate.slice(0, 10)}`] : [];
  }
}
