/**
 * Sending one declared call (JSON, multipart or nothing) with any tokens, and judging the answer:
 * its status, its error key, what it leaked, and the figures of the suite's closing line.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { ROUTES, type RouteDef, type RouteId, routeUrl } from '../../src/contract/routes.ts';
import type { Call, UploadFile } from './access.ts';
import type { SuiteFigures } from './summary.ts';
import { type Tokens, type World, samplePdf } from './world.ts';

export interface Sent {
  readonly res: LightMyRequestResponse | null;
  /** Everything the caller sent (URL and body): what it names is not a leak. */
  readonly request: string;
  readonly hung: boolean;
  /** How long the call was given. */
  readonly hangMs: number;
}

/** A call that has not answered by then has hung. */
export const HANG_MS = 20_000;

const DSN_FIXTURE = new URL('../fixtures/dsn/valid-utf8-lf.dsn', import.meta.url);

export function fileBytes(file: UploadFile): Uint8Array {
  if (file.bytes) return file.bytes;
  return file.kind === 'pdf' ? samplePdf() : dsnBytes();
}
let dsn: Uint8Array | null = null;
/**
 * The fixture's declarations for Groupe Horizon's Paris and Marseille establishments only: its
 * legacy-domain declaration is left out (it would be the legacy attacker's own), totals recomputed.
 */
const dsnBytes = (): Uint8Array => {
  if (dsn) return dsn;
  const lines = readFileSync(DSN_FIXTURE, 'utf8').split('\n').filter(Boolean);
  let cut = lines.findIndex((l) => l.startsWith("S21.G00.06.001,'382910453'"));
  while (cut > 0 && lines[cut - 1]!.startsWith('S20.')) cut -= 1;
  const kept = lines.slice(0, cut);
  const declarations = kept.filter((l) => l.startsWith('S20.G00.05.001,')).length;
  kept.push(`S90.G00.90.001,'${kept.length + 2}'`, `S90.G00.90.002,'${declarations}'`);
  return (dsn = new TextEncoder().encode(`${kept.join('\n')}\n`));
};

/** A DSN's text plus the SIRETs it spells in two parts (SIREN of the enterprise, NIC of each establishment). */
function dsnEcho(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('utf8');
  const values = (...rubrics: string[]) =>
    [...text.matchAll(/^(S\d\d\.G00\.\d\d\.\d{3}),'([^']*)'/gm)]
      .filter((m) => rubrics.includes(m[1]!))
      .map((m) => m[2]!);
  const sirens = values('S10.G00.01.001', 'S21.G00.06.001');
  const nics = values('S10.G00.01.002', 'S21.G00.06.002', 'S21.G00.11.001');
  return `${text} ${sirens.flatMap((siren) => nics.map((nic) => siren + nic)).join(' ')}`;
}

function form(call: NonNullable<Call['multipart']>): FormData {
  const data = new FormData();
  if (call.json !== undefined)
    data.append(call.jsonField ?? 'json', typeof call.json === 'string' ? call.json : JSON.stringify(call.json));
  for (const file of call.files) {
    const type = file.kind === 'pdf' ? 'application/pdf' : 'application/octet-stream';
    data.append(file.field, new Blob([Buffer.from(fileBytes(file))], { type }), file.name);
  }
  return data;
}

export function urlOf(id: RouteId, call: Call): string {
  const query = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
  return `${routeUrl(id, call.params ?? {})}${query}`;
}

/** Sends `call` to route `id` with `tokens` (none: anonymous); a raw string body is sent as is. */
export async function send(
  w: World,
  id: RouteId,
  call: Call,
  tokens?: Tokens | null,
  opts: { remoteAddress?: string; hangMs?: number } = {},
): Promise<Sent> {
  const { remoteAddress, hangMs = HANG_MS } = opts;
  const def: RouteDef = ROUTES[id];
  const url = urlOf(id, call);
  const headers: Record<string, string> = {};
  if (tokens) {
    headers.authorization = `Bearer ${tokens.access}`;
    if (tokens.refresh) headers['refresh-token'] = tokens.refresh;
  }
  let payload: string | FormData | undefined;
  let request = url;
  if (call.multipart) {
    payload = form(call.multipart);
    request += ` ${JSON.stringify(call.multipart.json ?? '')}`;
    // A text file is the caller's own data: what it names, the answer may echo.
    for (const file of call.multipart.files) if (file.kind === 'dsn') request += ` ${dsnEcho(fileBytes(file))}`;
  } else if (call.rawBody !== undefined) {
    payload = call.rawBody;
    headers['content-type'] = 'application/json';
    request += ` ${call.rawBody.length > 2_000 ? call.rawBody.slice(0, 2_000) : call.rawBody}`;
  } else if (call.body !== undefined) {
    payload = JSON.stringify(call.body);
    headers['content-type'] = 'application/json';
    request += ` ${payload}`;
  }
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), hangMs);
  });
  const res = await Promise.race([
    w.app.inject({
      method: def.method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    }),
    hang,
  ]);
  clearTimeout(timer);
  // As the browser does: new tokens in an answer replace the caller's (a domain switch renews them).
  const renewed = res?.headers['set-authorization'];
  const rotated = res?.headers['set-refresh-token'];
  if (tokens && typeof renewed === 'string') tokens.access = renewed;
  if (tokens && typeof rotated === 'string') tokens.refresh = rotated;
  return { res, request, hung: res === null, hangMs };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const DIGITS = /\d[\dAB]{12,15}/g;
const TOKEN_SHAPED =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\d[\dAB]{12,15})$/i;

/** The secrets `answer` shows that the caller did not send itself ("what — value"). */
export function leaksIn(answer: string, request: string, secrets: Map<string, string>): string[] {
  if (!answer) return [];
  const found = new Set<string>();
  const seen = (value: string) => {
    const label = secrets.get(value) ?? secrets.get(value.toLowerCase());
    if (label && !request.includes(value)) found.add(`${label} ${value}`);
  };
  for (const re of [UUID, EMAIL, DIGITS]) for (const m of answer.matchAll(re)) seen(m[0]);
  for (const [value, label] of secrets) {
    if (TOKEN_SHAPED.test(value)) continue;
    if (answer.includes(value) && !request.includes(value)) found.add(`${label} ${value}`);
  }
  return [...found];
}

export const bodyText = (res: LightMyRequestResponse | null): string => (res ? res.body : '');

export function keyOf(res: LightMyRequestResponse | null): string | null {
  if (!res) return null;
  try {
    const key = (JSON.parse(res.body) as { key?: unknown }).key;
    return typeof key === 'string' && key.length > 0 ? key : null;
  } catch {
    return null;
  }
}

/** "404 error.not-found" or "200 {…first 160 characters…}": what came back, for a failure message. */
export function answered(sent: Sent): string {
  if (sent.hung) return `no answer within ${sent.hangMs / 1000} s`;
  const res = sent.res!;
  const key = keyOf(res);
  const text = res.body.length > 160 ? `${res.body.slice(0, 160)}…` : res.body;
  return `${res.statusCode} ${key ?? text}`;
}

/** The figures of one suite file, printed as its closing line. */
export class Tally {
  readonly routes = new Set<string>();
  readonly cases = new Set<string>();
  requests = 0;
  leaks = 0;
  errors500 = 0;
  readonly problems: string[] = [];

  record(route: string, kase: string, sent: Sent, leaked: readonly string[] = []): void {
    this.routes.add(route);
    this.cases.add(kase);
    this.requests += 1;
    // ATTACK_TRACE=<file>: every call and its answer, one per line (to see what a passing case got).
    if (process.env.ATTACK_TRACE) appendFileSync(process.env.ATTACK_TRACE, `${route} × ${kase}: ${answered(sent)}\n`);
    if (sent.res?.statusCode === 500 || sent.hung) {
      this.errors500 += 1;
      this.problems.push(`${route} × ${kase}: ${answered(sent)}`);
    }
    if (leaked.length > 0) {
      this.leaks += 1;
      this.problems.push(`${route} × ${kase}: leaked ${leaked.join(', ')}`);
    }
  }

  /** Hands the figures to the run's closing line (tests/security/summary.ts), then returns this file's own. */
  line(label = ''): string {
    const dir = inject('attackSummaryDir');
    if (dir) {
      const figures: SuiteFigures = {
        routes: [...this.routes],
        cases: [...this.cases],
        requests: this.requests,
        leaks: this.leaks,
        errors500: this.errors500,
      };
      writeFileSync(join(dir, `${label || 'access'}.json`), JSON.stringify(figures));
    }
    return (
      `attack suite${label ? ` (${label})` : ''}: ${this.routes.size} routes × ${this.cases.size} cases = ` +
      `${this.requests} requests tried, leaks: ${this.leaks}, 500s: ${this.errors500}`
    );
  }
}
