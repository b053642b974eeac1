/**
 * Writes docs/api.md from the contract's route table, so the API reference can never drift from
 * what the server registers and the browser calls. `npm run docs:api`.
 */
import { writeFileSync } from 'node:fs';
import { ROUTES, SERVICES, type RouteDef, type RouteId } from '../src/contract/routes.ts';
import { ERROR_KEYS } from '../src/contract/keys.ts';

const access = (def: RouteDef): string =>
  def.access === 'public' ? 'public' : def.access === 'session' ? 'session' : `feature \`${def.access.feature}\``;

const byIssue = new Map<RouteDef['issue'], [RouteId, RouteDef][]>();
for (const [id, def] of Object.entries(ROUTES) as [RouteId, RouteDef][]) {
  byIssue.set(def.issue, [...(byIssue.get(def.issue) ?? []), [id, def]]);
}

const lines: string[] = [
  '# API reference',
  '',
  'Generated from `src/contract/routes.ts` by `npm run docs:api`; do not edit by hand.',
  'A running server serves this reference as a page at `/api/docs` (Swagger UI) and the OpenAPI document at `/api/openapi.json`.',
  '',
  '## Protocol',
  '',
  '- Every call sends `Authorization: Bearer <access token>` and `Refresh-Token: <refresh token>`.',
  '- `POST /api/user/rh-user/login` answers the session fields with the headers `set-authorization` and',
  '  `set-refresh-token`. Any answer may carry a new pair in those headers (rotation); the client replaces',
  '  what it stored. A refresh token presented twice revokes its session.',
  '- Every error answer is `{ key, message?, errors?, status }` (`ApiError`). Server keys:',
  '',
  ...Object.values(ERROR_KEYS).map((key) => `  - \`${key}\``),
  '',
  '- Timeouts (seed 001 §7.1): 40 s by default; 10 minutes for the routes marked *long*.',
  '',
  '## Service prefixes',
  '',
  '| service | prefix |',
  '|---|---|',
  ...Object.entries(SERVICES).map(([name, prefix]) => `| ${name} | \`${prefix || '/'}\` |`),
  '',
];

const titles: Record<RouteDef['issue'], string> = {
  foundation: 'Foundation (auth, session, shell)',
  campaigns: 'Campaigns, masks and document types',
  signbooks: 'Signbooks',
  directory: 'Employees, groups and organisations',
  documents: 'Documents',
  rights: 'Users, user groups and rules',
  sso: 'Single sign-on (OpenID Connect, CAS, the safe portal)',
};
for (const [issue, routes] of byIssue) {
  lines.push(
    `## ${titles[issue]}`,
    '',
    '| route id | method | path | access | timeout | body |',
    '|---|---|---|---|---|---|',
  );
  for (const [id, def] of routes) {
    const body = def.multipart ? 'multipart' : def.binary ? 'binary answer' : 'JSON';
    lines.push(
      `| \`${id}\` | ${def.method} | \`${SERVICES[def.service]}${def.path}\` | ${access(def)}${def.demoOnly ? ' (demo servers only)' : ''} | ${def.timeout} | ${body} |`,
    );
  }
  lines.push('');
}

writeFileSync(new URL('../docs/api.md', import.meta.url), lines.join('\n'));
console.log(`docs/api.md: ${Object.keys(ROUTES).length} routes`);
