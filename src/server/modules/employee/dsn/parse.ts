/**
 * DSN parser (norme NEODeS, "DSN mensuelle" flat format): one rubric a line, `S21.G00.30.002,'DUPONT'`.
 * Blocks (`S21.G00.30`) carry no explicit end: they nest by their order, so an individual belongs
 * to the establishment seen last, which belongs to the enterprise seen last. The parser only keeps
 * what the directory needs (enterprise, establishment, individual, contract) and checks the
 * structure; every problem is reported with its line, and any problem rejects the whole file.
 */
import { decodeDsnBytes } from './encoding.ts';

export interface DsnProblem {
  /** 1-based line number. */
  readonly line: number;
  /** French text, shown to the user as is. */
  readonly message: string;
}

/** A malformed file: nothing in it may be imported. */
export class DsnSyntaxError extends Error {
  constructor(
    readonly problems: readonly DsnProblem[],
    /** The file is not a DSN at all (a PDF, a spreadsheet…): its one problem says what it is. */
    readonly notDsn = false,
  ) {
    super(problems.map((p) => `Ligne ${p.line} : ${p.message}`).join('\n'));
  }
}

export interface DsnEstablishment {
  readonly line: number;
  readonly siren: string;
  readonly nic: string;
  readonly siret: string;
  /**
   * What is wrong with its identifiers (a SIREN that is not 9 digits, a NIC that is not 5), in
   * French; null when they are well formed. Its individuals are rejected, the rest of the file is not.
   */
  readonly problem: string | null;
}

/** A contract end (block S21.G00.62): the employee left that establishment. */
export interface DsnContractEnd {
  readonly line: number;
  /** Raw JJMMAAAA (S21.G00.62.001). */
  readonly date: string | null;
  /** Motif de rupture (S21.G00.62.002), e.g. '059' démission. */
  readonly reason: string | null;
  /** Index in `contracts` of the contract it ends (the S21.G00.40 before it); -1 when none came before. */
  readonly contract: number;
}

export interface DsnContract {
  readonly line: number;
  /** Raw JJMMAAAA values, as written in the file. */
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly number: string | null;
}

export interface DsnIndividual {
  readonly line: number;
  readonly establishment: DsnEstablishment;
  /** Rubric number (`001`…) → value, for the S21.G00.30 block. */
  readonly rubrics: Readonly<Record<string, string>>;
  /** Rubric number → line, so a bad value can be pointed at. */
  readonly lines: Readonly<Record<string, number>>;
  readonly contracts: readonly DsnContract[];
  readonly contractEnds: readonly DsnContractEnd[];
  /** Nature of the declaration holding it (S20.G00.05.001): '01' monthly, '07' end of contract (FCTU)… */
  readonly declarationNature: string | null;
}

/** Declaration natures that report a contract's end (S20.G00.05.001). */
export const END_OF_CONTRACT_NATURES: ReadonlySet<string> = new Set(['07']);

/**
 * The individual left its establishment: every contract declared for it has its end block (S21.G00.62
 * belongs to the S21.G00.40 before it), or the declaration reports an end of contract. A fixed-term
 * contract ended and followed by a permanent one in the same month has not left.
 */
export const hasLeft = (individual: DsnIndividual): boolean => {
  if (individual.declarationNature !== null && END_OF_CONTRACT_NATURES.has(individual.declarationNature)) return true;
  if (individual.contractEnds.length === 0) return false;
  const ended = new Set(individual.contractEnds.map((e) => e.contract));
  return individual.contracts.every((_, i) => ended.has(i)) || ended.has(-1);
};

export interface DsnFile {
  readonly encoding: 'utf-8' | 'latin-1';
  readonly lineCount: number;
  readonly establishments: readonly DsnEstablishment[];
  readonly individuals: readonly DsnIndividual[];
}

/** Rubric code: structure (S10, S20, S21…), group, block, rubric. */
const RUBRIC = /^(S\d{2}\.G\d{2}\.\d{2})\.(\d{3})$/;
/** Past this many problems the file is clearly not a DSN; more lines would not help the user. */
const MAX_PROBLEMS = 20;

interface Line {
  readonly no: number;
  readonly block: string;
  readonly rubric: string;
  readonly value: string;
}

/** Splits a line into rubric and value; `'…'` quoting with `''` for a quote inside. */
function readLine(raw: string, no: number, problems: DsnProblem[]): Line | null {
  const text = raw.trim();
  const comma = text.indexOf(',');
  if (comma < 0) {
    problems.push({ line: no, message: `virgule attendue entre la rubrique et sa valeur (« ${clip(text)} »).` });
    return null;
  }
  const code = text.slice(0, comma).trim();
  const match = RUBRIC.exec(code);
  if (!match) {
    problems.push({ line: no, message: `rubrique « ${clip(code)} » non reconnue (forme attendue : S21.G00.30.001).` });
    return null;
  }
  let value = text.slice(comma + 1).trim();
  if (value.startsWith("'")) {
    // The closing quote is the last character: an apostrophe inside a name (D'ALMEIDA) is kept
    // whether or not the sender doubled it.
    if (value.length < 2 || !value.endsWith("'")) {
      problems.push({ line: no, message: `guillemet fermant manquant après la valeur de ${code}.` });
      return null;
    }
    value = value.slice(1, -1).replace(/''/g, "'");
  }
  return { no, block: match[1] ?? '', rubric: match[2] ?? '', value: value.trim() };
}

/** Code of the first control character other than tab (binary content), or null. */
function controlCharacter(text: string): number | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f) return code;
  }
  return null;
}

const clip = (text: string): string => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

interface OpenIndividual {
  line: number;
  establishment: DsnEstablishment;
  rubrics: Record<string, string>;
  lines: Record<string, number>;
  contracts: DsnContract[];
  contractEnds: DsnContractEnd[];
  declarationNature: string | null;
}

interface OpenBlock {
  block: string;
  line: number;
  last: string;
  values: Record<string, string>;
  lines: Record<string, number>;
}

/** Magic numbers of what people drop by mistake instead of a DSN, named in the one-sentence refusal. */
const NOT_DSN_KINDS: readonly { readonly magic: string; readonly kind: string }[] = [
  { magic: '%PDF', kind: 'un PDF' },
  { magic: 'PK\u0003\u0004', kind: 'une archive ZIP ou un document Office (Excel, Word)' },
  { magic: '\u00d0\u00cf\u0011\u00e0', kind: 'un document Office ancien (Excel, Word)' },
  { magic: '\u0089PNG', kind: 'une image PNG' },
  { magic: '\u00ff\u00d8\u00ff', kind: 'une image JPEG' },
];

/**
 * A file that is not a DSN at all is refused in one sentence (not twenty parse errors): its first
 * non-blank line must be a rubric (`S10.G00.00.001,'…'`).
 */
function notADsn(text: string): DsnProblem | null {
  const kind = NOT_DSN_KINDS.find((k) => text.startsWith(k.magic))?.kind;
  if (kind)
    return {
      line: 1,
      message: `Ce fichier est ${kind}, pas une DSN : choisissez le fichier .dsn exporté par le logiciel de paie.`,
    };
  const first = text.split(/\r\n|\n|\r/).findIndex((line) => line.trim() !== '');
  if (first < 0) return null;
  const line = text.split(/\r\n|\n|\r/)[first] ?? '';
  if (RUBRIC.test(line.trim().split(',')[0]?.trim() ?? '') && controlCharacter(line) === null) return null;
  return {
    line: first + 1,
    message:
      "Ce fichier n'est pas une DSN : une DSN est un fichier texte dont chaque ligne commence par une rubrique comme S10.G00.00.001,'…'.",
  };
}

/**
 * The text without what old transfer tools leave after the last line: a DOS end-of-file mark (Ctrl-Z,
 * code 26) or NUL padding to a block size. Anywhere else a control character still refuses the file.
 */
function withoutEndPadding(text: string): string {
  let end = text.length;
  const padding = (code: number) => code === 0x00 || code === 0x1a || code === 0x0a || code === 0x0d;
  while (end > 0 && padding(text.charCodeAt(end - 1))) end -= 1;
  const tail = text.slice(end);
  return tail.includes('\u0000') || tail.includes('\u001a') ? `${text.slice(0, end)}\n` : text;
}

export function parseDsn(input: Uint8Array | string): DsnFile {
  const problems: DsnProblem[] = [];
  const decoded = typeof input === 'string' ? { text: input, encoding: 'utf-8' as const } : decodeDsnBytes(input);
  const text = withoutEndPadding(decoded.text.replace(/^\uFEFF/, ''));
  const foreign = notADsn(text);
  if (foreign) throw new DsnSyntaxError([foreign], true);
  const rawLines = text.split(/\r\n|\n|\r/);
  // A trailing line break leaves one empty string; it is not a line of the file.
  if (rawLines.length > 1 && rawLines.at(-1) === '') rawLines.pop();
  const lastLine = Math.max(1, rawLines.length);
  let declarationNature: string | null = null;

  let seenS10 = false;
  let seenS20 = false;
  let enterprise: OpenBlock | null = null;
  let establishment: DsnEstablishment | null = null;
  let individual: OpenIndividual | null = null;
  let current: OpenBlock | null = null;
  const establishments: DsnEstablishment[] = [];
  const individuals: DsnIndividual[] = [];

  const fail = (line: number, message: string) => problems.push({ line, message });

  /** Called when a block instance ends: attaches it where it belongs. */
  const close = (block: OpenBlock | null) => {
    if (!block) return;
    if (block.block === 'S21.G00.06') {
      enterprise = block;
    } else if (block.block === 'S21.G00.11') {
      const nic = (block.values['001'] ?? '').replace(/\s/g, '');
      const ent = enterprise as OpenBlock | null;
      const siren: string = (ent?.values['001'] ?? '').replace(/\s/g, '');
      // A mistyped identifier is a problem of this establishment's individuals, not of the file.
      const problem = !/^\d{9}$/.test(siren)
        ? `SIREN de l'entreprise « ${siren} » invalide (S21.G00.06.001, ligne ${ent?.lines['001'] ?? ent?.line ?? block.line} : 9 chiffres attendus)`
        : !/^\d{5}$/.test(nic)
          ? `NIC de l'établissement « ${nic} » invalide (S21.G00.11.001, ligne ${block.lines['001'] ?? block.line} : 5 chiffres attendus)`
          : null;
      establishment = { line: block.line, siren, nic, siret: siren + nic, problem };
      establishments.push(establishment);
    } else if (block.block === 'S21.G00.40' && individual) {
      individual.contracts.push({
        line: block.line,
        startDate: block.values['001'] || null,
        endDate: block.values['010'] || null,
        number: block.values['009'] || null,
      });
    } else if (block.block === 'S21.G00.62' && individual) {
      individual.contractEnds.push({
        line: block.line,
        date: block.values['001'] || null,
        reason: block.values['002'] || null,
        contract: individual.contracts.length - 1,
      });
    } else if (block.block === 'S20.G00.05') {
      declarationNature = block.values['001'] || null;
      // Type (S20.G00.05.002): 05 cancels a declaration already filed; 02 and 04 declare nobody.
      const type = block.values['002'];
      const line = block.lines['002'] ?? block.line;
      if (type === '05')
        fail(
          line,
          "déclaration d'annulation (S20.G00.05.002 = 05) : elle annule une DSN déjà déposée, aucun salarié n'en est importé.",
        );
      else if (type === '02' || type === '04')
        fail(
          line,
          `déclaration « néant » (S20.G00.05.002 = ${type}) : elle ne déclare aucun salarié ; importez la DSN normale du mois.`,
        );
    }
  };

  rawLines.forEach((raw, index) => {
    if (problems.length >= MAX_PROBLEMS) return;
    const no = index + 1;
    if (raw.trim() === '') return;
    const control = controlCharacter(raw);
    if (control !== null) {
      fail(no, `caractère de contrôle (code ${control}) : ce n'est pas un fichier DSN texte.`);
      return;
    }
    const line = readLine(raw, no, problems);
    if (!line) return;
    // A block's next instance starts at its first rubric (001) or at a rubric this instance already has.
    // Rubrics out of order within one instance (the norm wants them ascending; some software does not)
    // stay in it: splitting there made phantom individuals « without name » out of one person.
    const repeats =
      current?.block === line.block &&
      line.rubric <= current.last &&
      (line.rubric === '001' || current.values[line.rubric] !== undefined);
    if (current?.block === line.block && !repeats) {
      current.values[line.rubric] = line.value;
      current.lines[line.rubric] = no;
      current.last = line.rubric;
      if (current.block === 'S21.G00.30' && individual) {
        individual.rubrics[line.rubric] = line.value;
        individual.lines[line.rubric] = no;
      }
      return;
    }
    // An individual's rubric written after its contract blocks (not its 001, not one it already has)
    // is still that individual's, not a new person without a name.
    if (
      line.block === 'S21.G00.30' &&
      individual &&
      current?.block !== line.block &&
      line.rubric !== '001' &&
      individual.rubrics[line.rubric] === undefined
    ) {
      individual.rubrics[line.rubric] = line.value;
      individual.lines[line.rubric] = no;
      return;
    }
    close(current);
    current = { block: line.block, line: no, last: line.rubric, values: {}, lines: {} };
    current.values[line.rubric] = line.value;
    current.lines[line.rubric] = no;

    if (line.block.startsWith('S10.')) seenS10 = true;
    else if (line.block.startsWith('S20.')) {
      if (!seenS10) fail(no, 'bloc déclaration (S20) avant le bloc émetteur (S10).');
      seenS20 = true;
      declarationNature = null;
      enterprise = null;
      establishment = null;
      individual = null;
    } else if (line.block === 'S21.G00.06') {
      if (!seenS20) fail(no, 'bloc entreprise (S21.G00.06) avant le bloc déclaration (S20).');
      enterprise = null;
      establishment = null;
      individual = null;
    } else if (line.block === 'S21.G00.11') {
      if (!enterprise) fail(no, 'bloc établissement (S21.G00.11) sans bloc entreprise (S21.G00.06) avant lui.');
      establishment = null;
      individual = null;
    } else if (line.block === 'S21.G00.30') {
      if (!establishment) {
        fail(no, 'bloc individu (S21.G00.30) sans bloc établissement (S21.G00.11) avant lui.');
        individual = null;
        return;
      }
      individual = {
        line: no,
        establishment,
        rubrics: {},
        lines: {},
        contracts: [],
        contractEnds: [],
        declarationNature,
      };
      individual.rubrics[line.rubric] = line.value;
      individual.lines[line.rubric] = no;
      individuals.push(individual);
    } else if (line.block === 'S21.G00.40' && !individual) {
      fail(no, 'bloc contrat (S21.G00.40) sans bloc individu (S21.G00.30) avant lui.');
    }
  });
  close(current);

  if (problems.length === 0) {
    if (rawLines.every((raw) => raw.trim() === '')) fail(1, 'le fichier est vide.');
    else if (!seenS10) fail(1, 'bloc émetteur (S10) absent : ce fichier ne semble pas être une DSN.');
    else if (!seenS20) fail(lastLine, 'bloc déclaration (S20) absent.');
    else if (establishments.length === 0) fail(lastLine, 'aucun bloc établissement (S21.G00.11) dans le fichier.');
  }
  if (problems.length > 0) throw new DsnSyntaxError(problems);
  return { encoding: decoded.encoding, lineCount: rawLines.length, establishments, individuals };
}
