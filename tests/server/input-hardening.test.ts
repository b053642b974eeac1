/**
 * Bad input gets a keyed 4xx, never a 500, and nothing is half-written (issue 10, points 6 and 7):
 * NUL characters, absurdly deep JSON, malformed ids in id lists, huge strings, wrong social security
 * numbers and e-mails; and a stored file missing from disk is a 503 the operator can act on.
 */
import { mkdtempSync, readFileSync, rmSync, truncateSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SchemaAST as AST, type Schema } from 'effect';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LENGTH } from '../../src/contract/constants.ts';
import type { DsnImportResult } from '../../src/contract/dsn.ts';
import { CampaignCreateJson } from '../../src/contract/entities.ts';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { MaskCreateJson, MaskPreviewJson } from '../../src/contract/masks.ts';
import { type RouteId, routeUrl } from '../../src/contract/routes.ts';
import { SignbookUploadJson } from '../../src/contract/signbook.ts';
import { VALIDATION_KEYS, numSecuError } from '../../src/contract/validation.ts';
import { ROUTE_TABLE, buildApp } from '../../src/server/app.ts';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { insertFiles } from '../../src/server/files/store.ts';
import { payrollPdf } from '../../src/server/pdf/index.ts';
import { MAX_JSON_DEPTH } from '../../src/server/http/input.ts';
import {
  type LoggedIn,
  type TestDb,
  authHeaders,
  createSeededDb,
  login,
  testApp,
  testConfig,
} from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const PARIS = orgId('main', 'Horizon Services Paris');
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, session: LoggedIn | null = admin) =>
  app.inject({
    method,
    url,
    headers: session ? authHeaders(session) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const raw = (method: Method, url: string, body: string, session: LoggedIn | null = admin) =>
  app.inject({
    method,
    url,
    headers: { ...(session ? authHeaders(session) : {}), 'content-type': 'application/json' },
    payload: body,
  });
/** A multipart body of one `json` field, as the upload screens send their JSON part. */
const jsonPart = (url: string, json: string) => {
  const boundary = '----input-hardening';
  return app.inject({
    method: 'POST',
    url,
    headers: { ...authHeaders(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${json}\r\n--${boundary}--\r\n`,
  });
};
const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;

let counter = 0;
const employee = (over: Record<string, unknown> = {}) => ({
  name: 'Garnier',
  firstName: 'Maëlle',
  birthDate: '1991-03-08',
  email: `maelle.garnier.${++counter}@exemple.fr`,
  numSecu: '2 55 08 14 168 025 38',
  organizations: [{ organizationId: PARIS, registrationNumber: `IH-${counter}` }],
  ...over,
});

describe('every request body has bounded strings and lists', () => {
  /** Paths of the strings without a maximum length and the lists without a maximum size. */
  function unbounded(root: AST.AST): string[] {
    const out: string[] = [];
    const seen = new Set<AST.AST>();
    const walk = (ast: AST.AST, path: string, maxLength: boolean, maxItems: boolean): void => {
      const at = (name: string) => (path ? `${path}.${name}` : name);
      switch (ast._tag) {
        case 'Refinement': {
          const js = (ast.annotations[AST.JSONSchemaAnnotationId] ?? {}) as Record<string, unknown>;
          walk(ast.from, path, maxLength || 'maxLength' in js, maxItems || 'maxItems' in js);
          return;
        }
        case 'StringKeyword':
        case 'TemplateLiteral':
          if (!maxLength) out.push(`${path || '(body)'} (string)`);
          return;
        case 'TupleType':
          if (ast.rest.length > 0 && !maxItems) out.push(`${path} (list)`);
          ast.elements.forEach((e, i) => walk(e.type, at(String(i)), false, false));
          ast.rest.forEach((r) => walk(r.type, at('*'), false, false));
          return;
        case 'TypeLiteral':
          for (const p of ast.propertySignatures) walk(p.type, at(String(p.name)), false, false);
          for (const i of ast.indexSignatures) {
            out.push(`${path} (record)`);
            walk(i.type, at('*'), false, false);
          }
          return;
        case 'Union':
          for (const member of ast.types) walk(member, path, maxLength, maxItems);
          return;
        case 'Suspend':
          if (seen.has(ast)) return;
          seen.add(ast);
          walk(ast.f(), path, false, false);
          return;
        case 'Transformation':
          walk(ast.from, path, maxLength, maxItems);
          return;
        default:
          return;
      }
    };
    walk(root, '', false, false);
    return out;
  }

  it('in every route of the table and every JSON part of an upload', () => {
    const bodies: [string, Schema.Schema.AnyNoContext][] = [
      ...Object.entries(ROUTE_TABLE).flatMap(([id, spec]) =>
        spec?.body ? [[id, spec.body] as [string, Schema.Schema.AnyNoContext]] : [],
      ),
      ['campaigns.create (json part)', CampaignCreateJson],
      ['signbooks.upload (json part)', SignbookUploadJson],
      ['masks.create (json part)', MaskCreateJson],
      ['masks.preview (json part)', MaskPreviewJson],
    ];
    expect(bodies.length).toBeGreaterThan(50);
    const found = bodies.flatMap(([id, schema]) => unbounded(schema.ast).map((p) => `${id}: ${p}`));
    expect(found).toEqual([]);
  });

  it('refuses names of 100,000 characters with the field path, and stores nothing', async () => {
    const huge = 'x'.repeat(100_000);
    const employees = await count('dom_main.employees');
    const organizations = await count('dom_main.organizations');
    const groups = await count('dom_main.employee_groups');
    for (const [method, url, body, path] of [
      ['POST', routeUrl('employees.create'), employee({ name: huge }), 'name'],
      ['POST', routeUrl('employees.create'), employee({ address: { city: huge } }), 'address.city'],
      ['POST', routeUrl('organizations.create'), { name: huge, siret: '73282932000074', city: 'Paris' }, 'name'],
      ['POST', routeUrl('groups.create'), { name: huge, employeesIds: [], orgId: PARIS }, 'name'],
      ['POST', routeUrl('employees.list'), { search: huge }, 'search'],
      ['POST', routeUrl('auth.login'), { login: huge, password: 'x' }, 'login'],
    ] as const) {
      const res = await call(method, url, body);
      expect([url, res.statusCode, res.json().key]).toEqual([url, 400, ERROR_KEYS.badRequest]);
      expect(res.json().errors).toContain(path);
    }
    expect(await count('dom_main.employees')).toBe(employees);
    expect(await count('dom_main.organizations')).toBe(organizations);
    expect(await count('dom_main.employee_groups')).toBe(groups);
  });

  it('accepts a value at the limit and refuses one character more', async () => {
    const at = await call('POST', routeUrl('employees.create'), employee({ name: 'n'.repeat(MAX_LENGTH.personName) }));
    expect(at.statusCode, at.body).toBe(201);
    const over = await call(
      'POST',
      routeUrl('employees.create'),
      employee({ name: 'n'.repeat(MAX_LENGTH.personName + 1) }),
    );
    expect(over.statusCode).toBe(400);
  });

  it('refuses more ids in one list than MAX_LENGTH.idList', async () => {
    const ids = Array.from({ length: MAX_LENGTH.idList + 1 }, () => randomUUID());
    const res = await call('PUT', routeUrl('employees.validate'), { ids });
    expect([res.statusCode, res.json().key, res.json().errors]).toEqual([400, ERROR_KEYS.badRequest, ['ids']]);
  });
});

describe('sort fields named after Object members', () => {
  it('are a bad request or the default order, never a 500', async () => {
    for (const field of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      for (const url of ['/api/dispatch/dispatchs', '/api/emp/employees', '/api/emp/employees/search']) {
        const res = await call('POST', url, { order: { field, sens: 'asc' } });
        expect(res.statusCode, `${url} ${field}: ${res.body}`).toBeLessThan(500);
      }
    }
  });
});

describe('NUL characters', () => {
  const NUL = 'a\u0000b';
  const routes: [RouteId, Method, Record<string, unknown>, string][] = [
    ['auth.login', 'POST', { login: `admin${NUL}`, password: 'x' }, 'login'],
    ['users.passwordLost', 'POST', { email: `admin${NUL}@exemple.fr` }, 'email'],
    ['users.list', 'POST', { search: NUL }, 'search'],
    ['campaigns.list', 'POST', { search: NUL }, 'search'],
    ['groups.list', 'POST', { search: NUL }, 'search'],
    ['organizations.topLevel', 'POST', { search: NUL }, 'search'],
    ['organizations.list', 'POST', { search: NUL }, 'search'],
    ['signbooks.list', 'POST', { search: NUL }, 'search'],
    ['signbooks.templates', 'POST', { search: NUL }, 'search'],
    ['employees.list', 'POST', { search: NUL }, 'search'],
    ['employees.importSearch', 'POST', { email: `x${NUL}@exemple.fr` }, 'email'],
  ];

  it.each(routes)('%s answers 400 with a key naming the field', async (id, method, body, path) => {
    const res = await call(
      method,
      routeUrl(id),
      body,
      id === 'auth.login' || id === 'users.passwordLost' ? null : admin,
    );
    expect([res.statusCode, res.json().key, res.json().errors]).toEqual([400, ERROR_KEYS.nulByte, [path]]);
  });

  it('in a nested field or an object key, and nothing is written', async () => {
    const before = await count('dom_main.employees');
    const nested = await call('POST', routeUrl('employees.create'), employee({ address: { street: NUL } }));
    expect([nested.statusCode, nested.json().key, nested.json().errors]).toEqual([
      400,
      ERROR_KEYS.nulByte,
      ['address.street'],
    ]);
    const key = await call('POST', routeUrl('employees.list'), { [NUL]: 1 });
    expect([key.statusCode, key.json().key]).toEqual([400, ERROR_KEYS.nulByte]);
    const name = await call('POST', routeUrl('employees.create'), employee({ name: `Nul${NUL}` }));
    expect([name.statusCode, name.json().key]).toEqual([400, ERROR_KEYS.nulByte]);
    expect(await count('dom_main.employees')).toBe(before);
  });

  it('in a query string or a path parameter', async () => {
    const query = await call('POST', `${routeUrl('employees.list')}?format=csv%00`, {});
    expect([query.statusCode, query.json().key, query.json().errors]).toEqual([
      400,
      ERROR_KEYS.nulByte,
      ['query.format'],
    ]);
    for (const url of ['/api/doc/doc-types/PAY%00SLIP', `/api/hrdesk/sign-workflow-template/a%00b`]) {
      const res = await call('GET', url);
      expect([url, res.statusCode, res.json().key]).toEqual([url, 400, ERROR_KEYS.nulByte]);
    }
    const guest = await call('GET', '/api/hrdesk/sign-workflow/guest/main.a%00b', undefined, null);
    expect([guest.statusCode, guest.json().key]).toEqual([400, ERROR_KEYS.nulByte]);
  });

  it('in the JSON part of an upload', async () => {
    const res = await jsonPart(routeUrl('signbooks.upload'), JSON.stringify({ name: NUL, steps: [] }));
    expect([res.statusCode, res.json().key, res.json().errors]).toEqual([400, ERROR_KEYS.nulByte, ['name']]);
    const campaign = await jsonPart(routeUrl('campaigns.create'), JSON.stringify({ name: NUL }));
    expect([campaign.statusCode, campaign.json().key]).toEqual([400, ERROR_KEYS.nulByte]);
  });

  it.each([
    ['a NUL', 'avenant\u0000.pdf', 'avenant.pdf'],
    ['a right-to-left override (the name would read « avenant exe.pdf »)', 'avenant\u202Efdp.exe', 'avenantfdp.exe'],
    ['bidirectional isolates and marks', '\u2066avenant\u2069\u200F.pdf', 'avenant.pdf'],
  ])('in an uploaded file’s name, %s: the document keeps its name without it', async (_label, sent, kept) => {
    const pdf = Buffer.from(
      payrollPdf({ employees: [{ name: 'Nul', firstName: 'Octet', registrationNumber: 'N-1' }] }).bytes,
    );
    const { rows } = await t.db.query<{ id: string }>(`SELECT id FROM directory.users WHERE login = 'admin'`);
    const json = JSON.stringify({ name: 'Avenant', steps: [{ signatories: [{ type: 'user', userId: rows[0]!.id }] }] });
    const boundary = '----nul-file-name';
    const res = await app.inject({
      method: 'POST',
      url: routeUrl('signbooks.upload'),
      headers: { ...authHeaders(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="json"\r\n\r\n${json}\r\n`),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${sent}"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().signbook.documents.map((d: { name: string }) => d.name)).toEqual([kept]);
  });
});

describe('deeply nested JSON', () => {
  const deep = (levels: number, inner = '1') => '['.repeat(levels) + inner + ']'.repeat(levels);

  it('is refused with a key before any decoding, on public and private routes', async () => {
    for (const [url, session] of [
      [routeUrl('auth.login'), null],
      [routeUrl('employees.list'), admin],
      [routeUrl('campaigns.list'), admin],
      [routeUrl('signbooks.sign', { workflowId: randomUUID() }), admin],
    ] as const) {
      for (const body of [deep(5_000), `{"search":${deep(5_000)}}`, `{"x":${deep(MAX_JSON_DEPTH)}}`]) {
        const res = await raw('POST', url, body, session);
        expect([url, res.statusCode, res.json().key]).toEqual([url, 400, ERROR_KEYS.tooDeep]);
      }
    }
    // Brackets inside strings are text; ordinary nesting goes through.
    const fine = await raw(
      'POST',
      routeUrl('employees.list'),
      JSON.stringify({ search: '['.repeat(150), x: [[[[1]]]] }),
    );
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('is refused in the JSON part of an upload', async () => {
    const res = await jsonPart(routeUrl('signbooks.upload'), `{"name":"x","steps":${deep(5_000)}}`);
    expect([res.statusCode, res.json().key]).toEqual([400, ERROR_KEYS.tooDeep]);
  });
});

describe('malformed ids in id lists', () => {
  it('campaign update: a non-uuid user to notify is a 400 naming it, and changes nothing', async () => {
    const { rows } = await t.db.query<{ id: string; users_to_notify: string[]; name: string }>(
      `SELECT id, users_to_notify, name FROM dom_main.campaigns WHERE status = 'NEEDS_VALIDATION' ORDER BY id LIMIT 1`,
    );
    const campaign = rows[0]!;
    const res = await call('PUT', routeUrl('campaigns.update', { id: campaign.id }), {
      name: 'Renamed',
      usersToNotify: ['not-a-uuid'],
    });
    expect([res.statusCode, res.json().key]).toEqual([400, ERROR_KEYS.badRequest]);
    expect(res.json().errors).toContain('usersToNotify.0');
    const after = await t.db.query<{ users_to_notify: string[]; name: string }>(
      `SELECT users_to_notify, name FROM dom_main.campaigns WHERE id = $1`,
      [campaign.id],
    );
    expect(after.rows[0]).toEqual({ users_to_notify: campaign.users_to_notify, name: campaign.name });
  });

  it('campaign creation refuses one too', async () => {
    const create = await jsonPart(
      routeUrl('campaigns.createManual'),
      JSON.stringify({
        name: 'x',
        docIds: [],
        groupIds: [],
        empIds: [],
        review: true,
        onRefuse: false,
        onError: false,
        usersToNotify: ["'; --"],
        docTypeCode: 'PAYSLIP',
        automaticRecipients: false,
      }),
    );
    expect([create.statusCode, create.json().key]).toEqual([400, ERROR_KEYS.badRequest]);
  });
});

describe('social security number and e-mail, on the server', () => {
  const fieldOf = async (over: Record<string, unknown>) => {
    const res = await call('POST', routeUrl('employees.create'), employee(over));
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ fields: Record<string, string>; errors: string[] }>();
  };

  it('refuses letters and a wrong key, each with its message', async () => {
    const letters = await fieldOf({ numSecu: 'ABCDEFGHIJKLMNO' });
    expect(letters.fields).toEqual({ numSecu: VALIDATION_KEYS.numSecuCharacters });
    expect(letters.errors[0]).toContain('chiffres');
    const key = await fieldOf({ numSecu: '123456789012345' });
    expect(key.fields).toEqual({ numSecu: VALIDATION_KEYS.numSecuKey });
    expect(key.errors[0]).toBe(
      'N° de sécurité sociale : La clé du numéro de sécurité sociale ne correspond pas au numéro',
    );
    expect((await fieldOf({ numSecu: '29005751121234' })).errors[0]).toBe(
      'N° de sécurité sociale : Le numéro doit comporter 15 chiffres',
    );
  });

  it('stores a valid number typed with spaces without them, Corsica included', async () => {
    for (const [typed, stored] of [
      ['2 55 08 14 168 025 38', '255081416802538'],
      ['1 85 05 2a 004 123 56', '185052A00412356'],
    ]) {
      const res = await call('POST', routeUrl('employees.create'), employee({ numSecu: typed }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().numSecu).toBe(stored);
    }
  });

  it('refuses characters an e-mail address cannot hold', async () => {
    expect((await fieldOf({ email: '<script>@x.fr' })).fields).toEqual({ email: VALIDATION_KEYS.format });
    expect((await fieldOf({ email: 'lea@exemple' })).fields).toEqual({ email: VALIDATION_KEYS.format });
  });

  it('the demo seed generates valid numbers only', async () => {
    const { rows } = await t.db.query<{ n: string }>(
      `SELECT num_secu AS n FROM dom_main.employees
        WHERE num_secu IS NOT NULL AND coalesce(email, '') NOT LIKE 'maelle.garnier.%'
       UNION ALL SELECT num_secu FROM dom_legacy.employees WHERE num_secu IS NOT NULL`,
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => numSecuError(r.n) !== null)).toEqual([]);
  });

  it('a DSN import reports the individuals with a wrong number, and imports the others', async () => {
    const dsn = readFileSync(new URL('../fixtures/dsn/valid-utf8-lf.dsn', import.meta.url), 'utf8')
      .replace("S21.G00.30.001,'2920475112233'", "S21.G00.30.001,'292047511223300'")
      .replace("S21.G00.30.001,'2850769123456'", "S21.G00.30.001,'ABCDEFGHIJKLMNO'");
    const boundary = '----dsn-nir';
    const res = await app.inject({
      method: 'POST',
      url: routeUrl('employees.dsn'),
      headers: { ...authHeaders(admin), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="dsn"; filename="mai.dsn"\r\n` +
            'Content-Type: application/octet-stream\r\n\r\n',
        ),
        Buffer.from(dsn, 'utf8'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<DsnImportResult>();
    const rejected = Object.fromEntries(result.rejected.map((r) => [r.line, [r.code, r.fields]]));
    expect(rejected[88]).toEqual(['INVALID_DATA', { numSecu: VALIDATION_KEYS.numSecuKey }]);
    expect(rejected[114]).toEqual(['INVALID_DATA', { numSecu: VALIDATION_KEYS.numSecuCharacters }]);
    expect(result.rejected.find((r) => r.line === 88)?.reason).toContain('La clé du numéro');
    expect(result.created.map((c) => c.line)).toContain(186);
  });
});

describe('a stored file missing from disk', () => {
  let filesDb: Db;
  let filesApp: FastifyInstance;
  let session: LoggedIn;
  let dir: string | null = null;

  beforeAll(async () => {
    // PGlite keeps bytes in a directory already; on PostgreSQL a second handle uses one (FILES_DIR).
    if (t.db.files.dir) filesDb = t.db;
    else {
      dir = mkdtempSync(join(tmpdir(), 'files-dir-'));
      filesDb = await openDb({ databaseUrl: t.url!, filesDir: dir, poolMax: 2 });
    }
    filesApp = filesDb === t.db ? app : await buildApp({ db: filesDb, config: testConfig() });
    session = filesDb === t.db ? admin : await login(filesApp, 'admin');
  });
  afterAll(async () => {
    if (filesDb !== t.db) {
      await filesApp.close();
      await filesDb.close();
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A dispatched document of the seed whose file is a fresh pack; returns its id and the pack's path. */
  async function docWithPack(): Promise<{ docId: string; pack: string }> {
    const [ref] = await insertFiles(filesDb, 'main', [{ name: 'part.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    const { rows } = await filesDb.query<{ id: string }>(
      `UPDATE dom_main.dispatched_docs SET file_id = $1
        WHERE id = (SELECT id FROM dom_main.dispatched_docs WHERE file_id IS NULL ORDER BY id LIMIT 1) RETURNING id`,
      [ref!.id],
    );
    const { rows: files } = await filesDb.query<{ pack: string }>(`SELECT pack FROM dom_main.files WHERE id = $1`, [
      ref!.id,
    ]);
    const pack = files[0]!.pack;
    return { docId: rows[0]!.id, pack: join(filesDb.files.dir!, 'dom_main', pack.slice(0, 2), pack) };
  }

  const fileOf = (docId: string) =>
    filesApp.inject({
      method: 'GET',
      url: routeUrl('campaigns.dispatchedDocFile', { id: docId }),
      headers: authHeaders(session),
    });

  it('answers 503 with a key and a French sentence for the operator, deleted or truncated', async () => {
    const deleted = await docWithPack();
    expect((await fileOf(deleted.docId)).statusCode).toBe(200);
    unlinkSync(deleted.pack);
    const truncated = await docWithPack();
    truncateSync(truncated.pack, 4);
    for (const { docId } of [deleted, truncated]) {
      const res = await fileOf(docId);
      expect(res.statusCode).toBe(503);
      const body = res.json<{ key: string; message: string }>();
      expect(body.key).toBe(ERROR_KEYS.fileMissing);
      expect(body.message).toMatch(/FILES_DIR/);
      expect(res.body).not.toMatch(/ENOENT|at \w+ \(/);
    }
  });
});
