/**
 * The control API of the safe double (safe-double.mjs), for tests only: rules that make the next
 * matching deposits or account openings refused, unavailable or held. A rule matches a token unique
 * to its test (a campaign's document name, a signbook's name, an employee's name), so tests running
 * in parallel never meet each other's rules. `baseUrl` is the double's (SAFE_DOUBLE_URL in the browser tests).
 */
export type SafeRule =
  | {
      readonly match: string;
      readonly action: 'refuse';
      readonly status?: number;
      readonly reason: string;
      readonly times?: number;
    }
  | { readonly match: string; readonly action: 'unavailable'; readonly times?: number }
  | { readonly match: string; readonly action: 'hold'; readonly times?: number; readonly holdMs?: number };

export interface SafeDeposit {
  readonly id: string;
  readonly key: string;
  readonly metadata: { readonly description: string; readonly externalEmployeeId: string; readonly sourceId: string };
  readonly fileName: string | null;
  readonly size: number;
  /** Calls that carried this deposit's idempotency key (a replay answered with the first id). */
  readonly calls: number;
}

/** The double's URL the browser tests' server deposits through (scripts/e2e.mjs sets it). */
export const safeDoubleUrl = (): string => {
  const url = process.env.SAFE_DOUBLE_URL;
  if (!url) throw new Error('SAFE_DOUBLE_URL is not set: run the browser tests through scripts/e2e.mjs');
  return url;
};

const call = async <T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`safe double ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

export const safeControl = (baseUrl: string = safeDoubleUrl()) => ({
  /** Adds a rule; resolves to a function removing it. */
  async addRule(rule: SafeRule): Promise<() => Promise<void>> {
    const { id } = await call<{ id: string }>(baseUrl, 'POST', '/_control/rules', rule);
    return async () => void (await call(baseUrl, 'DELETE', `/_control/rules/${id}`));
  },
  /** Answers the held calls matching now (accepted); how many there were. */
  release: async (match: string): Promise<number> =>
    (await call<{ released: number }>(baseUrl, 'POST', '/_control/release', { match })).released,
  held: async (match: string): Promise<number> =>
    (await call<{ count: number }>(baseUrl, 'GET', `/_control/held?match=${encodeURIComponent(match)}`)).count,
  deposits: (match: string): Promise<SafeDeposit[]> =>
    call(baseUrl, 'GET', `/_control/deposits?match=${encodeURIComponent(match)}`),
});
