/**
 * Why an individual was not imported: a key for the screen (`dsn.rejected.*` with values) and the
 * same reason in French, so an API caller reads it without the locale files.
 */
import type { DsnRejectionCode } from '../../../../contract/dsn.ts';
import { SEED_TEXTS } from '../../../../contract/keys.ts';
import { type EmployeeField, type FieldErrors, fieldMessageKey } from '../../../../contract/validation.ts';
import { frenchText } from '../../../http/french.ts';
import { RUBRICS } from './individual.ts';
import type { DsnIndividual } from './parse.ts';

export interface Rejection {
  readonly code: DsnRejectionCode;
  readonly key: string;
  readonly values: Record<string, string>;
  readonly reason: string;
  readonly fields?: Record<string, string>;
}

/** French texts of the `validation.*` keys (fr.json holds the same, for the browser). */
const RULE_TEXTS: Readonly<Record<string, string>> = {
  'validation.required': SEED_TEXTS.required,
  'validation.format': SEED_TEXTS.badFormat,
  'validation.numSecu': SEED_TEXTS.numSecuLength,
  'validation.numSecuCharacters': 'Le numéro ne peut contenir que des chiffres (2A ou 2B pour une naissance en Corse)',
  'validation.numSecuKey': 'La clé du numéro de sécurité sociale ne correspond pas au numéro',
  'validation.birthDateFuture': "La date de naissance ne peut pas être postérieure à aujourd'hui",
  'validation.postalCode': 'Code postal incorrect',
  'validation.country': 'Pays inconnu',
};

const FIELDS: Readonly<Record<EmployeeField, { label: string; rubric: string }>> = {
  name: { label: 'Nom', rubric: RUBRICS.familyName },
  firstName: { label: 'Prénom', rubric: RUBRICS.firstNames },
  birthDate: { label: 'Date de naissance', rubric: RUBRICS.birthDate },
  email: { label: 'E-mail', rubric: RUBRICS.email },
  phone: { label: 'Téléphone', rubric: RUBRICS.email },
  numSecu: { label: 'N° de sécurité sociale', rubric: RUBRICS.nir },
  postal: { label: 'Code postal', rubric: RUBRICS.postal },
  country: { label: 'Pays', rubric: RUBRICS.country },
};

export const unknownEstablishment = (siret: string, line: number): Rejection => ({
  code: 'UNKNOWN_ESTABLISHMENT',
  key: 'dsn.rejected.unknownEstablishment',
  values: { siret, establishmentLine: String(line) },
  reason: `Établissement inconnu : aucune organisation de SIRET ${siret} (bloc établissement ligne ${line}).`,
});

export const invalidEstablishment = (siret: string, line: number, problem: string): Rejection => ({
  code: 'INVALID_ESTABLISHMENT',
  key: 'dsn.rejected.invalidEstablishment',
  values: { siret, establishmentLine: String(line), problem },
  reason: `Établissement mal identifié (bloc établissement ligne ${line}) : ${problem}.`,
});

/** One NIR carried by several identities in the same file: none of them is applied. */
export const nirConflict = (nir: string, lines: readonly number[]): Rejection => ({
  code: 'NIR_CONFLICT',
  key: 'dsn.rejected.nirConflict',
  values: { nir, lines: lines.join(', ') },
  reason: `Le numéro de sécurité sociale ${nir} figure avec des identités différentes (lignes ${lines.join(', ')}) : aucune n'est appliquée.`,
});

export const conflict = (name: string, firstName: string): Rejection => ({
  code: 'IDENTITY_CONFLICT',
  key: 'dsn.rejected.identityConflict',
  values: { existing: `${firstName} ${name}` },
  reason: `Le matricule ou l'e-mail correspond à ${firstName} ${name}, dont le numéro de sécurité sociale est différent.`,
});

export const limitReached = (limit: number): Rejection => ({
  code: 'CANT_CREATE_EMP_ERROR',
  key: 'dsn.rejected.cantCreateEmpError',
  values: { limit: String(limit) },
  reason: `Limite de salariés de l'abonnement atteinte (${limit}) : salarié non créé.`,
});

/** The database's own message goes to the server log, never to the user. */
export const storageFailed = (): Rejection => ({
  code: 'STORAGE_ERROR',
  key: 'dsn.rejected.storageError',
  values: {},
  reason: 'Enregistrement impossible.',
});

/** One line per broken field: its label, the DSN value and its line, the rule's text. */
export function fieldRejection(errors: FieldErrors<EmployeeField>, individual: DsnIndividual): Rejection {
  const parts: string[] = [];
  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(errors) as [EmployeeField, string][]) {
    fields[field] = rule;
    const { label, rubric } = FIELDS[field];
    const value = individual.rubrics[rubric];
    const line = individual.lines[rubric];
    const where = `S21.G00.30.${rubric}${line ? `, ligne ${line}` : ''}`;
    // « Format incorrect » says what is expected (issue 15); a DSN date is written JJMMAAAA, not as the form's.
    const key = field === 'birthDate' ? rule : fieldMessageKey(field, rule);
    // A value of thousands of characters is named by its start.
    const shown = value && value.length > 60 ? `${value.slice(0, 60)}…` : value;
    parts.push(`${label}${shown ? ` « ${shown} »` : ''} (${where}) : ${RULE_TEXTS[key] ?? frenchText(key)}`);
  }
  return {
    code: 'INVALID_DATA',
    key: 'dsn.rejected.invalidData',
    values: { detail: parts.join(' ; ') },
    reason: `Données invalides : ${parts.join(' ; ')}.`,
    fields,
  };
}
