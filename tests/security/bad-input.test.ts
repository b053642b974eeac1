/**
 * Bad input across every route that takes it, derived from the declarations: each top-level field of
 * every JSON body (and of every multipart `json` part) gets a NUL byte, 100,000 characters, a wrong
 * type, null, and where it holds ids a non-uuid and another company's real id; every body is also
 * sent nested 5,000 levels deep; every path parameter gets a non-uuid and a NUL byte; every upload a
 * non-PDF and a truncated file. The caller is entitled (the victim's own administrator, or the guest
 * of the link), so only the input is wrong. Expected: a 4xx with an error key — never a 500, never a
 * hang — and nothing written. Search fields must also take `%` and `_` literally.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_IDS, ROUTES, type RouteId } from '../../src/contract/routes.ts';
import { type Call, type RouteAccessDecl, type UploadFile, declarationOf, idParams } from './access.ts';
import { type Sent, Tally, answered, fileBytes, keyOf, send } from './attack.ts';
import { type World, changedTables, createWorld, disposeWorld, placeholderVictim } from './world.ts';

let w: World;
const tally = new Tally();

beforeAll(async () => {
  w = await createWorld();
}, 240_000);
afterAll(async () => {
  console.log(tally.line('bad input'));
  await disposeWorld(w);
});

const DEPTH = 5_000;
const HUGE = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown) => typeof value === 'string' && UUID.test(value);

interface Mutation {
  /** The input class (a column of the closing line's "cases"). */
  readonly cls: string;
  readonly title: string;
  readonly apply: (call: Call) => Call;
  /** A bulk call may skip an id it cannot read (2xx) instead of refusing the whole call. */
  readonly skippable?: boolean;
}

type Json = Record<string, unknown>;
const deepValue = () => `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;

/** The classes for one JSON object's top-level fields; `put` writes the changed object back into the call. */
function fieldMutations(
  where: string,
  sample: Json,
  decl: RouteAccessDecl,
  put: (call: Call, next: (json: Json) => Json | string) => Call,
): Mutation[] {
  const out: Mutation[] = [];
  const set = (field: string, value: unknown) => (call: Call) => put(call, (json) => ({ ...json, [field]: value }));
  for (const [field, value] of Object.entries(sample)) {
    const at = `${where}.${field}`;
    if (typeof value === 'string') {
      out.push({
        cls: 'NUL byte',
        title: `NUL byte in ${at}`,
        apply: (c) => put(c, (j) => ({ ...j, [field]: `${String(j[field])}\u0000x` })),
      });
      out.push({ cls: 'huge string', title: `${HUGE} characters in ${at}`, apply: set(field, 'x'.repeat(HUGE)) });
      out.push({ cls: 'wrong type', title: `a number for the string ${at}`, apply: set(field, 12_345) });
      if (isUuid(value)) {
        out.push({
          cls: 'non-uuid id',
          title: `a non-uuid ${at}`,
          apply: set(field, 'pas-un-uuid'),
          skippable: decl.skipsForeign,
        });
        out.push({
          cls: 'foreign id',
          title: `another company’s id in ${at}`,
          apply: (c) => put(c, (j) => ({ ...j, [field]: foreignFor(field) })),
          skippable: decl.skipsForeign,
        });
      }
    } else if (typeof value === 'number') {
      out.push({ cls: 'wrong type', title: `a string for the number ${at}`, apply: set(field, 'douze') });
    } else if (typeof value === 'boolean') {
      out.push({ cls: 'wrong type', title: `a string for the boolean ${at}`, apply: set(field, 'oui') });
    } else if (Array.isArray(value)) {
      out.push({
        cls: 'wrong type',
        title: `an object for the array ${at}`,
        apply: set(field, { 0: value[0] ?? 'x' }),
      });
      if (value.some(isUuid)) {
        out.push({
          cls: 'non-uuid id',
          title: `a non-uuid in ${at}`,
          apply: set(field, ['pas-un-uuid']),
          skippable: decl.skipsForeign,
        });
        out.push({
          cls: 'foreign id',
          title: `another company’s id in ${at}`,
          apply: (c) => put(c, (j) => ({ ...j, [field]: [foreignFor(field)] })),
          skippable: decl.skipsForeign,
        });
      }
      if (value.length > 0 && value.every((v) => typeof v === 'string'))
        out.push({ cls: 'NUL byte', title: `NUL byte in ${at}[0]`, apply: set(field, [`${String(value[0])}\u0000x`]) });
    } else if (value && typeof value === 'object') {
      out.push({ cls: 'wrong type', title: `a string for the object ${at}`, apply: set(field, 'texte') });
    }
    if (value !== null && !(decl.nullable ?? []).includes(field))
      out.push({ cls: 'null', title: `null for ${at}`, apply: set(field, null) });
  }
  const first = Object.keys(sample)[0] ?? 'filtre';
  out.push({
    cls: 'deep JSON',
    title: `${where} nested ${DEPTH} levels deep (in ${first})`,
    apply: (c) =>
      put(c, (json) => {
        const text = JSON.stringify({ ...json, [first]: '__DEEP__' });
        return text.replace('"__DEEP__"', deepValue());
      }),
  });
  return out;
}

/**
 * An id of another company's object of the kind the field names (another domain's for the kinds
 * Boulangerie has none of; a made-up one when the name says nothing): an entitled caller must not
 * be able to attach it to its own objects.
 */
function foreignFor(field: string): string {
  const f = w.foreign;
  const kinds: [RegExp, string][] = [
    [/user|notify/i, f.userId],
    [/dispatched/i, f.dispatchedDocId],
    [/campaign|dispatch/i, f.campaignId],
    [/template/i, f.templateId],
    [/group/i, f.groupId],
    [/emp/i, f.employeeId],
    [/doc/i, f.documentId],
    [/org|parent|root/i, f.orgId],
  ];
  return kinds.find(([re]) => re.test(field))?.[1] ?? randomUUID();
}

const withBody = (call: Call, next: (json: Json) => Json | string): Call => {
  const result = next((call.body ?? {}) as Json);
  const { body: _body, ...rest } = call;
  return typeof result === 'string' ? { ...rest, rawBody: result } : { ...rest, body: result };
};
const withJsonPart = (call: Call, next: (json: Json) => Json | string): Call => ({
  ...call,
  multipart: { ...call.multipart!, json: next((call.multipart!.json ?? {}) as Json) },
});

function fileMutations(files: readonly UploadFile[]): Mutation[] {
  return files.flatMap((file, index) => {
    const swap = (bytes: () => Uint8Array) => (call: Call) => ({
      ...call,
      multipart: {
        ...call.multipart!,
        files: call.multipart!.files.map((f, i) => (i === index ? { ...f, bytes: bytes() } : f)),
      },
    });
    const truncated = () => {
      const whole = fileBytes(file);
      return whole.slice(0, Math.floor(whole.length / 2));
    };
    const other =
      file.kind === 'pdf'
        ? () => new TextEncoder().encode('Ceci n’est pas un PDF, juste du texte.\n')
        : () => new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe, 0x00, 0x13, 0x37]);
    return [
      {
        cls: 'non-PDF upload',
        title: `a ${file.kind === 'pdf' ? 'non-PDF' : 'binary'} file in ${file.field}`,
        apply: swap(other),
      },
      {
        cls: 'truncated upload',
        title: `a truncated ${file.kind.toUpperCase()} in ${file.field}`,
        apply: swap(truncated),
      },
    ];
  });
}

function paramMutations(decl: RouteAccessDecl, sample: Call): Mutation[] {
  const set = (param: string, value: string) => (call: Call) => ({
    ...call,
    params: { ...call.params, [param]: value },
  });
  return [
    ...idParams(decl, sample).map((p) => ({
      cls: 'non-uuid path id',
      title: `a non-uuid {${p}}`,
      apply: set(p, 'pas-un-uuid'),
    })),
    ...Object.keys(sample.params ?? {}).map((p) => ({
      cls: 'NUL byte',
      title: `NUL byte in {${p}}`,
      apply: set(p, 'a\u0000b'),
    })),
  ];
}

/** Every class that applies to a route, from the shape of its declared call. */
function mutationsOf(routeId: RouteId): Mutation[] {
  const decl = declarationOf(routeId);
  if (!decl) return [];
  const sample = withSearch(decl, decl.build(placeholderVictim(), { orgId: placeholderVictim().orgId }));
  const out = paramMutations(decl, sample);
  if (sample.body && typeof sample.body === 'object' && !Array.isArray(sample.body))
    out.push(...fieldMutations('body', sample.body as Json, decl, withBody));
  if (sample.multipart) {
    if (sample.multipart.json && typeof sample.multipart.json === 'object')
      out.push(...fieldMutations('json', sample.multipart.json as Json, decl, withJsonPart));
    out.push(...fileMutations(sample.multipart.files));
  }
  return out;
}

/** A search route's body always carries its search field, so the text classes reach it. */
const withSearch = (decl: RouteAccessDecl, call: Call): Call =>
  decl.search && call.body && typeof call.body === 'object' && !(decl.search in (call.body as Json))
    ? { ...call, body: { ...(call.body as Json), [decl.search]: 'Horizon' } }
    : call;

let address = 0;
/** Each call from its own address: the login throttle per address must not hide what the input does. */
const nextAddress = () => {
  address += 1;
  return `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

function callerOf(routeId: RouteId) {
  return ROUTES[routeId].access === 'public' ? null : w.actors.admin.session;
}

const baseline = (routeId: RouteId): Call => {
  const decl = declarationOf(routeId)!;
  return withSearch(decl, decl.build(w.victim, { orgId: w.actors.admin.orgId }));
};

const METHOD_ORDER = { GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const;
const ORDERED = [...ROUTE_IDS].sort((a, b) => METHOD_ORDER[ROUTES[a].method] - METHOD_ORDER[ROUTES[b].method]);
const WITH_MUTATIONS = ORDERED.map((routeId) => [routeId, mutationsOf(routeId)] as const).filter(
  ([, m]) => m.length > 0,
);

const notBuilt = (sent: Sent) => sent.res?.statusCode === 501 && keyOf(sent.res) !== null;

describe.each(WITH_MUTATIONS)('%s', (routeId, mutations) => {
  it.each(mutations.map((m) => [m.title, m] as const))('%s → 4xx with a key, nothing written', async (_title, m) => {
    const call = m.apply(baseline(routeId));
    const before = await w.fingerprint();
    const sent = await send(w, routeId, call, callerOf(routeId), { remoteAddress: nextAddress() });
    const changed = changedTables(before, await w.fingerprint());
    tally.record(routeId, m.cls, sent);
    const status = sent.res?.statusCode ?? 0;
    const problems: string[] = [];
    if (sent.hung) problems.push('no answer');
    else if (notBuilt(sent)) {
      // Not built yet: nothing to judge beyond the key.
    } else if (m.skippable && status >= 200 && status < 300) {
      // A bulk call skipping an id it cannot read.
    } else if (status < 400 || status >= 500) problems.push('expected a 4xx');
    else if (!keyOf(sent.res)) problems.push('a 4xx without an error key');
    if (changed.length > 0) problems.push(`wrote to ${changed.join(', ')}`);
    expect(problems, `${routeId} × ${m.title}: ${answered(sent)}`).toEqual([]);
  });
});

const SEARCHES = ORDERED.filter((routeId) => declarationOf(routeId)?.search);

describe.each(SEARCHES)('%s search', (routeId) => {
  it('takes % and _ literally (they find what a text matching nothing finds)', async () => {
    const field = declarationOf(routeId)!.search!;
    const searching = (text: string) => {
      const call = baseline(routeId);
      return send(w, routeId, { ...call, body: { ...(call.body as Json), [field]: text } }, callerOf(routeId));
    };
    const none = await searching('zzqx-aucun-resultat');
    const results: [string, Sent][] = [
      ['%', await searching('%')],
      ['_', await searching('_')],
      ['%%', await searching('%%')],
    ];
    const problems: string[] = [];
    for (const [text, sent] of results) {
      tally.record(routeId, 'wildcards', sent);
      if (notBuilt(sent) && notBuilt(none)) continue;
      if (sent.res?.statusCode !== none.res?.statusCode || sent.res?.body !== none.res?.body)
        problems.push(`"${text}" → ${answered(sent)} (a text matching nothing → ${answered(none)})`);
    }
    expect(problems, routeId).toEqual([]);
  });
});

describe('the figures', () => {
  it('count no 500', () => {
    expect(tally.problems).toEqual([]);
    expect([tally.leaks, tally.errors500]).toEqual([0, 0]);
  });
});
