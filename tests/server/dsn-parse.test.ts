import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeDsnBytes } from '../../src/server/modules/employee/dsn/encoding.ts';
import { dsnDate, nirKey, personOf } from '../../src/server/modules/employee/dsn/individual.ts';
import { DsnSyntaxError, hasLeft, parseDsn } from '../../src/server/modules/employee/dsn/parse.ts';

const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/dsn/${name}`, import.meta.url));

const HEAD = [
  "S10.G00.00.001,'LOGICIEL'",
  "S10.G00.00.006,'P25V01'",
  "S20.G00.05.001,'01'",
  "S21.G00.06.001,'812453678'",
  "S21.G00.11.001,'00029'",
];

/** The problems of a file the parser refuses. */
const problemsOf = (text: string) => {
  try {
    parseDsn(text);
  } catch (error) {
    if (error instanceof DsnSyntaxError) return error.problems;
    throw error;
  }
  throw new Error('the file was accepted');
};

describe('DSN parser', () => {
  it('reads UTF-8 with a stray Windows-1252 byte as UTF-8, the stray byte as Windows-1252; Latin-1 stays Latin-1', () => {
    const utf8 = Buffer.from("S21.G00.30.002,'BÉRANGER'\nS21.G00.30.008,'12 rue de l", 'utf8');
    const stray = Buffer.concat([utf8, Buffer.from([0x92]), Buffer.from("Église'\n", 'utf8')]);
    expect(decodeDsnBytes(stray)).toEqual({
      text: "S21.G00.30.002,'BÉRANGER'\nS21.G00.30.008,'12 rue de l’Église'\n",
      encoding: 'utf-8',
    });
    // œ and ’ as Windows-1252 writes them (0x9c, 0x92), and a Latin-1 é.
    const windows = Buffer.from([
      ...Buffer.from("S21.G00.30.008,'c", 'latin1'),
      0x9c,
      ...Buffer.from('ur l', 'latin1'),
      0x92,
      ...Buffer.from("île, é'", 'latin1'),
    ]);
    expect(decodeDsnBytes(windows)).toEqual({ text: "S21.G00.30.008,'cœur l’île, é'", encoding: 'latin-1' });
    expect(decodeDsnBytes(utf8).encoding).toBe('utf-8');
  });

  it('has left only when every contract has its end: a fixed-term contract ended then a permanent one stays', () => {
    const person = (...contractLines: string[]) =>
      parseDsn([...HEAD, "S21.G00.30.001,'1880375626176'", "S21.G00.30.002,'MARTIN'", ...contractLines].join('\n'))
        .individuals[0]!;
    const cdd = ["S21.G00.40.001,'01102026'", "S21.G00.40.007,'02'"];
    const cddEnd = ["S21.G00.62.001,'31102026'", "S21.G00.62.002,'031'"];
    const cdi = ["S21.G00.40.001,'01112026'", "S21.G00.40.007,'01'"];
    expect(hasLeft(person(...cdd, ...cddEnd, ...cdi))).toBe(false);
    expect(hasLeft(person(...cdd, ...cddEnd))).toBe(true);
    expect(hasLeft(person(...cdd, ...cddEnd, ...cdi, "S21.G00.62.001,'30112026'", "S21.G00.62.002,'059'"))).toBe(true);
    expect(hasLeft(person(...cdi))).toBe(false);
  });

  it('nests individuals under the establishment seen last, and contracts under their individual', () => {
    const file = parseDsn(
      [
        ...HEAD,
        "S21.G00.30.001,'1880375626176'",
        "S21.G00.30.002,'ANDRÉ'",
        "S21.G00.40.001,'01092015'",
        "S21.G00.40.009,'C1'",
        "S21.G00.40.001,'01012024'",
        "S21.G00.40.009,'C2'",
        "S21.G00.50.001,'31052026'",
        "S21.G00.30.001,'2920475112233'",
        "S21.G00.30.002,'LEFÈVRE'",
        "S21.G00.11.001,'00052'",
        "S21.G00.30.001,'2640613758981'",
        "S21.G00.30.002,'BERNARD'",
      ].join('\n'),
    );
    expect(file.establishments.map((e) => [e.siret, e.line])).toEqual([
      ['81245367800029', 5],
      ['81245367800052', 15],
    ]);
    expect(file.individuals.map((i) => [i.line, i.rubrics['002'], i.establishment.siret])).toEqual([
      [6, 'ANDRÉ', '81245367800029'],
      [13, 'LEFÈVRE', '81245367800029'],
      [16, 'BERNARD', '81245367800052'],
    ]);
    expect(file.individuals[0]?.contracts.map((c) => [c.line, c.number, c.startDate])).toEqual([
      [8, 'C1', '01092015'],
      [10, 'C2', '01012024'],
    ]);
    expect(file.individuals[0]?.lines['002']).toBe(7);
  });

  it('reads quoted values: a doubled quote is one apostrophe, a single one inside is kept, spaces tolerated', () => {
    const file = parseDsn(
      [
        ...HEAD,
        "  S21.G00.30.001 ,  '1880375626176'  ",
        "S21.G00.30.002,'D''ALMEIDA'",
        "S21.G00.30.003,'L'HERMITE'",
        'S21.G00.30.004,JEAN',
        "S21.G00.30.008,'3, rue de l''Église'",
      ].join('\n'),
    );
    expect(file.individuals[0]?.rubrics).toEqual({
      '001': '1880375626176',
      '002': "D'ALMEIDA",
      '003': "L'HERMITE",
      '004': 'JEAN',
      '008': "3, rue de l'Église",
    });
  });

  it('reads the same individuals from the UTF-8 LF file and its Latin-1 CRLF twin', () => {
    const utf8 = parseDsn(fixture('valid-utf8-lf.dsn'));
    const latin1 = parseDsn(fixture('valid-latin1-crlf.dsn'));
    expect(utf8.encoding).toBe('utf-8');
    expect(latin1.encoding).toBe('latin-1');
    expect(utf8.individuals).toHaveLength(8);
    expect(latin1.individuals).toEqual(utf8.individuals);
    expect(utf8.individuals.map((i) => i.rubrics['002'])).toContain('LEFÈVRE');
    expect(utf8.establishments.map((e) => e.siret)).toEqual(['81245367800029', '81245367800052', '38291045300028']);
  });

  it('skips a UTF-8 byte order mark and counts lines the same with CR, LF or CRLF', () => {
    const text = [...HEAD, "S21.G00.30.001,'1880375626176'"].join('\r');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const file = parseDsn(bom);
    expect(file.encoding).toBe('utf-8');
    expect(file.individuals[0]?.line).toBe(6);
  });

  it('refuses the malformed fixtures with the line of the defect', () => {
    const first = (name: string) => {
      try {
        parseDsn(fixture(name));
      } catch (error) {
        if (error instanceof DsnSyntaxError) return error.problems[0];
      }
      return undefined;
    };
    expect(first('malformed-unterminated-quote.dsn')).toEqual({
      line: 46,
      message: 'guillemet fermant manquant après la valeur de S21.G00.30.010.',
    });
    expect(first('malformed-no-comma.dsn')?.line).toBe(54);
    expect(first('malformed-no-comma.dsn')?.message).toMatch(/^virgule attendue/);
    expect(first('malformed-missing-enterprise.dsn')).toEqual({
      line: 25,
      message: 'bloc établissement (S21.G00.11) sans bloc entreprise (S21.G00.06) avant lui.',
    });
  });

  it('reports every problem, each with its line', () => {
    const problems = problemsOf(
      [...HEAD, "S21.G00.30.001,'123", 'S21.G00.30.002 DUPONT', "X21.G00.30.004,'JEAN'"].join('\n'),
    );
    expect(problems.map((p) => p.line)).toEqual([6, 7, 8]);
    expect(problems[2]?.message).toMatch(/rubrique « X21\.G00\.30\.004 » non reconnue/);
  });

  it('refuses files missing the mandatory blocks or identifiers', () => {
    expect(problemsOf('')).toEqual([{ line: 1, message: 'le fichier est vide.' }]);
    expect(problemsOf("S21.G00.30.001,'1'")[0]?.message).toMatch(/avant lui/);
    expect(problemsOf(HEAD.slice(0, 2).join('\n'))).toEqual([{ line: 2, message: 'bloc déclaration (S20) absent.' }]);
    expect(problemsOf(HEAD.slice(2).join('\n'))[0]).toEqual({
      line: 1,
      message: 'bloc déclaration (S20) avant le bloc émetteur (S10).',
    });
    expect(problemsOf(HEAD.slice(0, 4).join('\n'))[0]?.message).toBe(
      'aucun bloc établissement (S21.G00.11) dans le fichier.',
    );
  });

  it('keeps a mistyped SIREN or NIC as a problem of that establishment, not of the file', () => {
    const nic = parseDsn([...HEAD.slice(0, 4), "S21.G00.11.001,'29'"].join('\n'));
    expect(nic.establishments[0]?.problem).toBe(
      "NIC de l'établissement « 29 » invalide (S21.G00.11.001, ligne 5 : 5 chiffres attendus)",
    );
    const siren = parseDsn([...HEAD.slice(0, 3), "S21.G00.06.001,'81245'", HEAD[4]].join('\n'));
    expect(siren.establishments[0]?.problem).toMatch(
      /^SIREN de l'entreprise « 81245 » invalide \(S21.G00.06.001, ligne 4/,
    );
    expect(parseDsn(HEAD.join('\n')).establishments[0]?.problem).toBeNull();
  });

  it('refuses in one sentence a file that is not a DSN at all', () => {
    expect(() => parseDsn(new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n'))).toThrow(
      /^Ligne 1 : Ce fichier est un PDF, pas une DSN/,
    );
    expect(problemsOf('Nom;Prénom\nDupont;Jean')).toHaveLength(1);
    expect(problemsOf('\n\nNom;Prénom')[0]?.line).toBe(3);
  });

  it('ignores a DOS end-of-file mark or NUL padding after the last line, nowhere else', () => {
    const lines = `${[...HEAD, "S21.G00.30.001,'1880375626176'", "S21.G00.30.002,'MARTIN'"].join('\r\n')}\r\n`;
    const encode = (text: string, ...tail: number[]) => new Uint8Array([...new TextEncoder().encode(text), ...tail]);
    for (const tail of [[0x1a], [0x00, 0x00, 0x00, 0x00], [0x1a, 0x0d, 0x0a]]) {
      const file = parseDsn(encode(lines, ...tail));
      expect(file.individuals.map((i) => i.rubrics['002'])).toEqual(['MARTIN']);
      expect(file.lineCount).toBe(7);
    }
    // Inside the file it is still binary content.
    expect(() => parseDsn(encode(`${HEAD.join('\n')}\n\u001a\n${HEAD[0]}\n`))).toThrow(
      /Ligne 6 : caractère de contrôle/,
    );
  });

  it("keeps an individual's rubrics written out of order in one individual; 001 or a repeated rubric starts the next", () => {
    const file = parseDsn(
      [
        ...HEAD,
        "S21.G00.30.001,'1880375626176'",
        "S21.G00.30.004,'Hugo'",
        "S21.G00.30.002,'TARDIF'",
        "S21.G00.30.006,'03031988'",
        "S21.G00.30.019,'A01'",
        "S21.G00.30.018,'hugo.tardif@example.fr'",
        "S21.G00.30.002,'SANS NIR'",
        "S21.G00.30.004,'Lina'",
        "S21.G00.30.001,'2900175626176'",
        "S21.G00.30.002,'DURAND'",
      ].join('\n'),
    );
    expect(
      file.individuals.map((i) => [i.rubrics['001'], i.rubrics['002'], i.rubrics['004'], i.rubrics['018']]),
    ).toEqual([
      ['1880375626176', 'TARDIF', 'Hugo', 'hugo.tardif@example.fr'],
      [undefined, 'SANS NIR', 'Lina', undefined],
      ['2900175626176', 'DURAND', undefined, undefined],
    ]);
  });

  it("gives an individual's rubric written after its contract to that individual", () => {
    const file = parseDsn(
      [
        ...HEAD,
        "S21.G00.30.001,'1880375626176'",
        "S21.G00.30.002,'TARDIF'",
        "S21.G00.40.001,'01012024'",
        "S21.G00.30.018,'hugo.tardif@example.fr'",
        "S21.G00.30.001,'2900175626176'",
        "S21.G00.30.002,'DURAND'",
      ].join('\n'),
    );
    expect(file.individuals.map((i) => [i.rubrics['002'], i.rubrics['018'], i.contracts.length])).toEqual([
      ['TARDIF', 'hugo.tardif@example.fr', 1],
      ['DURAND', undefined, 0],
    ]);
  });

  it('refuses a cancelling declaration (type 05) and a « néant » one (02, 04): they import nobody', () => {
    const ofType = (type: string) =>
      [HEAD[0], HEAD[1], HEAD[2], `S20.G00.05.002,'${type}'`, ...HEAD.slice(3), "S21.G00.30.001,'1880375626176'"].join(
        '\n',
      );
    const typed = (type: string) => problemsOf(ofType(type));
    expect(typed('05')).toEqual([{ line: 4, message: expect.stringContaining("déclaration d'annulation") }]);
    expect(typed('02')[0]?.message).toContain('néant');
    expect(typed('04')[0]?.message).toContain('néant');
    // Normal (01) and « annule et remplace » (03) import as usual.
    for (const type of ['01', '03']) expect(parseDsn(ofType(type)).individuals).toHaveLength(1);
  });

  it('refuses binary content rather than guessing', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`${HEAD.join('\n')}\n`), 0x00, 0x01, 0x02]);
    expect(() => parseDsn(bytes)).toThrow(/Ligne 6 : caractère de contrôle/);
  });
});

describe('DSN individual to employee fields', () => {
  it('turns DSN dates into ISO dates only when they exist', () => {
    expect(dsnDate('17031988')).toBe('1988-03-17');
    expect(dsnDate('29022024')).toBe('2024-02-29');
    expect(dsnDate('29022023')).toBeNull();
    expect(dsnDate('31021990')).toBeNull();
    expect(dsnDate('1988-03-17')).toBeNull();
  });

  it('adds the NIR key (Corsica included) to make the 15-character social security number', () => {
    expect(nirKey('1880375626176')).toBe('22');
    expect(nirKey('2640613758981')).toBe('45');
    // INSEE: 2A counts as 19 and 2B as 18 for the key.
    expect(nirKey('185072A123456')).toBe(nirKey('1850719123456'));
    expect(nirKey('185072B123456')).toBe(nirKey('1850718123456'));
    expect(nirKey('185072A123456')).not.toBe(nirKey('185072B123456'));
    expect(nirKey('12345')).toBeNull();
  });

  it('maps names, address, e-mail and registration number', () => {
    const file = parseDsn(fixture('valid-utf8-lf.dsn'));
    const ines = personOf(file.individuals[3]!);
    expect(ines).toEqual({
      name: 'Moreau',
      firstName: 'Inès',
      birthDate: '1985-07-09',
      email: 'ines.moreau@exemple.fr',
      numSecu: '285076912345623',
      nir13: '2850769123456',
      registrationNumber: 'HSP-00202',
      address: { street: '25 QUAI DE JEMMAPES', postal: '75010', city: 'Paris', country: 'France' },
    });
    const noemie = personOf(file.individuals[2]!);
    expect(noemie.firstName).toBe('Noémie');
    expect(noemie.address.complement).toBe('BÂTIMENT B');
    expect(personOf(file.individuals[6]!).birthDate).toBe('31021990');
  });

  it("capitalises names after a space, a hyphen and either apostrophe (O'NEIL as O’NEIL)", () => {
    const named = (familyName: string) =>
      personOf(
        parseDsn([...HEAD, "S21.G00.30.001,'1880375626176'", `S21.G00.30.002,'${familyName}'`].join('\n'))
          .individuals[0]!,
      ).name;
    expect(named("D''ALMEIDA")).toBe("D'Almeida");
    expect(named('O’NEIL')).toBe('O’Neil');
    expect(named('LE GALL-MARTIN')).toBe('Le Gall-Martin');
  });
});
