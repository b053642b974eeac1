/**
 * A small world for the document-visibility suites: organisations (a forest), employees, employee
 * groups and documents written into a migrated database, then read back both ways — the SQL
 * predicate of src/server/auth/document-visibility.ts and its TypeScript reference.
 */
import type { DocumentCriteria } from '../../src/contract/rights.ts';
import {
  type CensusArm,
  compileVisibility,
  type VisibilityDocument,
  visibleByReference,
} from '../../src/server/auth/document-visibility.ts';
import type { Db, Queryable } from '../../src/server/db/db.ts';
import { insertRows } from '../../src/server/db/seed/insert.ts';

const S = 'dom_main';

export interface World {
  /** Each organisation's parent (null at a root); a parent comes before its children. */
  orgs: { id: string; parentId: string | null }[];
  employees: string[];
  groups: { id: string; members: string[] }[];
  documents: (VisibilityDocument & { id: string })[];
}

export const NO_CRITERIA: DocumentCriteria = {
  periodStart: null,
  periodEnd: null,
  docTypes: [],
  organizationIds: [],
  employeeIds: [],
  employeeGroupIds: [],
  metaKey: null,
  metaValue: null,
};
export const criteria = (set: Partial<DocumentCriteria>): DocumentCriteria => ({ ...NO_CRITERIA, ...set });

/** A valid uuid per (kind, number): readable in a failure report, distinct across kinds. */
export const uuidOf = (kind: 'org' | 'emp' | 'grp' | 'doc' | 'unknown', n: number): string => {
  const prefix = { org: '0a', emp: '0e', grp: '06', doc: '0d', unknown: 'ff' }[kind];
  return `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
};

/** Replaces whatever world the database held by this one. */
export async function writeWorld(db: Db, world: World): Promise<void> {
  await db.tx(async (q) => {
    await clearWorld(q);
    if (world.orgs.length > 0)
      await insertRows(
        q,
        `${S}.organizations`,
        world.orgs.map((o, i) => ({
          id: o.id,
          name: `Org ${i}`,
          siret: String(i).padStart(14, '0'),
          city: 'Paris',
          parent_id: o.parentId,
        })),
      );
    if (world.employees.length > 0)
      await insertRows(
        q,
        `${S}.employees`,
        world.employees.map((id, i) => ({ id, name: `Nom ${i}`, first_name: 'Prénom', birth_date: '1980-01-01' })),
      );
    if (world.groups.length > 0) {
      const owner = world.orgs[0]!.id;
      await insertRows(
        q,
        `${S}.employee_groups`,
        world.groups.map((g, i) => ({ id: g.id, name: `Groupe ${i}`, org_id: owner })),
      );
      const members = world.groups.flatMap((g) => g.members.map((e) => ({ group_id: g.id, employee_id: e })));
      if (members.length > 0) await insertRows(q, `${S}.employee_group_members`, members);
    }
    if (world.documents.length > 0)
      await insertRows(
        q,
        `${S}.documents`,
        world.documents.map((d) => ({
          id: d.id,
          organization_id: d.organizationId,
          employee_id: d.employeeId,
          type_code: d.typeCode,
          description: 'Document',
          meta_datas: JSON.stringify(d.metaDatas),
          emission_date: d.emissionDate,
          period_start: d.periodStart,
          period_end: d.periodEnd,
          deposited_at: d.depositedAt,
        })),
      );
  });
}

async function clearWorld(q: Queryable): Promise<void> {
  for (const table of ['documents', 'employee_group_members', 'employee_groups', 'employees', 'organizations'])
    await q.query(`DELETE FROM ${S}.${table}`);
}

/**
 * Each document's verdict under the SQL predicate (`true`/`false`; `null` would be a three-valued
 * predicate, which the suites refuse), selected together with a caller condition on $1 so the
 * parameter offset is exercised too.
 */
export async function sqlVerdicts(
  db: Db,
  rules: readonly DocumentCriteria[],
  visibleOrgIds: readonly string[],
): Promise<Map<string, boolean | null>> {
  const predicate = await compileVisibility(db, 'main', rules, visibleOrgIds, 'doc', 1);
  const { rows } = await db.query<{ id: string; visible: boolean | null }>(
    `SELECT doc.id, (${predicate.sql}) AS visible FROM ${S}.documents doc WHERE doc.description <> $1`,
    ['-', ...predicate.params],
  );
  return new Map(rows.map((r) => [r.id, r.visible]));
}

/** The predicate's arms a census floor counts (`SqlPredicate.census`). */
export async function censusArms(
  db: Db,
  rules: readonly DocumentCriteria[],
  visibleOrgIds: readonly string[],
): Promise<readonly CensusArm[]> {
  return (await compileVisibility(db, 'main', rules, visibleOrgIds, 'doc', 1)).census ?? [];
}

/** `documents_census` as « organisation|type » → n, empty cells left out. */
export async function censusCells(db: Db): Promise<Map<string, number>> {
  const { rows } = await db.query<{ org: string; type: string; n: number }>(
    `SELECT organization_id::text AS org, type_code AS type, n::int AS n FROM ${S}.documents_census WHERE n <> 0`,
  );
  return new Map(rows.map((r) => [`${r.org}|${r.type}`, r.n]));
}

/** Each document's verdict under the reference. */
export function referenceVerdicts(
  world: World,
  rules: readonly DocumentCriteria[],
  visibleOrgIds: readonly string[],
): Map<string, boolean> {
  const parents = new Map(world.orgs.map((o) => [o.id, o.parentId]));
  const members = new Map(world.groups.map((g) => [g.id, new Set(g.members)]));
  const visible = new Set(visibleOrgIds);
  return new Map(world.documents.map((d) => [d.id, visibleByReference(d, rules, parents, members, visible)]));
}
