/**
 * Every route of the route table × every way in that must fail: no token, garbage, expired and
 * revoked tokens (401), a user lacking the route's feature (403), and users of a sibling
 * organisation, another company and the other domain aimed at the victim's real objects (403/404,
 * nothing leaked, nothing written — the stored data is fingerprinted around each call). Public
 * routes must leak nothing to an anonymous caller; guest links must open nothing but their own.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { ROUTE_IDS, ROUTES, type RouteDef, type RouteId } from '../../src/contract/routes.ts';
import { type RouteAccessDecl, declarationOf } from './access.ts';
import { type Sent, Tally, answered, bodyText, keyOf, leaksIn, send } from './attack.ts';
import {
  type Actor,
  TENANT_CASES,
  TENANT_LABELS,
  type TenantCase,
  type Tokens,
  type World,
  changedTables,
  createWorld,
  disposeWorld,
} from './world.ts';

let w: World;
const tally = new Tally();

beforeAll(async () => {
  w = await createWorld();
}, 240_000);
afterAll(async () => {
  console.log(tally.line());
  await disposeWorld(w);
});

const METHOD_ORDER = { GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const;
/** Reads first, deletions last: a refused call that went through anyway spoils as little as possible for the next. */
const ORDERED: RouteId[] = [...ROUTE_IDS].sort(
  (a, b) => METHOD_ORDER[ROUTES[a].method] - METHOD_ORDER[ROUTES[b].method],
);

/** A route not built yet (or a provider not configured, e.g. single sign-on) answers 501 with a key. */
const notBuilt = (sent: Sent) => sent.res?.statusCode === 501 && keyOf(sent.res) !== null;

/** Sends, fingerprints the data around the call, and collects what is wrong with the answer. */
async function attempt(
  routeId: RouteId,
  kase: string,
  call: ReturnType<RouteAccessDecl['build']>,
  tokens: Tokens | null,
  opts: { secrets: Map<string, string>; allowed?: readonly string[]; fingerprint: boolean },
): Promise<{ sent: Sent; problems: string[] }> {
  const before = opts.fingerprint ? await w.fingerprint() : null;
  const sent = await send(w, routeId, call, tokens);
  const changed = before ? changedTables(before, await w.fingerprint()) : [];
  const allowed = opts.allowed ?? [];
  const leaked = leaksIn(bodyText(sent.res), sent.request, opts.secrets).filter(
    (l) => !allowed.some((a) => l.endsWith(` ${a}`)),
  );
  tally.record(routeId, kase, sent, leaked);
  const problems: string[] = [];
  if (sent.hung) problems.push('no answer');
  if (leaked.length > 0) problems.push(`leaked ${leaked.join(', ')}`);
  if (changed.length > 0) problems.push(`wrote to ${changed.join(', ')}`);
  return { sent, problems };
}

/** What is wrong with a refusal: its status, a missing key, or a 404 that says more than "unknown". */
const refusedWith = (
  sent: Sent,
  statuses: readonly number[],
  unknownKey: string = ERROR_KEYS.notFound,
): string | null => {
  const status = sent.res?.statusCode;
  if (status === undefined) return null;
  if (!statuses.includes(status)) return `expected ${statuses.join(' or ')}`;
  if (status >= 400 && !keyOf(sent.res)) return 'an error without a key';
  // Anything but the plain "not found" tells the caller the object exists.
  if (status === 404 && keyOf(sent.res) !== unknownKey) return `a 404 other than ${unknownKey}`;
  return null;
};

/** One failure message naming the route, the case and what came back, listing every problem. */
const judge = (wrong: string | null, problems: readonly string[], what: string, sent: Sent) =>
  expect([...(wrong ? [wrong] : []), ...problems], `${what}: ${answered(sent)}`).toEqual([]);

const belowFive = (sent: Sent) =>
  (sent.res?.statusCode ?? 0) >= 500 && !notBuilt(sent) ? 'expected an answer below 500' : null;

/** A tenant case: `mine` calls and a sibling's company-wide look-ups may answer; the rest must refuse. */
function tenantVerdict(decl: RouteAccessDecl, kase: TenantCase, sent: Sent): string | null {
  const status = sent.res?.statusCode ?? 0;
  if (notBuilt(sent)) return null;
  if (decl.scope === 'mine' || (kase === 'sibling' && decl.siblingMayShow)) return belowFive(sent);
  if (decl.skipsForeign && status >= 200 && status < 300) return null;
  return refusedWith(sent, [403, 404, ...(decl.refusals ?? [])], decl.unknownKey);
}

describe('the declarations', () => {
  it('declare every route of the route table', () => {
    expect(ROUTE_IDS.filter((routeId) => !declarationOf(routeId))).toEqual([]);
  });

  it('match each route’s access rule (public and guest scopes exactly on public routes)', () => {
    const mismatched = ROUTE_IDS.filter((routeId) => {
      const decl = declarationOf(routeId);
      if (!decl) return false;
      const open = decl.scope === 'public' || decl.scope === 'guest';
      return open !== (ROUTES[routeId].access === 'public');
    });
    expect(mismatched).toEqual([]);
  });
});

describe.each(ORDERED)('%s', (routeId) => {
  const def: RouteDef = ROUTES[routeId];
  const decl = declarationOf(routeId);
  const build = (actor: Pick<Actor, 'orgId'>) => decl!.build(w.victim, { orgId: actor.orgId });

  if (!decl) {
    it('has a declaration in tests/security/access.ts', () => expect.fail(`no declaration for ${routeId}`));
    return;
  }

  if (def.access !== 'public') {
    const refusals: [string, () => Tokens | null][] = [
      ['no token', () => null],
      ['garbage token', () => ({ access: randomBytes(32).toString('base64url') })],
      ['expired token, no refresh', () => w.expired],
      ['revoked session', () => w.revoked],
    ];
    it.each(refusals)('%s → 401', async (kase, tokens) => {
      const { sent, problems } = await attempt(routeId, kase, build(w.actors.admin), tokens(), {
        secrets: w.secrets,
        fingerprint: false,
      });
      judge(refusedWith(sent, [401]), problems, `${routeId} × ${kase}`, sent);
    });
  }

  if (typeof def.access === 'object') {
    const feature = def.access.feature;
    it(`a user lacking ${feature} → 403 ${ERROR_KEYS.featureForbidden}`, async () => {
      const { sent, problems } = await attempt(
        routeId,
        'lacking the feature',
        build(w.actors.nofeature),
        w.actors.nofeature.session,
        { secrets: w.secrets, fingerprint: false },
      );
      const forbidden = sent.res?.statusCode === 403 && keyOf(sent.res) === ERROR_KEYS.featureForbidden;
      judge(
        forbidden ? null : `expected 403 ${ERROR_KEYS.featureForbidden}`,
        problems,
        `${routeId} × lacking ${feature}`,
        sent,
      );
    });
  }

  if (decl.scope === 'public') {
    it('an anonymous caller gets an answer below 500 that leaks nothing', async () => {
      const { sent, problems } = await attempt(routeId, 'anonymous', build(w.actors.admin), null, {
        secrets: w.secrets,
        fingerprint: false,
      });
      judge(belowFive(sent), problems, `${routeId} × anonymous`, sent);
    });
  }

  if (decl.scope === 'guest') {
    const links: [string, () => string][] = [
      ['garbage link', () => 'jeton-invalide'],
      ['forged link', () => `main.${randomBytes(32).toString('base64url')}`],
      ['link moved to the other domain', () => `legacy.${w.guest.valid.slice('main.'.length)}`],
      ['replaced link', () => w.guest.superseded],
    ];
    it.each(links)('%s → 404, nothing shown or changed', async (kase, token) => {
      const call = { ...build(w.actors.admin), params: { token: token() } };
      const { sent, problems } = await attempt(routeId, kase, call, null, { secrets: w.secrets, fingerprint: true });
      judge(refusedWith(sent, [401, 403, 404, 410]), problems, `${routeId} × ${kase}`, sent);
    });

    it(`another signatory’s link ${decl.acts ? 'is refused and changes nothing' : 'shows nothing of this signbook'}`, async () => {
      const call = { ...build(w.actors.admin), params: { token: w.guest.otherSignatory } };
      const { sent, problems } = await attempt(routeId, 'another signatory’s link', call, null, {
        secrets: w.guestSecrets,
        fingerprint: Boolean(decl.acts),
      });
      const status = sent.res?.statusCode ?? 0;
      const refused = status >= 400 && status < 500;
      judge(
        decl.acts ? (refused ? null : 'expected a 4xx refusal') : belowFive(sent),
        problems,
        `${routeId} × another signatory`,
        sent,
      );
    });
  }

  if (['org', 'company', 'mine'].includes(decl.scope)) {
    const cases = TENANT_CASES.filter(
      (kase) =>
        !(decl.notFor ?? []).includes(kase) &&
        !(decl.scope === 'company' && kase === 'sibling' && !decl.siblingMayShow),
    );
    it.each(cases)('%s: refused, nothing leaked, nothing written', async (kase: TenantCase) => {
      const actor = w.actors[kase];
      const mayShow = kase === 'sibling' && decl.siblingMayShow ? decl.siblingMayShow(w.victim) : [];
      const { sent, problems } = await attempt(routeId, kase, build(actor), actor.session, {
        secrets: w.secrets,
        allowed: mayShow,
        fingerprint: true,
      });
      judge(tenantVerdict(decl, kase, sent), problems, `${routeId} × ${TENANT_LABELS[kase]}`, sent);
    });
  }
});

// Last, since these calls do what they say: the victim's objects are real and reachable by their
// owner, so the refusals above come from the access checks and not from made-up ids.
describe.each(ORDERED.filter((routeId) => ['org', 'company'].includes(declarationOf(routeId)?.scope ?? '')))(
  '%s, called by the victim’s own administrator',
  (routeId) => {
    it('is not refused as forbidden or unknown', async () => {
      const decl = declarationOf(routeId)!;
      const sent = await send(
        w,
        routeId,
        decl.build(w.victim, { orgId: w.actors.admin.orgId }),
        w.actors.admin.session,
      );
      tally.record(routeId, 'owner (control)', sent);
      const status = sent.res?.statusCode ?? 0;
      // A 404 with its own key (e.g. "no ignored pages") found the object.
      const unknown = status === 404 && keyOf(sent.res) === (decl.unknownKey ?? ERROR_KEYS.notFound);
      const reached = !sent.hung && status !== 403 && !unknown && (status < 500 || notBuilt(sent));
      expect(reached, `${routeId} × its owner: ${answered(sent)}`).toBe(true);
    });
  },
);

describe('the figures', () => {
  it('count no leak and no 500', () => {
    expect(tally.problems).toEqual([]);
    expect([tally.leaks, tally.errors500]).toEqual([0, 0]);
  });
});
