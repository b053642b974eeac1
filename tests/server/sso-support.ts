/**
 * Walks the demo identity provider (src/server/auth/sso/demo-idp.ts) as a browser would: follows
 * its redirects with its cookies, fills its login form, and stops at the first redirect back to the
 * product. Nothing is faked: the provider is the real `oidc-provider` and a real CAS protocol.
 */
import type { FastifyInstance } from 'fastify';

export const PUBLIC_URL = 'http://test.local';

class Jar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Follows redirects from `start` until one leaves for the product; posts `form` to the first HTML form met. */
export async function walk(start: string, form: Record<string, string>): Promise<URL> {
  const jar = new Jar();
  let url = start;
  let method: 'GET' | 'POST' = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(PUBLIC_URL)) return new URL(url);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.take(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action || body !== undefined || method === 'POST') {
      throw new Error(`walk stopped at ${url} (${res.status}): ${page.slice(0, 300)}`);
    }
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = new URLSearchParams(form).toString();
  }
  throw new Error('too many redirects');
}

export const query = (url: URL): Record<string, string> => Object.fromEntries(url.searchParams);

/** Starts an OpenID login at the product: the provider's URL and the browser-binding cookie. */
export async function startMicrosoft(app: FastifyInstance): Promise<{ url: string; cookie: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/user/auto-login-ms/start' });
  if (res.statusCode !== 200) throw new Error(`start: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sso-flow');
  return { url: (res.json() as { url: string }).url, cookie: `sso-flow=${cookie!.value}` };
}

export const completeMicrosoft = (app: FastifyInstance, body: Record<string, string>, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/auto-login-ms',
    payload: body,
    ...(cookie ? { headers: { cookie } } : {}),
  });
