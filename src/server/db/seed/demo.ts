/**
 * The demo data set, identical on every run (ids derived from names, people from a seeded PRNG);
 * only timestamps are relative to the seeding time so the dashboard shows recent activity.
 * Runs on an empty database only (no user yet), in one transaction.
 */
import { DOMAINS, type DomainId } from '../../../contract/constants.ts';
import { hashPassword } from '../../auth/password.ts';
import { schemaOf, type Db, type Queryable } from '../db.ts';
import { DOC_TYPES } from './doc-types.ts';
import { demoId } from './ids.ts';
import { insertRows } from './insert.ts';
import { DEMO_ORGS, findOrg, orgId } from './orgs.ts';
import { generateEmployees, type DemoEmployee } from './people.ts';
import { PERSONAS, ROOT_LEGACY, ROOT_MAIN } from './personas.ts';
import { seedWorkflows, type SeedContext } from './workflows.ts';

export const userId = (login: string): string => demoId(`user:${login}`);

export interface SeedResult {
  seeded: boolean;
  employees: Record<DomainId, number>;
}

export async function seedDemo(db: Db, now: Date = new Date()): Promise<SeedResult> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM directory.users');
  if ((rows[0]?.n ?? 0) > 0) return { seeded: false, employees: { legacy: 0, main: 0 } };
  // Hash before the transaction: scrypt is slow and need not hold the connection.
  const hashes = new Map(
    await Promise.all(PERSONAS.map(async (p) => [p.login, await hashPassword(p.password)] as const)),
  );
  return db.tx(async (q) => {
    await seedUsers(q, hashes);
    const employees = { legacy: 0, main: 0 };
    for (const domain of DOMAINS) {
      const people = generateEmployees(domain, DEMO_ORGS[domain]);
      employees[domain] = people.length;
      const ctx: SeedContext = { q, domain, schema: schemaOf(domain), now, employees: people, userId };
      await seedOrganisations(ctx);
      await seedEmployees(ctx);
      await seedEmployeeGroups(ctx);
      await seedDocTypesAndMasks(ctx);
      await seedWorkflows(ctx);
    }
    return { seeded: true, employees };
  });
}

const daysAgo = (now: Date, days: number): string => new Date(now.getTime() - days * 86_400_000).toISOString();

async function seedUsers(q: Queryable, hashes: Map<string, string>): Promise<void> {
  await insertRows(
    q,
    'directory.users',
    PERSONAS.map((p) => ({
      id: userId(p.login),
      login: p.login,
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      password_hash: hashes.get(p.login),
      features: [...p.features],
      is_free_trial: p.isFreeTrial,
      linked_to_microsoft: p.linkedToMicrosoft === true,
    })),
  );
  await insertRows(
    q,
    'directory.user_org_access',
    PERSONAS.flatMap((p) =>
      p.roots.map((root) => ({
        user_id: userId(p.login),
        domain: root.domain,
        org_id: orgId(root.domain, root.orgName),
        is_root: true,
        include_children: root.includeChildren,
      })),
    ),
  );
  const payrollGroup = demoId('user-group:Gestionnaires paie');
  // User groups and access rules belong to one company of one domain (migration 0020).
  const horizon = { domain: 'main', company_id: orgId('main', ROOT_MAIN) };
  await insertRows(q, 'directory.user_groups', [
    {
      id: payrollGroup,
      name: 'Gestionnaires paie',
      features: ['EmpList', 'DocSearch', 'DocListDispatch', 'DocCreateDispatch'],
      ...horizon,
    },
    {
      id: demoId('user-group:Signataires RH'),
      name: 'Signataires RH',
      features: ['ParaphList', 'ParaphCreateUpdate'],
      ...horizon,
    },
  ]);
  await insertRows(q, 'directory.user_group_members', [
    { group_id: payrollGroup, user_id: userId('paie') },
    { group_id: payrollGroup, user_id: userId('multi') },
    { group_id: demoId('user-group:Signataires RH'), user_id: userId('admin') },
  ]);
  await insertRows(q, 'directory.access_rules', [
    {
      id: demoId('rule:Bulletins Horizon'),
      name: 'Bulletins de paie du groupe Horizon',
      features: ['DocSearch'],
      ...horizon,
      criteria: JSON.stringify({
        periodStart: null,
        periodEnd: null,
        docTypes: ['BULLETIN_PAIE'],
        organizationIds: [orgId('main', ROOT_MAIN)],
        employeeIds: [],
        employeeGroupIds: [],
        metaKey: null,
        metaValue: null,
      }),
    },
  ]);
  await insertRows(q, 'directory.access_rule_groups', [
    { rule_id: demoId('rule:Bulletins Horizon'), group_id: payrollGroup },
  ]);
}

async function seedOrganisations({ q, domain, schema, now }: SeedContext): Promise<void> {
  const admins = domain === 'main' ? [userId('admin')] : [userId('multi')];
  await insertRows(
    q,
    `${schema}.organizations`,
    DEMO_ORGS[domain].map((o) => ({
      id: o.id,
      name: o.name,
      siret: o.siret,
      street: o.street,
      zip_code: o.zipCode,
      city: o.city,
      country: 'France',
      parent_id: o.parentName ? orgId(domain, o.parentName) : null,
      reference: o.reference,
      billing_reference: o.billingReference,
      internal_folder_code: o.internalFolderCode,
      paye_domain_id: o.payeDomainId,
      distribution_mode: o.parentName === null ? 'WITH_VERIFICATION' : 'WITHOUT_VERIFICATION',
      users_to_notify: o.parentName === null ? admins : [],
      subscribe_to_signature: o.subscribeToSignature,
    })),
  );
  if (domain === 'main') {
    const trial = findOrg('main', "Boulangerie Levain d'Or");
    await insertRows(q, `${schema}.subscriptions`, [
      {
        root_org_id: trial.id,
        doc_limit: 50,
        emp_limit: 10,
        end_of_trial_period: new Date(now.getTime() + 12 * 86_400_000).toISOString(),
      },
    ]);
  }
}

async function seedEmployees({ q, domain, schema, employees, now }: SeedContext): Promise<void> {
  await insertRows(
    q,
    `${schema}.employees`,
    employees.map((e: DemoEmployee) => ({
      id: e.id,
      name: e.name,
      first_name: e.firstName,
      birth_date: e.birthDate,
      email: e.email,
      phone: e.phone,
      num_secu: e.numSecu,
      address: JSON.stringify(e.address),
      has_bpe: e.hasBpe,
      bpe_agreement: e.bpeAgreement,
      safe_status: e.safeStatus,
      registered: e.registered,
      needs_validation: e.needsValidation,
      safe_created_at: e.safeCreatedDaysAgo === null ? null : daysAgo(now, e.safeCreatedDaysAgo),
      last_notification_at: e.lastNotificationDaysAgo === null ? null : daysAgo(now, e.lastNotificationDaysAgo),
      created_at: new Date(now.getTime() - e.createdMinutesAgo * 60_000).toISOString(),
    })),
  );
  await insertRows(
    q,
    `${schema}.employee_organizations`,
    employees.flatMap((e) =>
      e.links.map((l) => ({
        employee_id: e.id,
        organization_id: l.orgId,
        registration_number: l.registrationNumber,
        active: l.active,
      })),
    ),
  );
  // Each employee belongs to the company of its organisations (migration 0019).
  await q.query(
    `UPDATE ${schema}.employees SET company_id = ${schema}.company_of(org_ids[1]) WHERE company_id IS NULL`,
  );
  // Two employees who asked for paper (migration 0011) and never finalised a safe, in an organisation
  // whose demo campaigns are finished.
  if (domain === 'main') {
    const paris = findOrg('main', 'Horizon Services Paris').id;
    const paper = employees
      .filter((e) => e.mainOrgId === paris && e.safeStatus !== 'FINALISED' && e.bpeAgreement !== 'REFUSED')
      .slice(0, 2);
    await q.query(`UPDATE ${schema}.employees SET paper_dispatch = true WHERE id = ANY($1::uuid[])`, [
      paper.map((e) => e.id),
    ]);
  }
}

const GROUPS: Record<DomainId, { name: string; org: string; every: number; offset: number }[]> = {
  main: [
    { name: 'Cadres', org: ROOT_MAIN, every: 9, offset: 2 },
    { name: 'Équipe de nuit', org: 'Horizon Logistique Lyon', every: 4, offset: 1 },
    { name: 'Nouveaux arrivants', org: ROOT_MAIN, every: 15, offset: 0 },
    { name: 'Infirmiers et infirmières', org: 'Horizon Santé Marseille', every: 3, offset: 0 },
  ],
  legacy: [
    { name: 'Atelier', org: 'Martin & Fils Atelier Rezé', every: 2, offset: 0 },
    { name: 'Encadrement', org: ROOT_LEGACY, every: 6, offset: 1 },
  ],
};

async function seedEmployeeGroups({ q, domain, schema, employees }: SeedContext): Promise<void> {
  const orgs = DEMO_ORGS[domain];
  const groups = GROUPS[domain].map((g) => ({
    ...g,
    id: demoId(`emp-group:${domain}:${g.name}`),
    orgId: orgId(domain, g.org),
  }));
  await insertRows(
    q,
    `${schema}.employee_groups`,
    groups.map((g) => ({ id: g.id, name: g.name, org_id: g.orgId })),
  );
  // Members come from the group's organisation and its descendants.
  const inTree = (rootId: string) => {
    const ids = new Set([rootId]);
    for (let grew = true; grew;) {
      grew = false;
      for (const o of orgs) {
        const parent = o.parentName ? orgId(domain, o.parentName) : null;
        if (parent && ids.has(parent) && !ids.has(o.id)) {
          ids.add(o.id);
          grew = true;
        }
      }
    }
    return ids;
  };
  await insertRows(
    q,
    `${schema}.employee_group_members`,
    groups.flatMap((g) => {
      const tree = inTree(g.orgId);
      return employees
        .filter((e) => tree.has(e.mainOrgId))
        .filter((_, i) => i % g.every === g.offset)
        .map((e) => ({ group_id: g.id, employee_id: e.id }));
    }),
  );
}

async function seedDocTypesAndMasks({ q, domain, schema }: SeedContext): Promise<void> {
  await insertRows(q, `${schema}.doc_types`, [...DOC_TYPES]);
  const root = orgId(domain, domain === 'main' ? ROOT_MAIN : ROOT_LEGACY);
  const masks = [
    {
      id: demoId(`mask:${domain}:BULLETIN_PAIE`),
      mask_name: 'Bulletin de paie — matricule en haut à droite',
      org_id: root,
      doc_type: 'BULLETIN_PAIE',
      identifier: 'registrationNumber',
      grouping: 'consecutivePages',
      zone: JSON.stringify({ page: 1, x: 400, y: 760, width: 150, height: 24 }),
    },
  ];
  if (domain === 'main') {
    masks.push({
      id: demoId(`mask:${domain}:ATTESTATION_EMPLOYEUR`),
      mask_name: 'Attestation employeur — numéro de sécurité sociale',
      org_id: root,
      doc_type: 'ATTESTATION_EMPLOYEUR',
      identifier: 'numSecu',
      grouping: 'onePerPage',
      zone: JSON.stringify({ page: 1, x: 56, y: 640, width: 220, height: 20 }),
    });
  }
  await insertRows(q, `${schema}.masks`, masks);
}
