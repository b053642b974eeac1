/**
 * A real installation starts without the demo (SEED=none, docs/deploy.md): the reference document
 * types are there, and the environment names the first company and its administrator, made once on a
 * directory with no user — from whom everything else is made in the app. Found missing when the
 * deployment page was followed as written: SEED=none left a directory nobody could log in to.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/contract/features.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type Db, openDb } from '../../src/server/db/db.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { type ThrowawayDatabase, createThrowawayDatabase } from '../../src/server/db/testing.ts';
import { bootstrap, type FirstAdmin } from '../../src/server/db/seed/bootstrap.ts';
import { DOC_TYPES } from '../../src/server/db/seed/doc-types.ts';
import { makeSiret } from '../../src/server/db/seed/siret.ts';
import { testApp } from './support/server.ts';

const SIRET = makeSiret('73282932', '0001');
const ENV = {
  ADMIN_LOGIN: 'rh.admin',
  ADMIN_PASSWORD: 'Premier!2026',
  ADMIN_EMAIL: 'rh.admin@exemple.fr',
  COMPANY_NAME: 'Transports Garnier',
  COMPANY_SIRET: `${SIRET.slice(0, 3)} ${SIRET.slice(3, 6)} ${SIRET.slice(6, 9)} ${SIRET.slice(9)}`,
  COMPANY_CITY: 'Rennes',
};

describe('the first administrator in the environment', () => {
  it('is none when no variable is set, and all of them read and checked when they are', () => {
    expect(loadConfig({}).firstAdmin).toBeNull();
    expect(loadConfig(ENV).firstAdmin).toEqual({
      login: 'rh.admin',
      password: 'Premier!2026',
      email: 'rh.admin@exemple.fr',
      firstName: 'Administrateur',
      lastName: 'Transports Garnier',
      company: { name: 'Transports Garnier', siret: SIRET, city: 'Rennes' },
    });
    expect(loadConfig({ ...ENV, ADMIN_FIRST_NAME: 'Inès', ADMIN_LAST_NAME: 'Garnier' }).firstAdmin).toMatchObject({
      firstName: 'Inès',
      lastName: 'Garnier',
    });
  });

  it('refuses at startup a partial or invalid one, naming what is wrong', () => {
    expect(() => loadConfig({ ADMIN_LOGIN: 'x', ADMIN_PASSWORD: 'Premier!2026' })).toThrow(
      /ADMIN_EMAIL, COMPANY_NAME, COMPANY_SIRET, COMPANY_CITY missing/,
    );
    expect(() => loadConfig({ ...ENV, ADMIN_PASSWORD: 'court' })).toThrow(/ADMIN_PASSWORD must have at least 8/);
    expect(() => loadConfig({ ...ENV, ADMIN_PASSWORD: 'sansmajuscule1' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...ENV, ADMIN_LOGIN: 'rh admin' })).toThrow(/ADMIN_LOGIN must be one word/);
    expect(() => loadConfig({ ...ENV, ADMIN_LOGIN: 'x'.repeat(500) })).toThrow(/ADMIN_LOGIN must be one word/);
    expect(() => loadConfig({ ...ENV, ADMIN_EMAIL: 'pas-une-adresse' })).toThrow(/ADMIN_EMAIL is not an e-mail/);
    expect(() => loadConfig({ ...ENV, COMPANY_SIRET: '73282932000075' })).toThrow(/COMPANY_SIRET must be a valid/);
  });
});

describe('a start without the demo', () => {
  let db: Db;
  let app: FastifyInstance;
  const first = loadConfig(ENV).firstAdmin as FirstAdmin;

  let database: ThrowawayDatabase | null = null;

  // On the PostgreSQL pass (TEST_DATABASE_URL), an empty PostgreSQL database as a real installation's.
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) database = await createThrowawayDatabase('hr_bootstrap');
    db = await openDb(database ? { databaseUrl: database.url, poolMax: 2 } : { dataDir: 'memory://' });
    await migrate(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
  });

  it('puts the document types in every domain, and makes nobody when nobody is named', async () => {
    expect(await bootstrap(db, null)).toBe('empty');
    for (const schema of ['dom_main', 'dom_legacy']) {
      const { rows } = await db.query<{ code: string }>(`SELECT code FROM ${schema}.doc_types ORDER BY code`);
      expect(rows.map((r) => r.code)).toEqual(DOC_TYPES.map((t) => t.code).sort());
    }
    expect((await db.query('SELECT 1 FROM directory.users')).rows).toHaveLength(0);
  });

  it('makes the named company and its administrator once; a later start changes nothing', async () => {
    expect(await bootstrap(db, first)).toBe('created');
    expect(await bootstrap(db, { ...first, login: 'autre', password: 'Autre!2026' })).toBe('present');
    const { rows } = await db.query<{ login: string; features: string[] }>(
      'SELECT login, features FROM directory.users',
    );
    expect(rows).toEqual([{ login: 'rh.admin', features: [...FEATURES] }]);
    // A label an installation changed is kept by the next start.
    await db.query(`UPDATE dom_main.doc_types SET label = 'Bulletin' WHERE code = 'BULLETIN_PAIE'`);
    await bootstrap(db, first);
    const label = await db.query<{ label: string }>(
      `SELECT label FROM dom_main.doc_types WHERE code = 'BULLETIN_PAIE'`,
    );
    expect(label.rows[0]!.label).toBe('Bulletin');
  });

  it('lets that administrator log in, see the company and build under it in the app', async () => {
    app = await testApp(db, { seed: 'none' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/rh-user/login',
      payload: { login: 'rh.admin', password: 'Premier!2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { userOrgName: string; userOrgId: string; features: string[]; domain: string };
    expect(body).toMatchObject({ userOrgName: 'Transports Garnier', domain: 'main' });
    expect([...body.features].sort()).toEqual([...FEATURES].sort());
    const headers = { authorization: `Bearer ${res.headers['set-authorization'] as string}` };
    const child = await app.inject({
      method: 'POST',
      url: routeUrl('organizations.create'),
      headers,
      payload: {
        name: 'Garnier Atelier Brest',
        siret: makeSiret('73282932', '0002'),
        city: 'Brest',
        parentId: body.userOrgId,
      },
    });
    expect(child.statusCode, child.body).toBe(201);
    const employee = await app.inject({
      method: 'POST',
      url: routeUrl('employees.create'),
      headers,
      payload: {
        name: 'Le Gall',
        firstName: 'Anaïs',
        birthDate: '1990-05-17',
        email: 'anais.legall@exemple.fr',
        numSecu: '290057511212353',
        organizations: [{ organizationId: body.userOrgId, registrationNumber: 'TG-001' }],
      },
    });
    expect(employee.statusCode, employee.body).toBe(201);
  });
});
