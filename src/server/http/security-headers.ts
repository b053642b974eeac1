/**
 * Security headers on every answer (API, SPA, assets, errors, 404s) through `helmet`, in an
 * `onRequest` hook registered before the auth hook so that a 401/403 carries them too. HSTS is
 * decided per request: only an answer that reached the browser over TLS may pin it to https.
 *
 * helmet's middleware is built once, here. `@fastify/helmet` (used before) built it anew on every
 * request — parsing every directive again — behind two hooks, one of them async: 2 % of an API
 * node's CPU under the cluster bench's list calls (docs/deploy.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** A Host header fit to be written into the policy (no spaces, quotes or `;` that would add a directive). */
const HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * socket.io's own origin over WebSocket: CSP 3 browsers let `'self'` cover ws/wss of the page's
 * origin, older ones (Safari before 15.4) need it written out. The page's origin is the Host it was
 * asked from, which may differ from PUBLIC_URL (localhost, a LAN address).
 */
const socketOrigins = (fallbackHost: string) => (req: IncomingMessage) => {
  const asked = req.headers.host ?? '';
  const host = HOST.test(asked) ? asked : fallbackHost;
  return `ws://${host} wss://${host}`;
};

export const HSTS = 'max-age=31536000; includeSubDomains';

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const publicHttps = config.publicUrl.startsWith('https://');
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        // The bundle only: no inline script (index.html loads its browser check from a file), no eval.
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // Chakra UI styles through Emotion, which writes `<style>` elements at run time (without
        // 'unsafe-inline' the login page comes up unstyled); a nonce would mean rendering index.html
        // per request and handing it to Emotion's cache. A style cannot run script: what remains is
        // CSS-based defacement, accepted here.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // data: is the empty favicon of index.html; blob: the PDF pages and images built in the browser.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigins(new URL(config.publicUrl).host)],
        // pdf.js's worker is a bundled file of this origin (PdfViewer.tsx), never a blob.
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only when served over https: on http (a LAN demo) it would send every asset to a port that
        // does not answer.
        upgradeInsecureRequests: publicHttps ? [] : null,
      },
    },
    // Signing links carry their token in the URL: no page of the product tells another site where it came from.
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Decided per request below.
    strictTransportSecurity: false,
  });
  // Over TLS: PUBLIC_URL says so, the socket is encrypted, or a proxy TRUST_PROXY vouches for says
  // X-Forwarded-Proto: https (from anyone else that header proves nothing).
  const overTls = (req: IncomingMessage): boolean => {
    if (publicHttps || (req.socket as { encrypted?: boolean }).encrypted) return true;
    const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0] ?? '';
    return config.trustProxy && forwarded.trim().toLowerCase() === 'https';
  };
  app.addHook('onRequest', (request, reply, done) => {
    // helmet writes on the raw answer; Fastify's own headers (set later on the reply) join them.
    headers(request.raw, reply.raw as ServerResponse, (error?: unknown) => {
      if (error) return done(error as Error);
      if (overTls(request.raw)) void reply.header('strict-transport-security', HSTS);
      // API answers carry tokens (login, refresh), personal data and reset links: no cache keeps them
      // (a shared computer's browser, a proxy). A route that may be cached says so itself, later.
      if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
      done();
    });
  });
  // socket.io answers its long-polling requests itself, before Fastify sees them.
  app.io?.engine.on('headers', (headers: Record<string, string>, req: IncomingMessage) => {
    headers['X-Content-Type-Options'] = 'nosniff';
    headers['Referrer-Policy'] = 'no-referrer';
    headers['Content-Security-Policy'] = "default-src 'none'; frame-ancestors 'none'";
    if (overTls(req)) headers['Strict-Transport-Security'] = HSTS;
  });
}

/**
 * The headers of an answer Fastify gives before any hook runs (a URL it cannot parse, see
 * `frameworkErrors` in app.ts): a JSON error, so the strictest policy fits.
 */
export const BARE_ERROR_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};
