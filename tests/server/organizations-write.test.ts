/** Organisation creation, edit, configuration and auto-visu: every rule with each invalid value. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS, SEED_TEXTS } from '../../src/contract/keys.ts';
import { VALIDATION_KEYS } from '../../src/contract/validation.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { DEMO_ORGS, orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { makeSiret } from '../../src/server/db/seed/siret.ts';
import { frenchText } from '../../src/server/http/french.ts';
import { onboard } from './rights-support.ts';
import { type LoggedIn, type TestDb, authHeaders, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let paie: LoggedIn;
let sansmail: LoggedIn;

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  admin = await login(app, 'admin');
  paie = await login(app, 'paie');
  sansmail = await login(app, 'sansmail');
});
afterAll(async () => {
  await app?.close();
  await t?.dispose();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session: LoggedIn, payload?: unknown) =>
  app.inject({ method, url, headers: authHeaders(session), ...(payload ? { payload: payload as object } : {}) });

const MAIN_ROOT = orgId('main', ROOT_MAIN);
const PARIS = orgId('main', 'Horizon Services Paris');
const LYON = orgId('main', 'Horizon Logistique Lyon');
const NORD = orgId('main', 'Horizon Logistique Entrepôt Nord');
const TRIAL_ROOT = orgId('main', ROOT_TRIAL);
const LEGACY_ROOT = orgId('legacy', ROOT_LEGACY);
const PARIS_SIRET = DEMO_ORGS.main.find((o) => o.id === PARIS)!.siret;

let serial = 100;
const freshSiret = () => makeSiret('51234567', String(serial++).padStart(4, '0'));
const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Horizon Atelier Nantes',
  siret: freshSiret(),
  street: '2 quai de la Fosse',
  zipCode: '44000',
  city: 'Nantes',
  country: 'France',
  parentId: PARIS,
  reference: 'HZN-NTE',
  billingReference: 'FAC-HZN-NTE',
  internalFolderCode: 'D-HZN-NTE',
  ...extra,
});

describe('creating an organisation', () => {
  it('creates it under a visible parent; it shows in the tree and its ancestors', async () => {
    const res = await call('POST', '/api/org/organization', admin, valid({ siret: ` ${freshSiret()} ` }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ name: 'Horizon Atelier Nantes', city: 'Nantes', parentId: PARIS, isRoot: false });
    expect(created.siret).toMatch(/^\d{14}$/);
    const tree = (await call('POST', '/api/org/organizations/tree', admin, { rootId: PARIS })).json();
    expect(tree[0].children.map((c: { id: string }) => c.id)).toContain(created.id);
    const up = (await call('GET', `/api/org/organization/${created.id}/ancestors`, admin)).json();
    expect(up.map((o: { id: string }) => o.id)).toEqual([MAIN_ROOT, PARIS]);
    const stats = (await call('GET', '/api/org/organizations/stats', admin)).json();
    expect(stats.organizationCount).toBe(6);
  });

  it('accepts a Monegasque company identifier', async () => {
    const res = await call(
      'POST',
      '/api/org/organization',
      admin,
      valid({ siret: '12a34567', name: 'Horizon Monaco' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().siret).toBe('12A34567');
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name', VALIDATION_KEYS.required, 'Nom : Champ obligatoire'],
    ['a missing SIRET', { siret: '' }, 'siret', VALIDATION_KEYS.required, 'SIRET : Champ obligatoire'],
    [
      'a 13-digit SIRET',
      { siret: '5123456700011' },
      'siret',
      VALIDATION_KEYS.siret,
      'SIRET : Le SIRET doit comporter 14 chiffres.',
    ],
    [
      'letters',
      { siret: 'ABCDEFGHIJKLMN' },
      'siret',
      VALIDATION_KEYS.siret,
      'SIRET : Le SIRET doit comporter 14 chiffres.',
    ],
    ['a wrong check digit', { siret: '51234567100011' }, 'siret', VALIDATION_KEYS.siretChecksum, 'SIRET : Ce SIRET'],
    ['a bad Monegasque form', { siret: '1AB34567' }, 'siret', VALIDATION_KEYS.siret, 'SIRET : Le SIRET'],
    ['a blank city', { city: '' }, 'city', VALIDATION_KEYS.required, 'Ville : Champ obligatoire'],
  ])('400 for %s, with the field key and the French text', async (_, change, field, key, text) => {
    const res = await call('POST', '/api/org/organization', admin, valid(change));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.key).toBe(ERROR_KEYS.orgInvalid);
    expect(body.fields).toEqual({ [field]: key });
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].startsWith(text)).toBe(true);
  });

  it('lists every wrong field at once', async () => {
    const res = await call('POST', '/api/org/organization', admin, { name: '', siret: '123', city: null });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['city', 'name', 'siret']);
    expect(res.json().errors).toHaveLength(3);
  });

  it('409 when the SIRET is already used in the domain, spaces or not', async () => {
    const spaced = `${PARIS_SIRET.slice(0, 9)} ${PARIS_SIRET.slice(9)}`;
    for (const siret of [PARIS_SIRET, spaced]) {
      const res = await call('POST', '/api/org/organization', admin, valid({ siret }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ key: ERROR_KEYS.orgSiretTaken, fields: { siret: ERROR_KEYS.orgSiretTaken } });
    }
    // The trial root's SIRET is taken too, though admin does not see it: one SIRET per domain.
    const trial = DEMO_ORGS.main.find((o) => o.id === TRIAL_ROOT)!.siret;
    expect((await call('POST', '/api/org/organization', admin, valid({ siret: trial }))).statusCode).toBe(409);
    // The other domain is another partition: its SIRETs are free here.
    const legacy = DEMO_ORGS.legacy[0]!.siret;
    expect(
      (await call('POST', '/api/org/organization', admin, valid({ siret: legacy, name: 'MF bis' }))).statusCode,
    ).toBe(201);
  });

  it('404 for a parent the user does not see', async () => {
    for (const parentId of [TRIAL_ROOT, LEGACY_ROOT, 'not-an-id']) {
      const res = await call('POST', '/api/org/organization', admin, valid({ parentId }));
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe(ERROR_KEYS.notFound);
    }
  });

  it('creates a top-level organisation without a parent, visible to its creator', async () => {
    const res = await call('POST', '/api/org/organization', admin, valid({ parentId: null, name: 'Filiale Autonome' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ isRoot: true, parentId: null });
    const top = (await call('POST', '/api/org/organizations/top-level', admin, {})).json();
    expect(top.items.map((o: { name: string }) => o.name)).toEqual(['Filiale Autonome', ROOT_MAIN]);
  });

  it('403 without OrgCreateUpdate', async () => {
    const res = await call('POST', '/api/org/organization', sansmail, valid({ parentId: PARIS }));
    expect(res.statusCode).toBe(403);
    expect(res.json().key).toBe(ERROR_KEYS.featureForbidden);
  });
});

describe('editing an organisation', () => {
  const current = async (id: string) => (await call('GET', `/api/org/organization/${id}`, admin)).json();

  it('updates the identity fields and keeps the parent when none is sent', async () => {
    const marseille = orgId('main', 'Horizon Santé Marseille');
    const before = await current(marseille);
    const res = await call('PUT', `/api/org/organization/${marseille}`, admin, {
      ...before,
      parentId: undefined,
      name: 'Horizon Santé Marseille Sud',
      reference: '  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Horizon Santé Marseille Sud', reference: null, parentId: MAIN_ROOT });
  });

  it('refuses edits of a payroll-managed organisation with the seed’s message', async () => {
    const before = await current(LYON);
    const res = await call('PUT', `/api/org/organization/${LYON}`, admin, { ...before, name: 'Autre nom' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      key: ERROR_KEYS.orgPayrollManaged,
      message: SEED_TEXTS.payrollManagedOrg,
      errors: [SEED_TEXTS.payrollManagedOrg],
    });
    expect((await current(LYON)).name).toBe('Horizon Logistique Lyon');
  });

  it('refuses a parent inside its own subtree, and a foreign parent', async () => {
    const root = await current(MAIN_ROOT);
    const cycle = await call('PUT', `/api/org/organization/${MAIN_ROOT}`, admin, { ...root, parentId: NORD });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().key).toBe(ERROR_KEYS.orgParentCycle);
    const self = await call('PUT', `/api/org/organization/${MAIN_ROOT}`, admin, { ...root, parentId: MAIN_ROOT });
    expect(self.json().key).toBe(ERROR_KEYS.orgParentCycle);
    const paris = await current(PARIS);
    const foreign = await call('PUT', `/api/org/organization/${PARIS}`, admin, { ...paris, parentId: TRIAL_ROOT });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses to move a branch away from a parent its editor does not see (it would leave the company)', async () => {
    const { session: parisOnly } = await onboard(app, t.db, admin, {
      rootOrgId: PARIS,
      rootIncludesChildren: true,
      features: ['OrgList', 'OrgCreateUpdate', 'EmpList'],
    });
    const paris = (await call('GET', `/api/org/organization/${PARIS}`, parisOnly)).json();
    for (const parentId of [null, '']) {
      const detached = await call('PUT', `/api/org/organization/${PARIS}`, parisOnly, { ...paris, parentId });
      expect(detached.statusCode, detached.body).toBe(403);
      expect(detached.json()).toMatchObject({
        key: ERROR_KEYS.orgParentOutOfReach,
        message: frenchText(ERROR_KEYS.orgParentOutOfReach),
      });
    }
    expect((await current(PARIS)).parentId).toBe(MAIN_ROOT);
    // Its own fields, the parent sent back as it is (or not sent): still theirs to edit.
    const renamed = await call('PUT', `/api/org/organization/${PARIS}`, parisOnly, { ...paris, reference: 'PAR-1' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const { parentId: _kept, ...withoutParent } = paris as { parentId: string };
    const again = await call('PUT', `/api/org/organization/${PARIS}`, parisOnly, {
      ...withoutParent,
      reference: 'PAR-2',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await current(PARIS)).parentId).toBe(MAIN_ROOT);
  });

  it('validates the fields and the SIRET uniqueness like creation (its own SIRET is fine)', async () => {
    const paris = await current(PARIS);
    expect((await call('PUT', `/api/org/organization/${PARIS}`, admin, paris)).statusCode).toBe(200);
    const bad = await call('PUT', `/api/org/organization/${PARIS}`, admin, { ...paris, siret: '12345678901234' });
    expect(bad.json()).toMatchObject({ key: ERROR_KEYS.orgInvalid, fields: { siret: VALIDATION_KEYS.siretChecksum } });
    const root = await current(MAIN_ROOT);
    const taken = await call('PUT', `/api/org/organization/${PARIS}`, admin, { ...paris, siret: root.siret });
    expect(taken.statusCode).toBe(409);
  });

  it('404 for an organisation of another root or domain', async () => {
    for (const id of [TRIAL_ROOT, LEGACY_ROOT]) {
      const res = await call('PUT', `/api/org/organization/${id}`, admin, valid());
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('organisation configuration', () => {
  it('reads the configuration with the users who may be notified', async () => {
    const res = await call('GET', `/api/org/organization/${MAIN_ROOT}/conf`, admin);
    expect(res.statusCode).toBe(200);
    const conf = res.json();
    expect(conf).toMatchObject({
      distributionMode: 'WITH_VERIFICATION',
      usersToNotify: [userId('admin')],
      subscribeToSignature: true,
      extraOptions: {},
    });
    const ids = conf.notifiableUsers.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([userId('admin'), userId('paie'), userId('multi')]));
    // sansmail's access starts at Paris: notifiable there, not at the root.
    expect(ids).not.toContain(userId('sansmail'));
    const paris = (await call('GET', `/api/org/organization/${PARIS}/conf`, admin)).json();
    expect(paris.notifiableUsers.map((u: { id: string }) => u.id)).toContain(userId('sansmail'));
    expect(conf.docTypes).toContainEqual({ code: 'BULLETIN_PAIE', enabled: true });
  });

  it('saves a valid configuration, document types included', async () => {
    const body = {
      distributionMode: 'WITHOUT_VERIFICATION',
      usersToNotify: [userId('paie'), userId('sansmail')],
      subscribeToSignature: false,
      extraOptions: { specificCSSUrl: 'https://cdn.example.fr/horizon.css' },
      docTypes: [{ code: 'NOTE_SERVICE', enabled: false }],
    };
    const res = await call('PUT', `/api/org/organization/${PARIS}/conf`, admin, body);
    expect(res.statusCode).toBe(200);
    const read = (await call('GET', `/api/org/organization/${PARIS}/conf`, admin)).json();
    expect(read).toMatchObject({
      ...body,
      docTypes: expect.arrayContaining([{ code: 'NOTE_SERVICE', enabled: false }]),
    });
    const docTypes = (await call('GET', `/api/org/organization/${PARIS}/conf/doc-type`, admin)).json();
    expect(docTypes).toContainEqual({ code: 'NOTE_SERVICE', label: 'Note de service', enabled: false, hasMask: false });
    // The root's payroll mask applies to its sub-organisations.
    expect(docTypes).toContainEqual({ code: 'BULLETIN_PAIE', label: 'Bulletin de paie', enabled: true, hasMask: true });
    // An empty URL removes the specific stylesheet.
    await call('PUT', `/api/org/organization/${PARIS}/conf`, admin, { ...body, extraOptions: { specificCSSUrl: '' } });
    expect((await call('GET', `/api/org/organization/${PARIS}/conf`, admin)).json().extraOptions).toEqual({});
  });

  const base = {
    distributionMode: 'WITH_VERIFICATION',
    usersToNotify: [],
    subscribeToSignature: false,
    extraOptions: {},
  };
  it.each([
    ['an unknown distribution mode', { distributionMode: 'SOMETIMES' }, ERROR_KEYS.badRequest, null],
    [
      'a user who does not see the organisation',
      { usersToNotify: [userId('sansmail')] },
      ERROR_KEYS.orgInvalid,
      { usersToNotify: ERROR_KEYS.orgUserNotVisible },
    ],
    [
      'a user id that is not one',
      { usersToNotify: ['nobody'] },
      ERROR_KEYS.orgInvalid,
      { usersToNotify: ERROR_KEYS.orgUserNotVisible },
    ],
    [
      'a stylesheet over http',
      { extraOptions: { specificCSSUrl: 'http://cdn.example.fr/a.css' } },
      ERROR_KEYS.orgInvalid,
      { specificCSSUrl: VALIDATION_KEYS.format },
    ],
    [
      'a stylesheet that is not a URL',
      { extraOptions: { specificCSSUrl: 'javascript:alert(1)' } },
      ERROR_KEYS.orgInvalid,
      { specificCSSUrl: VALIDATION_KEYS.format },
    ],
    [
      'an unknown document type',
      { docTypes: [{ code: 'INCONNU', enabled: true }] },
      ERROR_KEYS.orgInvalid,
      { docTypes: VALIDATION_KEYS.format },
    ],
  ])('400 for %s, nothing saved', async (_, change, key, fields) => {
    const before = (await call('GET', `/api/org/organization/${MAIN_ROOT}/conf`, admin)).json();
    const res = await call('PUT', `/api/org/organization/${MAIN_ROOT}/conf`, admin, { ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe(key);
    if (fields) expect(res.json().fields).toEqual(fields);
    expect((await call('GET', `/api/org/organization/${MAIN_ROOT}/conf`, admin)).json()).toEqual(before);
  });

  it('404 for a foreign organisation, 403 without the features', async () => {
    for (const id of [TRIAL_ROOT, LEGACY_ROOT]) {
      expect((await call('GET', `/api/org/organization/${id}/conf`, admin)).statusCode).toBe(404);
      expect((await call('PUT', `/api/org/organization/${id}/conf`, admin, base)).statusCode).toBe(404);
      expect((await call('GET', `/api/org/organization/${id}/conf/doc-type`, admin)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/org/organization/${PARIS}/conf`, sansmail)).statusCode).toBe(403);
    expect((await call('PUT', `/api/org/organization/${PARIS}/conf`, sansmail, base)).statusCode).toBe(403);
  });
});

describe('auto-visu', () => {
  it('keeps the creator seeing what they created, and gives it back on request', async () => {
    // paie's access no longer covers the children of the root: only the root itself.
    await t.db.query(
      `UPDATE directory.user_org_access SET include_children = false WHERE user_id = $1 AND domain = 'main'`,
      [userId('paie')],
    );
    const res = await call(
      'POST',
      '/api/org/organization',
      paie,
      valid({ parentId: MAIN_ROOT, name: 'Créée par paie' }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    expect((await call('GET', `/api/org/organization/${id}`, paie)).statusCode).toBe(200);
    await t.db.query(`DELETE FROM directory.user_org_access WHERE user_id = $1 AND org_id = $2`, [userId('paie'), id]);
    expect((await call('GET', `/api/org/organization/${id}`, paie)).statusCode).toBe(404);
    const visu = await call('POST', '/api/org/organization/auto-visu', paie, { orgId: id });
    expect(visu.statusCode).toBe(200);
    expect(visu.json()).toMatchObject({ id, name: 'Créée par paie' });
    expect((await call('GET', `/api/org/organization/${id}`, paie)).statusCode).toBe(200);
  });

  it('gives nothing on an organisation someone else created', async () => {
    expect((await call('POST', '/api/org/organization/auto-visu', paie, { orgId: PARIS })).statusCode).toBe(404);
    expect((await call('POST', '/api/org/organization/auto-visu', admin, { orgId: TRIAL_ROOT })).statusCode).toBe(404);
    expect((await call('POST', '/api/org/organization/auto-visu', admin, { orgId: LEGACY_ROOT })).statusCode).toBe(404);
  });
});
