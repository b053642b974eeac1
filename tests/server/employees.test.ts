import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Employee, EmployeePage, EmployeeStats } from '../../src/contract/entities.ts';
import { ALERT_KEYS, ERROR_KEYS, SEED_TEXTS } from '../../src/contract/keys.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { PAGE_SIZES } from '../../src/contract/constants.ts';
import { openDb } from '../../src/server/db/db.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let essai: LoggedIn;

const MAIN_ROOT = orgId('main', ROOT_MAIN);
const PARIS = orgId('main', 'Horizon Services Paris');
const LYON = orgId('main', 'Horizon Logistique Lyon');
const TRIAL_ROOT = orgId('main', ROOT_TRIAL);
const LEGACY_ROOT = orgId('legacy', ROOT_LEGACY);

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
  essai = await login(app, 'essai');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: Method,
  url: string,
  session: LoggedIn,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method,
    url,
    headers: { ...authHeaders(session), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const list = async (body: object, session = admin): Promise<EmployeePage> => {
  const res = await call('POST', routeUrl('employees.list'), session, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

let counter = 0;
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'Lefèvre',
  firstName: 'Anaïs',
  birthDate: '1990-05-17',
  email: `anais.lefevre.${++counter}@exemple.fr`,
  phone: '06 12 34 56 78',
  numSecu: '290057511212353',
  address: { street: '12 rue des Lilas', postal: '75011', city: 'Paris', country: 'France' },
  organizations: [{ organizationId: PARIS, registrationNumber: `T-${counter}` }],
  ...over,
});
const create = (body: object, session = admin) => call('POST', routeUrl('employees.create'), session, body);

describe('employee list', () => {
  it('defaults to name ascending, offset 0, limit 20 with the total', async () => {
    const page = await list({});
    expect(page.items).toHaveLength(20);
    expect(page.count).toBeGreaterThan(300);
    const names = page.items.map((e) => `${e.name.toLowerCase()} ${e.firstName.toLowerCase()}`);
    const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    expect(names.map(fold)).toEqual([...names.map(fold)].sort());
    expect(page.nextCursor).toEqual(expect.any(String));
  });

  it('orders by each field, and rejects an unknown one with a key', async () => {
    const byBirth = await list({ order: { field: 'birthDate', sens: 'desc' }, limit: 50 });
    const dates = byBirth.items.map((e) => e.birthDate);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const field of ['firstName', 'email', 'registrationNumber', 'creationDate'])
      expect((await list({ order: { field, sens: 'asc' } })).items).toHaveLength(20);
    const res = await call('POST', routeUrl('employees.list'), admin, { order: { field: 'salary', sens: 'asc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('error.employees.order-field');
  });

  it('pages through the cursor exactly as through offsets', async () => {
    for (const order of [
      { field: 'name', sens: 'asc' },
      { field: 'birthDate', sens: 'desc' },
    ]) {
      const byOffset = [0, 1, 2].map((i) => list({ order, offset: i * 25, limit: 25 }));
      const offsetIds = (await Promise.all(byOffset)).flatMap((p) => p.items.map((e) => e.id));
      const cursorIds: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 3; i++) {
        const page: EmployeePage = await list({ order, limit: 25, ...(after ? { after } : {}) });
        cursorIds.push(...page.items.map((e) => e.id));
        after = page.nextCursor;
      }
      expect(cursorIds).toEqual(offsetIds);
    }
  });

  it('gives a first page of every offered size, and the next by offset, as slices of one long read', async () => {
    // A first page of a size the screen offers has a statement of its own (its size in the text,
    // no offset): it must agree with the pages read with both as parameters.
    const long = (await list({ limit: 200 })).items.map((e) => e.id);
    for (const limit of [...PAGE_SIZES, 7]) {
      const page = await list({ limit });
      expect(
        page.items.map((e) => e.id),
        `limit ${limit}`,
      ).toEqual(long.slice(0, limit));
      expect(page.count).toBeGreaterThan(300);
    }
    for (const [offset, limit] of [
      [20, 20],
      [50, 50],
      [3, 10],
    ] as const)
      expect((await list({ offset, limit })).items.map((e) => e.id)).toEqual(long.slice(offset, offset + limit));
  });

  it('counts in the page’s own statement once counted: the total is the present one, a page past the end empty', async () => {
    const body = { order: { field: 'name', sens: 'asc' }, limit: 10 } as const;
    const first = await list(body); // counted apart
    const again = await list(body); // counted in the page's statement
    expect(again).toEqual(first);
    expect((await create(valid({ name: 'Aaaronfirst' }))).statusCode).toBe(201);
    const after = await list(body);
    expect(after.count).toBe(first.count + 1);
    expect(after.items[0]!.name).toBe('Aaaronfirst');
    expect(after.items).toHaveLength(10);
    const past = await list({ ...body, offset: after.count + 5 });
    expect(past).toEqual({ count: after.count, items: [], nextCursor: null });
    // The same filter seen by a user with fewer organisations gives that user's own count and rows.
    const mine = await list({ limit: 10 }, essai);
    const again2 = await list({ limit: 10 }, essai);
    expect(again2).toEqual(mine);
    expect(mine.count).toBeLessThan(after.count);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'plans a first page once on PostgreSQL: its prepared statement keeps a generic plan',
    async () => {
      // One connection, so that every call's statements are on the session pg_prepared_statements shows.
      const one = await openDb({ databaseUrl: t.url!, poolMax: 1 });
      const app1 = await testApp(one);
      try {
        const who = await login(app1, 'admin');
        // The first call counts apart; the next ones read the count in the page's statement.
        for (let i = 0; i < 9; i++) {
          const res = await app1.inject({
            method: 'POST',
            url: routeUrl('employees.list'),
            headers: authHeaders(who),
            payload: { limit: 20 },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        const { rows } = await one.query<{ generic_plans: number; custom_plans: number }>(
          `SELECT generic_plans, custom_plans FROM pg_prepared_statements
            WHERE statement LIKE 'WITH counts AS%' AND statement LIKE '%dom_main.employees e%'`,
        );
        expect(rows).toHaveLength(1);
        // PostgreSQL plans the first five executions for their values, then keeps the generic plan
        // when it costs no more; with the offset and size as parameters it never did (custom_plans 8).
        expect(Number(rows[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
      } finally {
        await app1.close();
        await one.close();
      }
    },
  );

  it('filters by status and organisation, and by an accent-free search', async () => {
    const all = await list({ limit: 1 });
    const active = await list({ status: 'active', limit: 1000 });
    const inactive = await list({ status: 'inactive', limit: 1000 });
    expect(active.count + inactive.count).toBe(all.count);
    expect(active.items.every((e) => e.active)).toBe(true);
    expect(inactive.items.every((e) => !e.active)).toBe(true);
    const toValidate = await list({ status: 'to-validate' });
    expect(toValidate.count).toBeGreaterThan(0);
    expect(toValidate.items.every((e) => e.needsValidation)).toBe(true);
    const paris = await list({ organizations: [{ organizationId: PARIS, active: false }], limit: 1000 });
    expect(paris.items.every((e) => e.organizations.some((o) => o.organizationId === PARIS && !o.active))).toBe(true);
    const someone = active.items.find((e) => /[éèëç]/.test(e.name + e.firstName)) ?? active.items[0]!;
    const plain = someone.firstName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toUpperCase();
    const found = await list({ search: `${plain} ${someone.name.slice(0, 3)}` });
    expect(found.items.map((e) => e.id)).toContain(someone.id);
  });

  it('searches by the start of a name, first name, e-mail or registration number (not mid-word)', async () => {
    const res = await create(valid({ name: 'Quintard-Ébrard', firstName: 'Zélie', email: 'zqe.unique@exemple.fr' }));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as Employee;
    const reg = made.organizations[0]!.registrationNumber!;
    const ids = async (search: string) => (await list({ search, limit: 100 })).items.map((e) => e.id);
    for (const search of ['quintard-eb', 'ZELIE quin', 'zqe.uni', reg.toLowerCase(), `ZEL ${reg}`])
      expect(await ids(search), search).toContain(made.id);
    for (const search of ['ebrard', 'unique@', 'zelie dupont'])
      expect(await ids(search), search).not.toContain(made.id);
    const found = await list({ search: 'quintard', limit: 1 });
    expect(found.count).toBe(1);
  });

  it('keeps totals exact through writes, and never counts or lists an employee outside the scope', async () => {
    const before = await list({ limit: 1 });
    const stats = async () =>
      (await call('POST', routeUrl('employees.stats'), admin, {})).json() as Promise<EmployeeStats>;
    const s0 = await stats();
    const made = (await create(valid())).json() as Employee;
    expect((await list({ limit: 1 })).count).toBe(before.count + 1);
    await call('PUT', routeUrl('employees.deactivate', { id: made.id }), admin);
    const s1 = await stats();
    expect([s1.totalCount, s1.activeCount, s1.inactiveCount]).toEqual([
      s0.totalCount + 1,
      s0.activeCount,
      s0.inactiveCount + 1,
    ]);
    // The trial organisation's employees exist in the same domain: skipped by id, not counted.
    const trial = await t.db.query<{ id: string }>(
      `SELECT id FROM dom_main.employees WHERE org_ids = ARRAY[$1::uuid]`,
      [TRIAL_ROOT],
    );
    expect(trial.rows.length).toBeGreaterThan(0);
    const everyone: string[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await list({ offset, limit: 200 });
      everyone.push(...page.items.map((e) => e.id));
      if (page.items.length < 200) break;
    }
    expect(everyone).toHaveLength(s1.totalCount);
    expect(new Set(everyone).size).toBe(everyone.length);
    expect(everyone.filter((id) => trial.rows.some((r) => r.id === id))).toEqual([]);
  });

  it('answers 404 for an organisation outside the session, and 403 without EmpList', async () => {
    expect((await call('POST', routeUrl('employees.listForOrg', { orgID: TRIAL_ROOT }), admin, {})).statusCode).toBe(
      404,
    );
    expect((await call('POST', routeUrl('employees.listForOrg', { orgID: LEGACY_ROOT }), admin, {})).statusCode).toBe(
      404,
    );
    const res = await call('POST', routeUrl('employees.list'), admin, {
      organizations: [{ organizationId: TRIAL_ROOT }],
    });
    expect(res.statusCode).toBe(404);
    await t.db.query(`UPDATE directory.users SET features = '{DocSearch}' WHERE login = 'sansmail'`);
    const noRight = await login(app, 'sansmail');
    const forbidden = await call('POST', routeUrl('employees.list'), noRight, {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().key).toBe(ERROR_KEYS.featureForbidden);
  });

  it('unwinds one row per organisation link', async () => {
    const unwound = await list({ unwind: true, limit: 1000 });
    const plain = await list({ limit: 1 });
    expect(unwound.count).toBeGreaterThan(plain.count);
    expect(unwound.items.every((e) => e.organizations.length === 1)).toBe(true);
  });
});

describe('employee stats', () => {
  it('derives inactive as total minus active, and matches the lists', async () => {
    const res = await call('POST', routeUrl('employees.stats'), admin, {});
    const stats: EmployeeStats = res.json();
    expect(stats.inactiveCount).toBe(stats.totalCount - stats.activeCount);
    expect(stats.totalCount).toBe((await list({ limit: 1 })).count);
    expect(stats.activeCount).toBe((await list({ status: 'active', limit: 1 })).count);
    expect(stats.needsValidationCount).toBe((await list({ status: 'to-validate', limit: 1 })).count);
    const paris: EmployeeStats = (
      await call('POST', routeUrl('employees.statsForOrg', { orgID: PARIS }), admin, {})
    ).json();
    expect(paris.totalCount).toBeLessThan(stats.totalCount);
  });
});

describe('CSV export', () => {
  it('opens in a French spreadsheet: BOM, semicolons, CRLF, dd/mm/yyyy, every matching row', async () => {
    const res = await call('POST', routeUrl('employees.list'), admin, { status: 'active' }, { accept: 'text/csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('employees.csv');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]!.split(';').slice(0, 3)).toEqual(['Nom', 'Prénom', 'Date de naissance']);
    const active = await list({ status: 'active', limit: 1 });
    expect(lines).toHaveLength(active.count + 1);
    expect(lines[1]!.split(';')[2]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // The safe's status in the screen's words (« Activé »), not another one.
    const safeColumn = lines[0]!.split(';').indexOf('Coffre-fort');
    const safeWords = new Set(lines.slice(1).map((line) => line.split(';')[safeColumn]));
    expect([...safeWords].every((w) => ['Non créé', 'Non finalisé', 'Activé'].includes(w ?? ''))).toBe(true);
    expect(safeWords.has('Activé')).toBe(true);
  });

  it('quotes values holding the separator or quotes', async () => {
    const res = await create(valid({ name: 'Dupont; "le grand"', firstName: 'Zoé-Quotée' }));
    expect(res.statusCode, res.body).toBe(201);
    const csv = await call('POST', `${routeUrl('employees.list')}?format=csv`, admin, { search: 'zoe-quotee' });
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.startsWith('"Dupont; ""le grand""";Zoé-Quotée;17/05/1990;')).toBe(true);
  });

  it('neutralises formulas (a leading quote) but leaves phone numbers as typed', async () => {
    const res = await create(valid({ firstName: 'Zoé-Formule' }));
    expect(res.statusCode, res.body).toBe(201);
    // Stored as any way in could store it (the form, a DSN import): the export is what is under test.
    await t.db.query(
      `UPDATE dom_main.employees
          SET name = $2, phone = '+33 6 12 34 56 78',
              address = jsonb_build_object('street', '@SUM(A1:A9)', 'complement', $3::text, 'postal', '-75011',
                                           'city', E'\\tParis', 'country', E'\\r+France')
        WHERE id = $1`,
      [(res.json() as Employee).id, '=HYPERLINK("http://evil","x")', "-2+3+cmd|' /C calc'!A0"],
    );
    const csv = await call('POST', `${routeUrl('employees.list')}?format=csv`, admin, { search: 'zoe-formule' });
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(rows).toHaveLength(2);
    const cells = rows[1]!.split(';');
    expect(cells[0]).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(cells[4]).toBe('+33 6 12 34 56 78');
    expect(cells.slice(6, 11)).toEqual([
      "'@SUM(A1:A9)",
      `'-2+3+cmd|' /C calc'!A0`,
      '-75011',
      "'\tParis",
      `"'\r+France"`,
    ]);
  });
});

describe('creating an employee', () => {
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['blank name', { name: '  ' }, 'name', 'Nom : Champ obligatoire'],
    ['blank first name', { firstName: '' }, 'firstName', 'Prénom : Champ obligatoire'],
    ['blank birth date', { birthDate: '' }, 'birthDate', 'Date de naissance : Champ obligatoire'],
    ['bad birth date', { birthDate: '17/05/1990' }, 'birthDate', 'Date de naissance : Format incorrect'],
    ['future birth date', { birthDate: '2999-01-01' }, 'birthDate', 'Date de naissance : La date de naissance'],
    ['missing e-mail', { email: '' }, 'email', 'E-mail : Champ obligatoire'],
    ['e-mail without @', { email: 'anais.exemple.fr' }, 'email', 'E-mail : Format incorrect'],
    ['e-mail with short local part', { email: 'a@exemple.fr' }, 'email', 'E-mail : Format incorrect'],
    ['phone with letters', { phone: '06 12 AB' }, 'phone', 'Téléphone : Format incorrect'],
    ['numSecu of 14', { numSecu: '29005751121234' }, 'numSecu', 'Le numéro doit comporter 15 chiffres'],
    ['numSecu of 16', { numSecu: '2900575112123456' }, 'numSecu', 'Le numéro doit comporter 15 chiffres'],
    ['unknown country', { address: { country: 'Atlantide' } }, 'country', 'Pays : Choisissez un pays'],
  ];
  it.each(invalid)('refuses a %s with the field key and French text', async (_label, over, field, text) => {
    const res = await create(valid(over));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.key).toBe(ERROR_KEYS.badRequest);
    expect(body.fields[field]).toMatch(/^validation\./);
    expect(body.errors.join('\n')).toContain(text);
  });

  it('requires one organisation, a visible one', async () => {
    const none = await create(valid({ organizations: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.json().key).toBe(ALERT_KEYS.employees.missOrgaError);
    expect((await create(valid({ organizations: [{ organizationId: TRIAL_ROOT }] }))).statusCode).toBe(404);
  });

  it('creates, opens the safe account, stores an empty numSecu as null, and reads back', async () => {
    const res = await create(
      valid({ numSecu: '   ', address: { street: '3 quai Voltaire', postal: '69002', city: 'Lyon' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as Employee & { accountCreated: boolean };
    expect(created).toMatchObject({ numSecu: null, safeStatus: 'NOT_FINALISED', accountCreated: true, active: true });
    expect(created.address.country).toBe('France');
    expect(created.safeCreatedAt).toEqual(expect.any(String));
    const got = await call('GET', routeUrl('employees.get', { id: created.id }), admin);
    expect(got.json()).toMatchObject({ id: created.id, organizations: [{ organizationId: PARIS, canEdit: true }] });
  });

  it('answers 409 for an e-mail already used, then offers and performs the import', async () => {
    const first = (await create(valid({ email: 'deja.la@exemple.fr' }))).json() as Employee;
    const again = await create(valid({ email: 'DEJA.LA@exemple.fr', organizations: [{ organizationId: LYON }] }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      key: 'error.employees.email-exists',
      fields: { email: 'error.employees.email-exists' },
    });
    const found = await call('POST', routeUrl('employees.importSearch'), admin, {
      email: 'deja.la@exemple.fr',
      orgId: LYON,
    });
    expect(found.json().items).toEqual([
      { id: first.id, name: 'Lefèvre', firstName: 'Anaïs', address: expect.any(Object) },
    ]);
    const notInParis = await call('POST', routeUrl('employees.importSearch'), admin, {
      email: 'deja.la@exemple.fr',
      orgId: PARIS,
    });
    expect(notInParis.json().items).toEqual([]);
    const imported = await call('POST', routeUrl('employees.import'), admin, { empId: first.id, orgId: LYON });
    expect(imported.statusCode).toBe(200);
    expect((imported.json() as Employee).organizations.map((o) => o.organizationId).sort()).toEqual(
      [PARIS, LYON].sort(),
    );
  });

  it('refuses past the subscription limit with CANT_CREATE_EMP_ERROR (trial: 10, 6 seeded)', async () => {
    const statuses: number[] = [];
    let last: { key: string; message: string; errors: string[] } | null = null;
    for (let i = 0; i < 6; i++) {
      const res = await create(valid({ organizations: [{ organizationId: TRIAL_ROOT }] }), essai);
      statuses.push(res.statusCode);
      if (res.statusCode !== 201) last = res.json();
    }
    expect(statuses).toEqual([201, 201, 201, 201, 403, 403]);
    expect(last).toMatchObject({ key: 'error.employees.limit-reached', message: 'CANT_CREATE_EMP_ERROR' });
    expect(last?.errors[0]).toContain('10 salariés');
  });
});

describe('changing employees', () => {
  it('updates, and keeps the e-mail optional on update', async () => {
    const e = (await create(valid())).json() as Employee;
    const res = await call(
      'PUT',
      routeUrl('employees.update', { id: e.id }),
      admin,
      valid({ email: '', name: 'Martin' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Martin', email: null });
    const bad = await call('PUT', routeUrl('employees.update', { id: e.id }), admin, valid({ numSecu: '123' }));
    expect(bad.json().fields).toEqual({ numSecu: 'validation.numSecu' });
  });

  it('deactivates on delete and on deactivate, validates in bulk, sets BPE', async () => {
    const e = (await create(valid({ needsValidation: true }))).json() as Employee;
    expect((await call('PUT', routeUrl('employees.validate'), admin, { ids: [e.id] })).json()).toEqual({
      validated: 1,
    });
    expect((await call('PUT', routeUrl('employees.validate'), admin, { ids: [e.id] })).json()).toEqual({
      validated: 0,
    });
    const del = await call('DELETE', routeUrl('employees.delete', { id: e.id }), admin);
    expect(del.json()).toEqual({ deactivated: 1 });
    const got = (await call('GET', routeUrl('employees.get', { id: e.id }), admin)).json() as Employee;
    expect(got).toMatchObject({ active: false, needsValidation: false });
    expect((await call('PUT', routeUrl('employees.deactivate', { id: e.id }), admin)).json()).toEqual({
      deactivated: 0,
    });
    const bpe = await call('PUT', routeUrl('employees.bpe', { id: e.id }), admin, { bpe: true });
    expect(bpe.json()).toMatchObject({ hasBpe: true });
  });

  it('answers 404 for an employee of another organisation or domain', async () => {
    const trialEmp = (await list({ limit: 1 }, essai)).items[0]!;
    for (const [method, url] of [
      ['GET', routeUrl('employees.get', { id: trialEmp.id })],
      ['PUT', routeUrl('employees.deactivate', { id: trialEmp.id })],
      ['DELETE', routeUrl('employees.delete', { id: trialEmp.id })],
    ] as const)
      expect((await call(method, url, admin)).statusCode).toBe(404);
    expect((await call('PUT', routeUrl('employees.update', { id: trialEmp.id }), admin, valid())).statusCode).toBe(404);
    expect((await call('PUT', routeUrl('employees.validate'), admin, { ids: [trialEmp.id] })).json()).toEqual({
      validated: 0,
    });
    expect((await call('GET', routeUrl('employees.get', { id: 'not-a-uuid' }), admin)).statusCode).toBe(404);
  });
});

describe('safe account, reminder and activation letter', () => {
  it('sends a reminder only with an e-mail, recording it in the outbox', async () => {
    const e = (await create(valid())).json() as Employee;
    await call('PUT', routeUrl('employees.update', { id: e.id }), admin, valid({ email: null }));
    const refused = await call('POST', routeUrl('employees.reminder'), admin, { id: e.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      key: ALERT_KEYS.reminderNeedsEmail,
      message: SEED_TEXTS.reminderNeedsEmail,
    });
    await call('PUT', routeUrl('employees.update', { id: e.id }), admin, valid({ email: 'rappel.moi@exemple.fr' }));
    const sent = await call('POST', routeUrl('employees.reminder'), admin, { id: e.id });
    expect(sent.json()).toMatchObject({ sent: 1, lastNotificationAt: expect.any(String) });
    const { rows } = await t.db.query(`SELECT subject FROM directory.outbox WHERE recipient = 'rappel.moi@exemple.fr'`);
    expect(rows).toHaveLength(1);
  });

  it('produces activation.pdf, and 204 when there is no postal address', async () => {
    const e = (await create(valid())).json() as Employee;
    const pdf = await call('POST', routeUrl('employees.activationMail'), admin, { id: e.id });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('activation.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const bare = (await create(valid({ address: {} }))).json() as Employee;
    const none = await call('POST', routeUrl('employees.activationMail'), admin, { id: bare.id });
    expect(none.statusCode).toBe(204);
  });

  it('opens accounts in bulk and records external signatories with signature v3', async () => {
    await t.db.query(`UPDATE directory.users SET signature_v3 = true WHERE login = 'admin'`);
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT id FROM dom_main.employees WHERE safe_status = 'NOT_CREATED' AND org_ids && $1::uuid[] LIMIT 3`,
      [[PARIS, LYON, MAIN_ROOT]],
    );
    const res = await call('POST', routeUrl('employees.createEDocPerso'), admin, { ids: rows.map((r) => r.id) });
    expect(res.json()).toEqual({ created: rows.length, accountCreated: true, failed: [] });
    const signatories = await t.db.query(
      `SELECT 1 FROM dom_main.external_signatories WHERE employee_id = ANY($1::uuid[])`,
      [rows.map((r) => r.id)],
    );
    expect(signatories.rows).toHaveLength(rows.length);
  });
});
