/**
 * The two probes every attack is judged by: the identifying strings of Groupe Horizon's objects (did
 * an answer leak?) and a fingerprint of every stored row (did a refused call write?).
 */
import type { Queryable } from '../../src/server/db/db.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';

/** What the victim's demo outbox holds: a reset link and a signing code, neither for anyone else to read. */
export const OUTBOX_RESET_SECRET = 'reset-3f9c1a7e5b2d4c6f8a0b1c2d3e4f5a6b';
export const OUTBOX_CODE_SECRET = '738214';

const MAIN_ROOT = orgId('main', ROOT_MAIN);
/** The sibling attacker's organisation (world.ts creates it): a new child of Groupe Horizon. */
export const SIBLING_ORG = demoId('security:org:sibling');

/** Organisations of Groupe Horizon (the tree under its root), the sibling attacker's own one excepted. */
const HORIZON_ORGS = `WITH RECURSIVE tree(id) AS (
    SELECT id FROM dom_main.organizations WHERE id = '${MAIN_ROOT}'
    UNION SELECT o.id FROM dom_main.organizations o JOIN tree t ON o.parent_id = t.id
  ) SELECT id FROM tree WHERE id <> '${SIBLING_ORG}'`;

/**
 * What identifies Groupe Horizon's objects: ids, e-mails, social security numbers, SIRETs and names
 * that nothing outside Horizon shares (the legacy and trial data are generated from the same name
 * lists, so a collision there is not a leak and is left out).
 */
export async function horizonSecrets(q: Queryable): Promise<Map<string, string>> {
  const secrets = new Map<string, string>();
  const add = async (label: string, sql: string) => {
    const { rows } = await q.query<{ v: string | null }>(sql);
    for (const { v } of rows) if (v && v.length >= 6) secrets.set(v, label);
  };
  await add('organisation id', HORIZON_ORGS);
  await add('organisation name', `SELECT name AS v FROM dom_main.organizations WHERE id IN (${HORIZON_ORGS})`);
  await add('SIRET', `SELECT siret AS v FROM dom_main.organizations WHERE id IN (${HORIZON_ORGS})`);
  const horizonEmployees = `SELECT id FROM dom_main.employees WHERE org_ids <@ ARRAY(${HORIZON_ORGS})`;
  await add('employee id', horizonEmployees);
  await add('employee e-mail', `SELECT email AS v FROM dom_main.employees WHERE id IN (${horizonEmployees})`);
  await add('social security number', `SELECT num_secu AS v FROM dom_main.employees WHERE id IN (${horizonEmployees})`);
  const horizonCampaigns = `SELECT id FROM dom_main.campaigns WHERE organization_id IN (${HORIZON_ORGS})`;
  await add('campaign id', horizonCampaigns);
  await add(
    'dispatched document id',
    `SELECT id AS v FROM dom_main.dispatched_docs WHERE campaign_id IN (${horizonCampaigns})`,
  );
  await add('document id', `SELECT id AS v FROM dom_main.documents WHERE organization_id IN (${HORIZON_ORGS})`);
  const horizonSignbooks = `SELECT id FROM dom_main.signbooks WHERE organization_id IN (${HORIZON_ORGS})`;
  await add('signbook id', horizonSignbooks);
  await add('signbook name', `SELECT name AS v FROM dom_main.signbooks WHERE id IN (${horizonSignbooks})`);
  await add('signatory id', `SELECT id AS v FROM dom_main.signatories WHERE signbook_id IN (${horizonSignbooks})`);
  await add('template id', `SELECT id AS v FROM dom_main.sign_templates WHERE organization_id IN (${HORIZON_ORGS})`);
  await add('group id', `SELECT id AS v FROM dom_main.employee_groups WHERE org_id IN (${HORIZON_ORGS})`);
  await add('group name', `SELECT name AS v FROM dom_main.employee_groups WHERE org_id IN (${HORIZON_ORGS})`);
  await add('mask id', `SELECT id AS v FROM dom_main.masks WHERE org_id IN (${HORIZON_ORGS})`);
  // Users seen only in Horizon (admin is also named by a legacy template, multi has legacy access).
  await add('user id', `SELECT id::text AS v FROM directory.users WHERE login IN ('paie', 'sansmail')`);
  await add('user e-mail', `SELECT email AS v FROM directory.users WHERE login IN ('paie', 'sansmail')`);
  await add(
    'employee name',
    `SELECT first_name || ' ' || name AS v FROM dom_main.employees WHERE id IN (${horizonEmployees})`,
  );
  secrets.set(OUTBOX_RESET_SECRET, 'password reset link');
  secrets.set(`est ${OUTBOX_CODE_SECRET}`, 'signature code');
  // Values anything outside Horizon also has are not Horizon's to leak.
  const { rows: shared } = await q.query<{ v: string | null }>(
    `SELECT unnest(ARRAY[email, num_secu, first_name || ' ' || name]) AS v FROM dom_legacy.employees
     UNION SELECT unnest(ARRAY[email, num_secu, first_name || ' ' || name]) FROM dom_main.employees
      WHERE NOT org_ids <@ ARRAY(${HORIZON_ORGS})
     UNION SELECT name FROM dom_legacy.employee_groups UNION SELECT name FROM dom_legacy.signbooks`,
  );
  for (const { v } of shared) if (v) secrets.delete(v);
  return secrets;
}

export async function guestSecrets(q: Queryable, signbookId: string): Promise<Map<string, string>> {
  const secrets = new Map<string, string>([[signbookId, 'signbook id']]);
  const { rows } = await q.query<{ name: string; id: string; email: string | null }>(
    `SELECT b.name, s.id, s.email FROM dom_main.signbooks b JOIN dom_main.signatories s ON s.signbook_id = b.id
      WHERE b.id = $1`,
    [signbookId],
  );
  for (const r of rows) {
    secrets.set(r.name, 'signbook name');
    secrets.set(r.id, 'signatory id');
    if (r.email) secrets.set(r.email, 'signatory e-mail');
  }
  secrets.set(`est ${OUTBOX_CODE_SECRET}`, 'signature code');
  return secrets;
}

/**
 * A hash per table of every stored row (bytes as their md5), sessions and login bookkeeping left
 * out: they move with every call. `scope_version` is a cache counter its statement trigger bumps
 * even when an UPDATE matches no row, so it is not data either.
 */
export function fingerprinter(q: Queryable): () => Promise<Map<string, string>> {
  const skipped = new Set([
    'directory.sessions',
    'directory.refresh_tokens',
    'directory.login_attempts',
    'directory.scope_version',
  ]);
  let tables: string[] | null = null;
  // Hashing every row takes ~40 ms on PGlite, and even (count, newest xmin) per table ~20 ms; a row
  // version's xmin moves with any write, so only the tables whose pair moved are hashed again.
  const cache = new Map<string, { sig: string; hash: string }>();
  const union = (names: readonly string[], expr: (table: string) => string) =>
    names.map((table) => `SELECT '${table}' AS t, (${expr(table)}) AS v`).join(' UNION ALL ');
  // Cheaper still: a read takes no transaction id, so while the next one to be assigned has not moved, nothing wrote.
  let last: { xmax: string; fingerprint: Map<string, string> } | null = null;
  return async () => {
    const { rows: now } = await q.query<{ x: string }>(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`);
    const xmax = now[0]!.x;
    if (last && last.xmax === xmax) return last.fingerprint;
    if (!tables) {
      const { rows } = await q.query<{ s: string; t: string }>(
        `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
          WHERE table_schema IN ('directory', 'dom_main', 'dom_legacy') AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
      );
      tables = rows.map((r) => `${r.s}.${r.t}`).filter((t) => !skipped.has(t));
    }
    const { rows: sigs } = await q.query<{ t: string; v: string }>(
      union(tables, (t) => `SELECT count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text FROM ${t}`),
    );
    const moved = sigs.filter((r) => cache.get(r.t)?.sig !== r.v);
    if (moved.length > 0) {
      const { rows: hashes } = await q.query<{ t: string; v: string }>(
        union(
          moved.map((r) => r.t),
          (t) => `SELECT md5(coalesce(string_agg(h, '' ORDER BY h), '')) FROM (SELECT md5(x::text) AS h FROM ${t} x) y`,
        ),
      );
      const sigOf = new Map(moved.map((r) => [r.t, r.v]));
      for (const r of hashes) cache.set(r.t, { sig: sigOf.get(r.t)!, hash: r.v });
    }
    const fingerprint = new Map(tables.map((t) => [t, cache.get(t)!.hash]));
    last = { xmax, fingerprint };
    return fingerprint;
  };
}

/** Tables whose fingerprint differs. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
