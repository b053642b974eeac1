/**
 * The attacked world: the demo seed plus what an attack needs — attacker accounts created straight in
 * the database (never through the product's seed), sessions in every state (expired, revoked), guest
 * signing links, the ids of a victim's objects in Groupe Horizon (main domain) and of another
 * company's, and the two probes of probes.ts (did an answer leak? did a refused call write?).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DomainId } from '../../src/contract/constants.ts';
import { FEATURES, type Feature } from '../../src/contract/features.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { digest } from '../../src/server/auth/tokens.ts';
import type { Queryable } from '../../src/server/db/db.ts';
import { userId } from '../../src/server/db/seed/demo.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { insertRows } from '../../src/server/db/seed/insert.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_LEGACY, ROOT_MAIN, ROOT_TRIAL } from '../../src/server/db/seed/personas.ts';
import { makeSiret } from '../../src/server/db/seed/siret.ts';
import { issueGuestToken } from '../../src/server/modules/signbook/guest.ts';
import { payrollPdf } from '../../src/server/pdf/index.ts';
import {
  OUTBOX_CODE_SECRET,
  OUTBOX_RESET_SECRET,
  SIBLING_ORG,
  fingerprinter,
  guestSecrets,
  horizonSecrets,
} from './probes.ts';

export { changedTables } from './probes.ts';
import {
  type LoggedIn,
  type TestDb,
  authHeaders,
  createSeededDb,
  header,
  login,
  testApp,
} from '../server/support/server.ts';

/** Who calls: the victim's own administrator, and the attackers of the tenant cases. */
export type ActorName = 'admin' | 'nofeature' | 'sibling' | 'otherCompany' | 'otherDomain';
export type TenantCase = 'sibling' | 'otherCompany' | 'otherDomain';
export const TENANT_CASES: readonly TenantCase[] = ['sibling', 'otherCompany', 'otherDomain'];
export const TENANT_LABELS: Record<TenantCase, string> = {
  sibling: 'a user of another organisation of the same company',
  otherCompany: 'a user of another company (same domain)',
  otherDomain: 'a user of the other domain',
};

export interface Tokens {
  access: string;
  refresh?: string;
}

export interface Actor {
  readonly name: ActorName;
  readonly session: LoggedIn;
  readonly domain: DomainId;
  /** The caller's base (and current) organisation. */
  readonly orgId: string;
}

/** What a route builder may name: the caller's own organisation (e.g. the target of an import). */
export interface Me {
  readonly orgId: string;
}

/** Real ids of objects of Groupe Horizon (main domain), none of them under the sibling attacker's organisation. */
export interface Victim {
  readonly domain: 'main';
  readonly rootOrgId: string;
  /** Horizon Services Paris. */
  readonly orgId: string;
  readonly orgSiret: string;
  readonly employee: { id: string; email: string; name: string; firstName: string; numSecu: string };
  readonly employeeToValidateId: string;
  /** Aimed at by the import alone. */
  readonly employeeToImportId: string;
  readonly employeeWithoutSafeId: string;
  /** "Équipe de nuit", in Horizon Logistique Lyon. */
  readonly groupId: string;
  readonly groupOrgId: string;
  readonly campaigns: { dispatched: string; validation: string; retry: string; deletable: string };
  readonly docs: { withFile: string; waiting: string; failed: string; deletable: string; sendable: string };
  readonly documentId: string;
  readonly signbooks: { toSign: string; draft: string; complete: string; guest: string };
  readonly templateId: string;
  readonly maskId: string;
  readonly user: { id: string; email: string; login: string };
  readonly userGroupId: string;
  readonly ruleId: string;
  /** A live signing link of the signatory whose turn it is on `signbooks.guest`. */
  readonly guestToken: string;
}

export interface GuestTokens {
  readonly valid: string;
  /** Issued before `valid` for the same signatory: replaced, it must open nothing. */
  readonly superseded: string;
  /** The link of a signatory of another signbook who has already signed. */
  readonly otherSignatory: string;
}

/** Real ids of another company's objects (Boulangerie Levain d'Or), for bodies that must refuse them. */
export interface Foreign {
  readonly userId: string;
  readonly orgId: string;
  readonly employeeId: string;
  readonly documentId: string;
  readonly campaignId: string;
  readonly dispatchedDocId: string;
  /** Of the other domain: Boulangerie has none. */
  readonly groupId: string;
  readonly templateId: string;
}

export interface World {
  readonly t: TestDb;
  readonly foreign: Foreign;
  readonly app: FastifyInstance;
  readonly victim: Victim;
  readonly actors: Record<ActorName, Actor>;
  readonly expired: Tokens;
  readonly revoked: Tokens;
  readonly guest: GuestTokens;
  /** Identifying strings of Groupe Horizon's objects (value → what it is). */
  readonly secrets: Map<string, string>;
  /** Identifying strings of the guest's signbook only (what another signatory's link must not show). */
  readonly guestSecrets: Map<string, string>;
  readonly fingerprint: () => Promise<Map<string, string>>;
}

export const ATTACKER_PASSWORD = 'Attaque!2026';
const MAIN_ROOT = orgId('main', ROOT_MAIN);
const PARIS = orgId('main', 'Horizon Services Paris');
const LYON = orgId('main', 'Horizon Logistique Lyon');
const campaign = (key: string) => demoId(`campaign:main:${key}`);

interface NewUser {
  login: string;
  features: readonly Feature[];
  domain: DomainId;
  orgId: string;
}

const NEW_USERS: Record<Exclude<ActorName, 'admin'>, NewUser> = {
  nofeature: { login: 'sec-nofeature', features: [], domain: 'main', orgId: MAIN_ROOT },
  sibling: { login: 'sec-sibling', features: FEATURES, domain: 'main', orgId: SIBLING_ORG },
  otherCompany: { login: 'sec-othercompany', features: FEATURES, domain: 'main', orgId: orgId('main', ROOT_TRIAL) },
  otherDomain: { login: 'sec-otherdomain', features: FEATURES, domain: 'legacy', orgId: orgId('legacy', ROOT_LEGACY) },
};

/** Inserts a user with its one root access (children included), as demo.ts inserts the personas. */
export async function insertUser(q: Queryable, user: NewUser, passwordHash: string): Promise<string> {
  const id = demoId(`security:user:${user.login}`);
  await insertRows(q, 'directory.users', [
    {
      id,
      login: user.login,
      first_name: 'Attaquant',
      last_name: user.login,
      email: `${user.login}@attaque.example`,
      password_hash: passwordHash,
      features: [...user.features],
      is_free_trial: false,
    },
  ]);
  await insertRows(q, 'directory.user_org_access', [
    { user_id: id, domain: user.domain, org_id: user.orgId, is_root: true, include_children: true },
  ]);
  return id;
}

export async function loginAs(app: FastifyInstance, loginName: string, remoteAddress: string): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/rh-user/login',
    payload: { login: loginName, password: ATTACKER_PASSWORD },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`login ${loginName}: ${res.statusCode} ${res.body}`);
  return { access: header(res, 'set-authorization'), refresh: header(res, 'set-refresh-token'), body: res.json() };
}

const one = async <T>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> => {
  const { rows } = await q.query<T>(sql, params);
  if (!rows[0]) throw new Error(`world: nothing for ${sql}`);
  return rows[0];
};

async function createSiblingOrg(q: Queryable): Promise<void> {
  await insertRows(q, 'dom_main.organizations', [
    {
      id: SIBLING_ORG,
      name: 'Horizon Filiale Attaque',
      siret: makeSiret('81245367', '0099'),
      city: 'Nantes',
      parent_id: MAIN_ROOT,
      distribution_mode: 'WITHOUT_VERIFICATION',
    },
  ]);
}

/** A mask of Paris with a stored sample, made through the API as its administrator does. */
async function createVictimMask(app: FastifyInstance, admin: LoggedIn): Promise<string> {
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      maskName: 'Masque contrats Paris',
      orgId: PARIS,
      docType: 'CONTRAT_TRAVAIL',
      identifier: 'registrationNumber',
      grouping: 'onePerPage',
      zone: { page: 1, x: 400, y: 760, width: 150, height: 24 },
    }),
  );
  form.append('pdf-1', new Blob([Buffer.from(samplePdf())], { type: 'application/pdf' }), 'exemple.pdf');
  const res = await app.inject({
    method: 'POST',
    url: '/api/dispatch/mask',
    headers: authHeaders(admin),
    payload: form,
  });
  if (res.statusCode !== 200) throw new Error(`world: mask ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}

let pdfBytes: Uint8Array | null = null;
/** A real two-page payroll PDF (people who exist nowhere). */
export const samplePdf = (): Uint8Array =>
  (pdfBytes ??= payrollPdf({
    employees: [
      { name: 'Exemple', firstName: 'Paul', registrationNumber: 'ZZZ-00001' },
      { name: 'Modèle', firstName: 'Anne', registrationNumber: 'ZZZ-00002' },
    ],
    twoPageShare: 0,
  }).bytes);

/** Messages waiting in the demo outbox for the victim (a reset link) and for the guest (a signing code). */
async function seedOutbox(q: Queryable, victim: { userId: string; email: string }, guest: GuestFacts): Promise<void> {
  const { rows } = await q.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'directory' AND table_name = 'outbox'`,
  );
  const has = new Set(rows.map((r) => r.column_name));
  const row = (to: string, subject: string, body: string, extra: Record<string, unknown>) => ({
    id: randomUUID(),
    channel: 'email',
    recipient: to,
    subject,
    body,
    ...Object.fromEntries(Object.entries(extra).filter(([column]) => has.has(column))),
  });
  await insertRows(q, 'directory.outbox', [
    row(
      victim.email,
      'Réinitialisation de votre mot de passe',
      `Pour choisir un nouveau mot de passe : http://test.local/token-reinitialization/${OUTBOX_RESET_SECRET}`,
      { user_id: victim.userId },
    ),
  ]);
  await insertRows(q, 'directory.outbox', [
    row(guest.email, 'Votre code de signature', `Votre code de signature est ${OUTBOX_CODE_SECRET}.`, {
      signatory_domain: 'main',
      signatory_id: guest.signatoryId,
    }),
  ]);
}

interface GuestFacts {
  signatoryId: string;
  email: string;
}

export async function createWorld(): Promise<World> {
  const t = await createSeededDb();
  const app = await testApp(t.db);
  const hash = await hashPassword(ATTACKER_PASSWORD);
  await createSiblingOrg(t.db);
  for (const user of Object.values(NEW_USERS)) await insertUser(t.db, user, hash);

  const admin = await login(app, 'admin', '10.1.0.1');
  const actors = { admin: { name: 'admin', session: admin, domain: 'main', orgId: MAIN_ROOT } } as Record<
    ActorName,
    Actor
  >;
  let n = 2;
  for (const [name, user] of Object.entries(NEW_USERS) as [Exclude<ActorName, 'admin'>, NewUser][]) {
    actors[name] = {
      name,
      session: await loginAs(app, user.login, `10.1.0.${n++}`),
      domain: user.domain,
      orgId: user.orgId,
    };
  }
  // Expired: a live session whose access token is past its end, presented without the refresh token.
  const expiring = await login(app, 'admin', '10.1.0.20');
  await t.db.query(
    `UPDATE directory.sessions SET access_expires_at = now() - interval '1 minute' WHERE access_hash = $1`,
    [digest(expiring.access)],
  );
  // Revoked: logged out, then presented with both of its tokens.
  const revoking = await login(app, 'admin', '10.1.0.21');
  const out = await app.inject({ method: 'POST', url: '/api/user/rh-user/logout', headers: authHeaders(revoking) });
  if (out.statusCode >= 300) throw new Error(`world: logout ${out.statusCode} ${out.body}`);

  const victim = await findVictim(t.db, app, admin);
  const guestSignatory = await one<{ id: string; email: string }>(
    t.db,
    `SELECT id, email FROM dom_main.signatories WHERE signbook_id = $1 AND step_index = 1`,
    [victim.signbooks.guest],
  );
  const superseded = await issueGuestToken(t.db, 'main', guestSignatory.id);
  const valid = await issueGuestToken(t.db, 'main', guestSignatory.id);
  const otherSignatory = await issueGuestToken(t.db, 'main', demoId('signatory:main:telework:0'));
  await seedOutbox(
    t.db,
    { userId: victim.user.id, email: victim.user.email },
    {
      signatoryId: guestSignatory.id,
      email: guestSignatory.email,
    },
  );
  const full: Victim = { ...victim, guestToken: valid };
  return {
    t,
    app,
    foreign: await foreignIds(t.db),
    victim: full,
    actors,
    expired: { access: expiring.access },
    revoked: { access: revoking.access, refresh: revoking.refresh },
    guest: { valid, superseded, otherSignatory },
    secrets: await horizonSecrets(t.db),
    guestSecrets: await guestSecrets(t.db, victim.signbooks.guest),
    fingerprint: fingerprinter(t.db),
  };
}

async function findVictim(q: Queryable, app: FastifyInstance, admin: LoggedIn): Promise<Omit<Victim, 'guestToken'>> {
  const parisOnly = `org_ids = ARRAY[$1::uuid] AND email IS NOT NULL AND num_secu IS NOT NULL AND NOT needs_validation`;
  const employee = await one<{ id: string; email: string; name: string; first_name: string; num_secu: string }>(
    q,
    `SELECT id, email, name, first_name, num_secu FROM dom_main.employees WHERE ${parisOnly}
        AND safe_status = 'FINALISED' ORDER BY id LIMIT 1`,
    [PARIS],
  );
  const toImport = await one<{ id: string }>(
    q,
    `SELECT id FROM dom_main.employees WHERE ${parisOnly} AND id <> $2 ORDER BY id LIMIT 1`,
    [PARIS, employee.id],
  );
  const withoutSafe = await one<{ id: string }>(
    q,
    `SELECT id FROM dom_main.employees WHERE ${parisOnly} AND safe_status = 'NOT_CREATED' ORDER BY id LIMIT 1`,
    [PARIS],
  );
  const toValidate = await one<{ id: string }>(
    q,
    `SELECT id FROM dom_main.employees WHERE needs_validation AND org_ids && ARRAY[$1::uuid, $2::uuid]
      ORDER BY id LIMIT 1`,
    [PARIS, LYON],
  );
  const doc = async (key: string, where: string) =>
    (
      await one<{ id: string; document_id: string | null }>(
        q,
        `SELECT d.id, d.document_id FROM dom_main.dispatched_docs d JOIN dom_main.employees e ON e.id = d.employee_id
          WHERE d.campaign_id = $1 AND ${where} ORDER BY d.id LIMIT 1`,
        [campaign(key)],
      )
    ).id;
  const withFile = await one<{ id: string; document_id: string }>(
    q,
    `SELECT id, document_id FROM dom_main.dispatched_docs WHERE campaign_id = $1 AND status = 'DISPATCHED'
        AND document_id IS NOT NULL ORDER BY id LIMIT 1`,
    [campaign('main-dispatched')],
  );
  // A document of the distributing campaign put back to "waiting": its owner could send it now.
  // Deposits that would go through for the owner: an employee with no paper and no refusal of paperless.
  const deposable = `NOT e.paper_dispatch AND e.bpe_agreement IS DISTINCT FROM 'REFUSED' AND e.safe_status = 'FINALISED'`;
  const sendable = await doc('main-dispatching', `d.status = 'DISPATCHING' AND ${deposable}`);
  await q.query(`UPDATE dom_main.dispatched_docs SET status = 'NEEDS_DISPATCHING' WHERE id = $1`, [sendable]);
  const paie = await one<{ email: string }>(q, `SELECT email FROM directory.users WHERE id = $1`, [userId('paie')]);
  return {
    domain: 'main',
    rootOrgId: MAIN_ROOT,
    orgId: PARIS,
    orgSiret: (await one<{ siret: string }>(q, `SELECT siret FROM dom_main.organizations WHERE id = $1`, [PARIS]))
      .siret,
    employee: {
      id: employee.id,
      email: employee.email,
      name: employee.name,
      firstName: employee.first_name,
      numSecu: employee.num_secu,
    },
    employeeToValidateId: toValidate.id,
    employeeToImportId: toImport.id,
    employeeWithoutSafeId: withoutSafe.id,
    groupId: demoId('emp-group:main:Équipe de nuit'),
    groupOrgId: LYON,
    campaigns: {
      dispatched: campaign('main-dispatched'),
      validation: campaign('main-validation'),
      retry: campaign('main-error-retry'),
      deletable: campaign('main-error-delete'),
    },
    docs: {
      withFile: withFile.id,
      waiting: await doc('main-validation', `d.status = 'NEEDS_DISPATCHING'`),
      failed: await doc(
        'main-error-retry',
        `d.status = 'NOT_DISPATCHED' AND d.failure_cause = 'EDOCPERSO_ERROR' AND ${deposable}`,
      ),
      deletable: await doc('main-error-delete', `d.status = 'NOT_DISPATCHED' AND d.failure_cause = 'NO_DOC_FOUND'`),
      sendable,
    },
    documentId: withFile.document_id,
    signbooks: {
      toSign: demoId('signbook:main:telework'),
      draft: demoId('signbook:main:promesse'),
      complete: demoId('signbook:main:cdd'),
      guest: demoId('signbook:main:cdi'),
    },
    templateId: demoId('sign-template:main:contract'),
    maskId: await createVictimMask(app, admin),
    user: { id: userId('paie'), email: paie.email, login: 'paie' },
    userGroupId: demoId('user-group:Gestionnaires paie'),
    ruleId: demoId('rule:Bulletins Horizon'),
  };
}

async function foreignIds(q: Queryable): Promise<Foreign> {
  const trial = orgId('main', ROOT_TRIAL);
  const trialCampaign = demoId('campaign:main:trial-dispatched');
  const pick = async (sql: string, params: unknown[] = []) => (await one<{ id: string }>(q, sql, params)).id;
  return {
    userId: userId('essai'),
    orgId: trial,
    employeeId: await pick(`SELECT id FROM dom_main.employees WHERE org_ids = ARRAY[$1::uuid] ORDER BY id LIMIT 1`, [
      trial,
    ]),
    documentId: await pick(`SELECT id FROM dom_main.documents WHERE organization_id = $1 ORDER BY id LIMIT 1`, [trial]),
    campaignId: trialCampaign,
    dispatchedDocId: await pick(`SELECT id FROM dom_main.dispatched_docs WHERE campaign_id = $1 ORDER BY id LIMIT 1`, [
      trialCampaign,
    ]),
    groupId: demoId('emp-group:legacy:Atelier'),
    templateId: demoId('sign-template:legacy:contract'),
  };
}

/** A victim of the right shape with made-up values: what the declarations' bodies look like, before the world exists. */
export function placeholderVictim(): Victim {
  const u = () => randomUUID();
  return {
    domain: 'main',
    rootOrgId: u(),
    orgId: u(),
    orgSiret: '81245367800029',
    employee: { id: u(), email: 'prenom.nom@example.fr', name: 'Nom', firstName: 'Prénom', numSecu: '190057512345678' },
    employeeToValidateId: u(),
    employeeToImportId: u(),
    employeeWithoutSafeId: u(),
    groupId: u(),
    groupOrgId: u(),
    campaigns: { dispatched: u(), validation: u(), retry: u(), deletable: u() },
    docs: { withFile: u(), waiting: u(), failed: u(), deletable: u(), sendable: u() },
    documentId: u(),
    signbooks: { toSign: u(), draft: u(), complete: u(), guest: u() },
    templateId: u(),
    maskId: u(),
    user: { id: u(), email: 'utilisateur@example.fr', login: 'utilisateur' },
    userGroupId: u(),
    ruleId: u(),
    guestToken: `main.${u()}`,
  };
}

export async function disposeWorld(w: World | undefined): Promise<void> {
  await w?.app.close();
  await w?.t.dispose();
}
