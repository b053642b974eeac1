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
  constructor(readonly problems: readonly DsnProblem[]) {
    super(problems.map((p) => `Ligne ${p.line} : ${p.message}`).join('\n'));
  }
}

export interface DsnEstablishment {
  readonly line: number;
  readonly siren: string;
  readonly nic: string;
  readonly siret: string;
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
}

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
}

interface OpenBlock {
  block: string;
  line: number;
  last: string;
  values: Record<string, string>;
  lines: Record<string, number>;
}

export function parseDsn(input: Uint8Array | string): DsnFile {
  const problems: DsnProblem[] = [];
  const decoded = typeof input === 'string' ? { text: input, encoding: 'utf-8' as const } : decodeDsnBytes(input);
  const rawLines = decoded.text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  // A trailing line break leaves one empty string; it is not a line of the file.
  if (rawLines.length > 1 && rawLines.at(-1) === '') rawLines.pop();
  const lastLine = Math.max(1, rawLines.length);

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
      const siren = block.values['001'] ?? '';
      if (!/^\d{9}$/.test(siren))
        fail(block.lines['001'] ?? block.line, `SIREN de l'entreprise (S21.G00.06.001) invalide : « ${siren} ».`);
      enterprise = block;
    } else if (block.block === 'S21.G00.11') {
      const nic = block.values['001'] ?? '';
      const siren: string = (enterprise as OpenBlock | null)?.values['001'] ?? '';
      if (!/^\d{5}$/.test(nic))
        fail(block.lines['001'] ?? block.line, `NIC de l'établissement (S21.G00.11.001) invalide : « ${nic} ».`);
      establishment = { line: block.line, siren, nic, siret: siren + nic };
      establishments.push(establishment);
    } else if (block.block === 'S21.G00.40' && individual) {
      individual.contracts.push({
        line: block.line,
        startDate: block.values['001'] || null,
        endDate: block.values['010'] || null,
        number: block.values['009'] || null,
      });
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
    const repeats = current?.block === line.block && line.rubric <= current.last;
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
    close(current);
    current = { block: line.block, line: no, last: line.rubric, values: {}, lines: {} };
    current.values[line.rubric] = line.value;
    current.lines[line.rubric] = no;

    if (line.block.startsWith('S10.')) seenS10 = true;
    else if (line.block.startsWith('S20.')) {
      if (!seenS10) fail(no, 'bloc déclaration (S20) avant le bloc émetteur (S10).');
      seenS20 = true;
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
      individual = { line: no, establishment, rubrics: {}, lines: {}, contracts: [] };
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
