/**
 * `POST /api/emp/employees/dsn` over the real app and a seeded database: what is created, updated
 * and rejected, and that a malformed file changes nothing.
 */
import { readFileSync } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DsnImportResult } from '../../src/contract/dsn.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import type { Db } from '../../src/server/db/db.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

const DSN_URL = routeUrl('employees.dsn');
const fixture = (name: string): Buffer => readFileSync(new URL(`../fixtures/dsn/${name}`, import.meta.url));

/** A multipart body with one file part, as a browser's FormData sends it. */
function formData(field: string, filename: string, bytes: Buffer) {
  const boundary = '----dsn-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A DSN's head up to Horizon Services Paris's establishment (SIREN 812453678, NIC 00029). */
const PARIS_HEAD = [
  "S10.G00.00.001,'LOGICIEL'",
  "S10.G00.00.006,'P26V01'",
  "S20.G00.05.001,'01'",
  "S21.G00.06.001,'812453678'",
  "S21.G00.11.001,'00029'",
];
const countEmployees = async (db: Db, schema = 'dom_main') =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.employees`)).rows[0]?.n;

const employeeByNir = async (db: Db, nir13: string) =>
  (
    await db.query<{ name: string; first_name: string; address: { street?: string }; active: boolean; reg: string }>(
      `SELECT e.name, e.first_name, e.address, eo.active, eo.registration_number AS reg
         FROM dom_main.employees e JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
        WHERE left(e.num_secu, 13) = $1`,
      [nir13],
    )
  ).rows;

describe('DSN import API', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createSeededDb();
    app = await testApp(t.db);
    // Until app.ts registers @fastify/multipart, the tests register it here; the wiring test below
    // fails meanwhile, so the product cannot ship without it.
    if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
    admin = await login(app, 'admin');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await t?.dispose();
  });

  const upload = (session: LoggedIn, bytes: Buffer, field = 'dsn') => {
    const { payload, headers } = formData(field, 'mai-2026.dsn', bytes);
    return app.inject({ method: 'POST', url: DSN_URL, headers: { ...authHeaders(session), ...headers }, payload });
  };

  it('app.ts registers multipart parsing, so the route receives the upload', async () => {
    const bare = await testApp(t.db);
    await bare.ready();
    expect(bare.hasContentTypeParser('multipart/form-data')).toBe(true);
    await bare.close();
  });

  it('refuses a malformed file with the line, and stores nothing', async () => {
    const before = await countEmployees(t.db);
    for (const [name, line] of [
      ['malformed-unterminated-quote.dsn', 46],
      ['malformed-no-comma.dsn', 54],
      ['malformed-missing-enterprise.dsn', 25],
    ] as const) {
      const res = await upload(admin, fixture(name));
      expect(res.statusCode, name).toBe(400);
      const body = res.json<{ key: string; message: string; errors: string[] }>();
      expect(body.key).toBe('employees.messages.dsnUpload.error');
      expect(body.message).toContain(`Ligne ${line} :`);
      expect(body.errors[0]).toMatch(new RegExp(`^Ligne ${line} : `));
    }
    // Valid individuals precede the defect in these files: none of them may have been written.
    expect(await countEmployees(t.db)).toBe(before);
    expect(await employeeByNir(t.db, '2920475112233')).toEqual([]);
  });

  it('answers 403 without the employee-list feature', async () => {
    await t.db.query(
      `UPDATE directory.users SET features = array_remove(features, 'EmpList') WHERE login = 'sansmail'`,
    );
    const other = await login(app, 'sansmail');
    const res = await upload(other, fixture('valid-utf8-lf.dsn'));
    expect(res.statusCode).toBe(403);
    expect(res.json<{ key: string }>().key).toBe('error.feature.forbidden');
  });

  it('answers 413 past 10 MB and 400 when the field is not `dsn`', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
    const res = await upload(admin, big);
    expect(res.statusCode).toBe(413);
    expect(res.json<{ key: string }>().key).toBe('error.upload.too-large');
    const wrongField = await upload(admin, fixture('valid-utf8-lf.dsn'), 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json<{ key: string }>().key).toBe('employees.messages.dsnUpload.error');
  });

  it('creates, updates and rejects per individual, with lines and reasons', async () => {
    const before = await countEmployees(t.db);
    const legacyBefore = await countEmployees(t.db, 'dom_legacy');
    const res = await upload(admin, fixture('valid-utf8-lf.dsn'));
    expect(res.statusCode).toBe(200);
    const result = res.json<DsnImportResult>();
    expect(result.encoding).toBe('utf-8');
    expect(result.individuals).toBe(8);
    expect(result.created.map((c) => [c.line, c.firstName, c.name, c.organizationName])).toEqual([
      [88, 'Noémie', 'Lefèvre', 'Horizon Services Paris'],
      [114, 'Inès', 'Moreau', 'Horizon Services Paris'],
      [186, 'Théo', 'Nguyen', 'Horizon Santé Marseille'],
    ]);
    expect(result.updated.map((u) => [u.line, u.firstName, u.name])).toEqual([
      [38, 'Frédéric', 'André'],
      [63, 'Stéphane', 'André'],
      [161, 'Hélène', 'Bernard'],
    ]);
    expect(result.rejected.map((r) => [r.line, r.code, r.key])).toEqual([
      [212, 'INVALID_DATA', 'dsn.rejected.invalidData'],
      [258, 'UNKNOWN_ESTABLISHMENT', 'dsn.rejected.unknownEstablishment'],
    ]);
    expect(result.rejected[0]?.fields).toEqual({ birthDate: 'validation.format' });
    expect(result.rejected[0]?.reason).toBe(
      'Données invalides : Date de naissance « 31021990 » (S21.G00.30.006, ligne 216) : Format incorrect.',
    );
    // The establishment exists, but in the legacy domain: this session's domain does not know it.
    expect(result.rejected[1]?.values.siret).toBe('38291045300028');
    expect(result.rejected[1]?.reason).toMatch(/^Établissement inconnu : aucune organisation de SIRET 38291045300028/);

    expect(await countEmployees(t.db)).toBe((before ?? 0) + 3);
    expect(await countEmployees(t.db, 'dom_legacy')).toBe(legacyBefore);
    const [frederic] = await employeeByNir(t.db, '1880375626176');
    expect(frederic?.address.street).toBe('7 RUE OBERKAMPF');
    const [stephane] = await employeeByNir(t.db, '1950275280407');
    expect(stephane?.active).toBe(true);
    const noemie = await employeeByNir(t.db, '2920475112233');
    expect(noemie).toEqual([
      expect.objectContaining({ name: 'Lefèvre', first_name: 'Noémie', active: true, reg: 'HSP-00201' }),
    ]);
  });

  it('imports the Latin-1 CRLF twin as updates of the same people, with accents intact', async () => {
    const before = await countEmployees(t.db);
    const res = await upload(admin, fixture('valid-latin1-crlf.dsn'));
    const result = res.json<DsnImportResult>();
    expect(result.encoding).toBe('latin-1');
    expect(result.created).toEqual([]);
    expect(result.updated.map((u) => u.name)).toEqual(['André', 'André', 'Lefèvre', 'Moreau', 'Bernard', 'Nguyen']);
    expect(result.rejected).toHaveLength(2);
    expect(await countEmployees(t.db)).toBe(before);
  });

  it('one person declared in two blocks (one per contract) is one employee, with what either block states', async () => {
    const nir = '1870275056134';
    const block = (extra: string[]) => [
      `S21.G00.30.001,'${nir}'`,
      "S21.G00.30.002,'GIRAUD'",
      "S21.G00.30.004,'PAUL'",
      "S21.G00.30.006,'01021987'",
      ...extra,
      "S21.G00.40.001,'01012026'",
    ];
    const text = [
      ...PARIS_HEAD,
      ...block(["S21.G00.30.019,'HSP-00777'"]),
      ...block(["S21.G00.30.018,'paul.giraud@exemple.fr'"]),
    ].join('\n');
    const res = await upload(admin, Buffer.from(text, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<DsnImportResult>();
    expect([result.individuals, result.created.length, result.updated.length, result.rejected]).toEqual([1, 1, 0, []]);
    expect(result.created[0]?.toValidate).toBeUndefined();
    const { rows } = await t.db.query<{ email: string | null; reg: string | null }>(
      `SELECT e.email, eo.registration_number AS reg FROM dom_main.employees e
         JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id WHERE left(e.num_secu, 13) = $1`,
      [nir],
    );
    expect(rows).toEqual([{ email: 'paul.giraud@exemple.fr', reg: 'HSP-00777' }]);
  });

  it('refuses a person whose name is longer than an employee holds, with the rubric and line, storing nothing', async () => {
    const before = await countEmployees(t.db);
    const text = [
      ...PARIS_HEAD,
      "S21.G00.30.001,'1870275056999'",
      `S21.G00.30.002,'${'LONGUE'.repeat(1000)}'`,
      "S21.G00.30.004,'PAUL'",
      "S21.G00.30.006,'01021987'",
      "S21.G00.30.018,'paul.long@exemple.fr'",
    ].join('\n');
    const res = await upload(admin, Buffer.from(text, 'utf8'));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<DsnImportResult>();
    expect(result.created).toEqual([]);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]!.reason).toContain('Trop long pour être enregistré');
    expect(result.rejected[0]!.reason).toContain('S21.G00.30.002, ligne 7');
    expect(result.rejected[0]!.reason.length).toBeLessThan(300);
    expect(await countEmployees(t.db)).toBe(before);
  });

  it('reads what a payroll package writes: no e-mail « à valider », leavers deactivated, one NIR with two identities refused, a mistyped NIC', async () => {
    const before = await countEmployees(t.db);
    const res = await upload(admin, fixture('payroll-package-latin1-crlf.dsn'));
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<DsnImportResult>();
    expect(result.encoding).toBe('latin-1');
    // Seven blocks, Hugo's twice: six persons, each in one list of the summary.
    expect(result.individuals).toBe(6);
    // Optional rubrics absent (no e-mail, no address): created all the same, waiting for validation.
    expect(result.created.map((c) => [c.line, c.firstName, c.name, c.toValidate])).toEqual([
      [30, 'Jules', 'Petit', true],
    ]);
    // A contract-end block (S21.G00.62) and a nature-07 declaration: deactivated in that organisation.
    // Hugo is declared twice (monthly, then end of contract): applied once, as a leaver.
    expect(result.deactivated.map((d) => [d.line, d.firstName, d.name, d.organizationName])).toEqual([
      [42, 'Léa', 'Roux', 'Horizon Services Paris'],
      [79, 'Hugo', 'Blanc', 'Horizon Santé Marseille'],
    ]);
    expect(result.rejected.map((r) => [r.line, r.code])).toEqual([
      [55, 'NIR_CONFLICT'],
      [60, 'NIR_CONFLICT'],
      [121, 'INVALID_ESTABLISHMENT'],
    ]);
    expect(result.rejected[0]?.values).toMatchObject({ lines: '55, 60' });
    expect(result.rejected[2]?.reason).toMatch(/NIC de l'établissement « 0029 » invalide/);
    expect(await countEmployees(t.db)).toBe((before ?? 0) + 3);
    expect(await employeeByNir(t.db, '1850375120456')).toEqual([]);
    const [jules] = await employeeByNir(t.db, '1990575056123');
    expect(jules).toMatchObject({ name: 'Petit', first_name: 'Jules', active: true });
    const { rows } = await t.db.query<{ needs_validation: boolean; email: string | null }>(
      `SELECT needs_validation, email FROM dom_main.employees WHERE left(num_secu, 13) = '1990575056123'`,
    );
    expect(rows).toEqual([{ needs_validation: true, email: null }]);
    expect((await employeeByNir(t.db, '2880675112345'))[0]?.active).toBe(false);
    expect((await employeeByNir(t.db, '1920775056999'))[0]?.active).toBe(false);
  });

  it('deactivates an employee the directory has when an end-of-contract declaration (nature 07) names them', async () => {
    const [frederic] = await employeeByNir(t.db, '1880375626176');
    expect(frederic?.active).toBe(true);
    const fctu = [
      "S10.G00.00.001,'LOGICIEL'",
      "S20.G00.05.001,'07'",
      "S21.G00.06.001,'812453678'",
      "S21.G00.11.001,'00029'",
      "S21.G00.30.001,'1880375626176'",
      "S21.G00.30.002,'ANDRÉ'",
      "S21.G00.30.004,'FRÉDÉRIC'",
      "S21.G00.30.006,'17031988'",
      "S21.G00.62.001,'31052026'",
      "S21.G00.62.002,'059'",
    ].join('\n');
    const result = (await upload(admin, Buffer.from(fctu))).json<DsnImportResult>();
    expect(result.deactivated.map((d) => d.firstName)).toEqual(['Frédéric']);
    const after = await employeeByNir(t.db, '1880375626176');
    expect(after[0]).toMatchObject({ active: false, reg: 'HSP-00055' });
  });

  it('refuses a file that is not a DSN in one sentence, and stores nothing', async () => {
    const before = await countEmployees(t.db);
    const pdf = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'.repeat(40), 'latin1');
    const res = await upload(admin, pdf);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: string[] }>();
    expect(body.message).toBe(
      'Ce fichier est un PDF, pas une DSN : choisissez le fichier .dsn exporté par le logiciel de paie.',
    );
    expect(body.errors).toHaveLength(1);
    const csv = await upload(admin, Buffer.from('Nom;Prénom;E-mail\nDupont;Jean;jean@exemple.fr\n'));
    expect(csv.statusCode).toBe(400);
    expect(csv.json<{ message: string; errors: string[] }>().errors).toEqual([
      expect.stringMatching(/^Ce fichier n'est pas une DSN/),
    ]);
    expect(await countEmployees(t.db)).toBe(before);
  });

  it('stops creating at the trial subscription limit (CANT_CREATE_EMP_ERROR)', async () => {
    const trial = await login(app, 'essai');
    const stats = (
      await app.inject({ method: 'GET', url: routeUrl('subscription.stats'), headers: authHeaders(trial) })
    ).json<{ nbEmps: number; empLimit: number }>();
    const room = stats.empLimit - stats.nbEmps;
    expect(room).toBeGreaterThanOrEqual(0);
    const lines = [
      "S10.G00.00.001,'LOGICIEL'",
      "S20.G00.05.001,'01'",
      "S21.G00.06.001,'903182749'",
      "S21.G00.11.001,'00015'",
    ];
    const wanted = room + 2;
    for (let i = 0; i < wanted; i++) {
      lines.push(
        `S21.G00.30.001,'1900175${String(100000 + i)}'`,
        `S21.G00.30.002,'MITRON${String.fromCharCode(65 + i)}'`,
        "S21.G00.30.004,'PAUL'",
        "S21.G00.30.006,'01011990'",
        `S21.G00.30.018,'mitron${i}@exemple.fr'`,
      );
    }
    const res = await upload(trial, Buffer.from(lines.join('\n')));
    const result = res.json<DsnImportResult>();
    expect(result.created).toHaveLength(room);
    expect(result.rejected.map((r) => r.code)).toEqual(['CANT_CREATE_EMP_ERROR', 'CANT_CREATE_EMP_ERROR']);
    expect(result.rejected[0]?.reason).toMatch(/^Limite de salariés de l'abonnement atteinte/);
  });
});
