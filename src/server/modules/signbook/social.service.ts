/**
 * Social signers (seed 000 §2 `signatories.social.index`, §5): a user a template names in a step of type
 * `socialSigner`, with the users authorised to sign before it. There is no separate registry: the
 * templates of the visible organisations are the source (creating or editing a template is how a social
 * signer is set up), so the list never disagrees with what signbook creation enforces. Each entry also
 * counts the signbooks in progress where that user still has to sign as social signer.
 */
import type { SocialSigner, SocialSignerListBody, SocialSignerPage, TemplateStep } from '../../../contract/signbook.ts';
import { effectiveFeaturesSql } from '../../auth/rights.ts';
import { visibleOrgIds } from '../../auth/scope.ts';
import type { SessionContext } from '../../auth/sessions.ts';
import { type Queryable, schemaOf } from '../../db/db.ts';
import { assertSignatureSubscribed } from '../hrdesk/subscription.ts';
import { nameableUserSql } from './repo.ts';

interface UserRow {
  id: string;
  last_name: string;
  first_name: string;
  email: string | null;
  features: string[];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export async function listSocialSigners(
  q: Queryable,
  session: SessionContext,
  body: SocialSignerListBody,
): Promise<SocialSignerPage> {
  const s = schemaOf(session.domain);
  // Social signers are part of the signature subscription of the session's company (seed 000 §6).
  await assertSignatureSubscribed(q, session.domain, session.baseOrgId);
  const orgs = await visibleOrgIds(q, session);
  const { rows: templates } = await q.query<{
    id: string;
    name: string;
    organization_id: string;
    organization_name: string;
    steps: TemplateStep[];
  }>(
    `SELECT t.id, t.name, t.organization_id, o.name AS organization_name, t.steps
       FROM ${s}.sign_templates t JOIN ${s}.organizations o ON o.id = t.organization_id
      WHERE t.organization_id = ANY($1::uuid[]) ORDER BY t.name, t.id`,
    [orgs],
  );
  const found = new Map<string, { authorized: Set<string>; templates: SocialSigner['templates'][number][] }>();
  for (const t of templates) {
    for (const step of t.steps) {
      if (step.signatoryType !== 'socialSigner') continue;
      for (const g of step.signatories ?? []) {
        if (!g.userId) continue;
        const entry = found.get(g.userId) ?? { authorized: new Set<string>(), templates: [] };
        for (const id of g.authorizedUserIds ?? []) entry.authorized.add(id);
        if (!entry.templates.some((x) => x.id === t.id))
          entry.templates.push({
            id: t.id,
            name: t.name,
            organizationId: t.organization_id,
            organizationName: t.organization_name,
          });
        found.set(g.userId, entry);
      }
    }
  }
  const ids = [...new Set([...found.keys(), ...[...found.values()].flatMap((e) => [...e.authorized])])];
  const [{ rows: users }, { rows: pending }] = await Promise.all([
    q.query<UserRow>(
      // Only users the session may name (as templates check them): a template saved before that check, or an
      // id slipped in, shows nobody of another company.
      `SELECT u.id::text, u.last_name, u.first_name, u.email, ${effectiveFeaturesSql('u.id', '$2')} AS features
         FROM directory.users u WHERE u.id::text = ANY($1::text[]) AND ${nameableUserSql(s, '$2', '$3', '$4')}`,
      [ids, session.domain, orgs, session.baseOrgId],
    ),
    q.query<{ user_id: string; n: number }>(
      `SELECT g.user_id::text, count(DISTINCT b.id)::int AS n
         FROM ${s}.signatories g JOIN ${s}.signbooks b ON b.id = g.signbook_id
        WHERE g.type = 'socialSigner' AND g.state = 'waiting' AND b.status = 'IN_PROGRESS'
          AND b.organization_id = ANY($1::uuid[]) AND g.user_id::text = ANY($2::text[])
        GROUP BY g.user_id`,
      [orgs, [...found.keys()]],
    ),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const person = (u: UserRow) => ({ userId: u.id, name: u.last_name, firstName: u.first_name, email: u.email });
  const byName = (a: { name: string; firstName: string }, b: { name: string; firstName: string }) =>
    a.name.localeCompare(b.name, 'fr') || a.firstName.localeCompare(b.firstName, 'fr');
  const search = fold(body.search?.trim() ?? '');
  const items = [...found.entries()]
    .flatMap(([id, entry]): SocialSigner[] => {
      const u = byId.get(id);
      if (!u) return []; // a user removed from the directory: nothing to show
      return [
        {
          ...person(u),
          hasSigningRight: u.features.includes('ParaphList'),
          authorizedUsers: [...entry.authorized]
            .flatMap((a) => {
              const x = byId.get(a);
              return x ? [person(x)] : [];
            })
            .sort(byName),
          templates: entry.templates,
          signbooksInProgress: pending.find((p) => p.user_id === id)?.n ?? 0,
        },
      ];
    })
    .filter((x) => !search || fold(`${x.firstName} ${x.name} ${x.email ?? ''}`).includes(search))
    .sort(byName);
  return { count: items.length, items };
}
