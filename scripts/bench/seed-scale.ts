/**
 * Adds the scale data set to a demo-seeded database: `orgCount` organisations under the main
 * domain's root (so the demo admin, whose access includes children, sees them) and `employeeCount`
 * employees spread over them, generated inside the database with generate_series so 100,000 rows
 * take seconds, not minutes. Names come from the demo's French name lists (plus hyphenated double
 * names) so a contains-search matches a realistic share of rows.
 */
import type { Db } from '../../src/server/db/db.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { insertRows } from '../../src/server/db/seed/insert.ts';
import {
  CITIES_BY_REGION,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  LAST_NAMES,
  STREET_NAMES,
  STREET_TYPES,
  asciiSlug,
} from '../../src/server/db/seed/names.ts';
import { orgId } from '../../src/server/db/seed/orgs.ts';
import { ROOT_MAIN } from '../../src/server/db/seed/personas.ts';
import { makeSiret } from '../../src/server/db/seed/siret.ts';

export interface ScaleOptions {
  employees: number;
  organizations: number;
  /** Rows per INSERT … SELECT generate_series statement. */
  batch?: number;
}

export interface ScaleResult {
  orgIds: string[];
  seedMs: number;
  vacuumMs: number;
}

const CITIES = Object.values(CITIES_BY_REGION).flat();
const SCHEMA = 'dom_main';

// Double names ("Martin-Lefèvre") make the name column far less repetitive than 85 surnames alone.
const SURNAMES: string[] = [
  ...LAST_NAMES,
  ...LAST_NAMES.slice(0, 40).map((name, i) => `${name}-${LAST_NAMES[(i * 7 + 11) % LAST_NAMES.length]}`),
];
const FIRST_NAMES: string[] = [...FIRST_NAMES_F, ...FIRST_NAMES_M];

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleResult> {
  const began = performance.now();
  const root = orgId('main', ROOT_MAIN);
  const orgs = Array.from({ length: options.organizations }, (_, i) => {
    const city = CITIES[i % CITIES.length]!;
    const n = String(i + 1).padStart(2, '0');
    return {
      id: demoId(`bench:org:${i}`),
      name: `Horizon ${city.city} ${n}`,
      siret: makeSiret(`9${String(1_000_000 + i * 37).slice(-7)}`, String(1000 + i)),
      street: `${10 + i} rue de la République`,
      zip_code: city.postal,
      city: city.city,
      country: 'France',
      parent_id: root,
      reference: `BEN-${n}`,
    };
  });
  await insertRows(db, `${SCHEMA}.organizations`, orgs);
  const orgIds = orgs.map((o) => o.id);

  const batch = options.batch ?? 20_000;
  for (let from = 1; from <= options.employees; from += batch) {
    const to = Math.min(options.employees, from + batch - 1);
    await db.tx(async (q) => {
      await q.query(EMPLOYEES_SQL, [
        from,
        to,
        SURNAMES,
        SURNAMES.map(asciiSlug),
        FIRST_NAMES,
        FIRST_NAMES.map(asciiSlug),
        CITIES.map((c) => c.city),
        CITIES.map((c) => c.postal),
        [...STREET_TYPES],
        [...STREET_NAMES],
      ]);
      await q.query(LINKS_SQL, [from, to, orgIds]);
    });
  }
  const seedMs = performance.now() - began;
  const vacuumStarted = performance.now();
  // VACUUM refuses to run inside a transaction block: a plain top-level statement on both engines.
  await db.exec(
    `VACUUM ANALYZE ${SCHEMA}.employees, ${SCHEMA}.employee_organizations, ${SCHEMA}.organizations, directory.user_org_access`,
  );
  return { orgIds, seedMs, vacuumMs: performance.now() - vacuumStarted };
}

// Pseudo-random but reproducible choices: hashtext of a tagged row number, one tag per column.
const pick = (tag: string, arrayParam: string): string =>
  `(${arrayParam})[1 + abs(hashtext('${tag}' || g)) % cardinality(${arrayParam})]`;

const EMPLOYEES_SQL = `
INSERT INTO ${SCHEMA}.employees
  (id, name, first_name, birth_date, email, phone, num_secu, address, has_bpe, bpe_agreement,
   safe_status, registered, needs_validation, safe_created_at, created_at)
SELECT md5('bench:emp:' || g)::uuid,
       ($3::text[])[ln], ($5::text[])[fn], birth,
       CASE WHEN g % 13 = 0 THEN NULL ELSE (($6::text[])[fn]) || '.' || (($4::text[])[ln]) || g || '@exemple-horizon.fr' END,
       CASE WHEN g % 4 = 0 THEN NULL ELSE '06 ' || lpad((abs(hashtext('p' || g)) % 100000000)::text, 8, '0') END,
       CASE WHEN g % 10 = 0 THEN NULL
            ELSE (CASE WHEN fn <= ${FIRST_NAMES_F.length} THEN 2 ELSE 1 END)::text || to_char(birth, 'YYMM') || lpad((g % 95 + 1)::text, 2, '0')
                 || lpad((abs(hashtext('s' || g)) % 1000000)::text, 6, '0') || lpad((g % 97)::text, 2, '0') END,
       jsonb_build_object('street', (1 + g % 180)::text || ' ' || ${pick('t', '$9::text[]')} || ' ' || ${pick('r', '$10::text[]')},
                          'postal', ($8::text[])[ci], 'city', ($7::text[])[ci], 'country', 'France'),
       g % 3 = 0, CASE WHEN g % 3 = 0 THEN (CASE WHEN g % 5 = 0 THEN 'REFUSED' ELSE 'ACCEPTED' END) END,
       CASE WHEN g % 5 < 3 THEN 'FINALISED' WHEN g % 5 = 3 THEN 'NOT_FINALISED' ELSE 'NOT_CREATED' END,
       g % 5 < 3, g % 50 = 7,
       CASE WHEN g % 5 < 4 THEN now() - ((g % 900) || ' days')::interval END,
       now() - (g || ' minutes')::interval
  FROM generate_series($1::int, $2::int) g,
       LATERAL (SELECT 1 + abs(hashtext('l' || g)) % cardinality($3::text[]) AS ln,
                       1 + abs(hashtext('f' || g)) % cardinality($5::text[]) AS fn,
                       1 + abs(hashtext('c' || g)) % cardinality($7::text[]) AS ci,
                       date '1962-01-01' + abs(hashtext('b' || g)) % 15600 AS birth) r`;

// One organisation each (about 10% inactive there); every tenth employee also works in a second one.
const LINKS_SQL = `
INSERT INTO ${SCHEMA}.employee_organizations (employee_id, organization_id, registration_number, active)
SELECT md5('bench:emp:' || g)::uuid, ($3::uuid[])[1 + o], 'BEN' || lpad(o::text, 2, '0') || '-' || lpad(g::text, 6, '0'),
       abs(hashtext('a' || g)) % 10 <> 0
  FROM generate_series($1::int, $2::int) g, LATERAL (SELECT abs(hashtext('o' || g)) % cardinality($3::uuid[]) AS o) r
UNION ALL
SELECT md5('bench:emp:' || g)::uuid, ($3::uuid[])[1 + (o + 1) % cardinality($3::uuid[])],
       'BEN' || lpad(((o + 1) % cardinality($3::uuid[]))::text, 2, '0') || '-9' || lpad(g::text, 6, '0'), true
  FROM generate_series($1::int, $2::int) g, LATERAL (SELECT abs(hashtext('o' || g)) % cardinality($3::uuid[]) AS o) r
 WHERE g % 10 = 0`;
