/**
 * The demo identity provider (SSO_DEMO=1, and the tests): real protocols on a local port, so every
 * single sign-on flow can be walked end to end without a real directory.
 * - OpenID Connect: `oidc-provider` (a certified OpenID provider), with its own login page listing
 *   the demo accounts; RP-initiated logout at `/session/end`.
 * - CAS 3.0: `/cas/login` (form, then a single-use service ticket), `/cas/p3/serviceValidate` (XML).
 * - The safe portal: `/portal/jwks` (its public key) and `/portal?login=` (signs a token and sends
 *   the browser to `/auto-Login-edoc#id_token=`); `mintPortalToken` for the tests.
 * Every page says it is a demo provider. Never in production (main.ts refuses SSO_DEMO there).
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type JWK, SignJWT, exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { Config, SsoConfig } from '../../config.ts';

export const DEMO_PASSWORD = 'Demo!2026';
export const DEMO_CLIENT_ID = 'paie-docs-demo';

export interface DemoOidcAccount {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly note: string;
}

/** OpenID accounts: e-mails of the demo personas (admin and multi are linked in the seed; paie is not). */
export const DEMO_OIDC_ACCOUNTS: readonly DemoOidcAccount[] = [
  { id: 'camille', email: 'camille.martin@horizon-demo.fr', name: 'Camille Martin', note: 'compte lié (admin)' },
  { id: 'sophie', email: 'sophie.durand@horizon-demo.fr', name: 'Sophie Durand', note: 'compte lié, deux espaces' },
  { id: 'julien', email: 'julien.bernard@horizon-demo.fr', name: 'Julien Bernard', note: 'e-mail non lié : refusé' },
  { id: 'inconnu', email: 'inconnu@idp-demo.example', name: 'Personne Inconnue', note: 'aucun compte : refusé' },
];
/** CAS users: product logins. */
export const DEMO_CAS_USERS: readonly string[] = ['admin', 'multi', 'paie'];

export interface DemoIdp {
  readonly url: string;
  readonly clientSecret: string;
  /** The settings that point this server's single sign-on at the demo provider. */
  ssoConfig(base: SsoConfig, publicUrl: string): SsoConfig;
  /** A safe-portal token as the portal would sign it (tests override claims to forge bad ones). */
  mintPortalToken(login: string, publicUrl: string, overrides?: PortalTokenOptions): Promise<string>;
  close(): Promise<void>;
}

export interface PortalTokenOptions {
  readonly expiresInS?: number;
  readonly notBeforeS?: number;
  readonly issuer?: string;
  readonly audience?: string;
  readonly jti?: string;
}

const html = (title: string, body: string): string => `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem}
.demo{background:#fff3cd;border:1px solid #e0c36a;padding:.5rem .75rem;border-radius:4px}
label{display:block;margin:.75rem 0 .25rem}input,select,button{font-size:1rem;padding:.4rem;width:100%}
button{margin-top:1rem;cursor:pointer}li{margin:.2rem 0}</style></head>
<body><p class="demo" role="note">Fournisseur d'identité de démonstration — aucun annuaire réel.</p>
<h1>${title}</h1>${body}</body></html>`;

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 16_384) break;
  }
  return new URLSearchParams(text);
}

const send = (res: ServerResponse, status: number, type: string, body: string): void => {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' });
  res.end(body);
};

const xmlEscape = (s: string): string => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

export async function startDemoIdp(options: {
  port?: number;
  host?: string;
  /** This product's base URL (redirect and service URLs). */
  publicUrl: string;
  /** The URL the browser reaches the provider at (default http://localhost:<port>). */
  hostname?: string;
}): Promise<DemoIdp> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.hostname ?? 'localhost'}:${port}`;
  const clientSecret = randomBytes(24).toString('base64url');

  const signing = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(signing.privateKey)), kid: 'demo-idp', alg: 'RS256', use: 'sig' };
  const portal = await generateKeyPair('ES256', { extractable: true });
  const portalJwk: JWK = { ...(await exportJWK(portal.publicKey)), kid: 'demo-portal', alg: 'ES256', use: 'sig' };

  const accounts = new Map(DEMO_OIDC_ACCOUNTS.map((a) => [a.id, a]));
  const provider = new Provider(url, {
    clients: [
      {
        client_id: DEMO_CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Paie Docs (démo)',
        redirect_uris: [`${options.publicUrl}/auto-login-ms`],
        post_logout_redirect_uris: [`${options.publicUrl}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    // Short lives: a demo session is one walk through the flows.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: { body: string }, form: string) => {
          ctx.body = html(
            'Déconnexion',
            `${form}<p>Vous quittez aussi le fournisseur de démonstration.</p>
             <button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Se déconnecter</button>`,
          );
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      };
    },
    renderError: (ctx: { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = html(
        'Erreur',
        `<p>${escapeHtml(out.error ?? 'erreur')} : ${escapeHtml(out.error_description ?? '')}</p>`,
      );
    },
  });
  const oidc = provider.callback();

  /** CAS service tickets: single use, ten seconds, for one service. */
  const tickets = new Map<string, { user: string; service: string; expires: number }>();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) return send(res, 400, 'text/plain', 'interaction inconnue');
    if (req.method === 'POST') {
      const form = await readForm(req);
      const account = accounts.get(form.get('login') ?? '');
      if (!account || form.get('password') !== DEMO_PASSWORD) {
        return send(res, 200, 'text/html', loginPage(uid, 'Identifiant ou mot de passe incorrect.'));
      }
      const grant = new provider.Grant({ accountId: account.id, clientId: DEMO_CLIENT_ID });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.id }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    }
    return send(res, 200, 'text/html', loginPage(uid));
  }

  const loginPage = (uid: string, error?: string): string =>
    html(
      'Connexion (démo Microsoft)',
      `${error ? `<p role="alert">${error}</p>` : ''}
      <form method="post" action="/interaction/${uid}">
      <label for="login">Compte</label>
      <select id="login" name="login">${DEMO_OIDC_ACCOUNTS.map(
        (a) => `<option value="${a.id}">${escapeHtml(a.email)} — ${escapeHtml(a.note)}</option>`,
      ).join('')}</select>
      <label for="password">Mot de passe</label>
      <input id="password" name="password" type="password" autocomplete="off">
      <button type="submit">Se connecter</button></form>
      <p>Mot de passe de démonstration : <code>${DEMO_PASSWORD}</code></p>`,
    );

  async function cas(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const service = query.get('service') ?? '';
    if (path === '/cas/login') {
      if (!service.startsWith(`${options.publicUrl}/`)) return send(res, 400, 'text/plain', 'service inconnu');
      if (req.method === 'POST') {
        const form = await readForm(req);
        const user = form.get('username') ?? '';
        if (!DEMO_CAS_USERS.includes(user) || form.get('password') !== DEMO_PASSWORD) {
          return send(res, 200, 'text/html', casPage(service, 'Identifiant ou mot de passe incorrect.'));
        }
        const ticket = `ST-${randomBytes(18).toString('base64url')}`;
        tickets.set(ticket, { user, service, expires: Date.now() + 10_000 });
        const target = new URL(service);
        target.searchParams.set('ticket', ticket);
        res.writeHead(302, { location: target.href });
        return void res.end();
      }
      return send(res, 200, 'text/html', casPage(service));
    }
    if (path === '/cas/p3/serviceValidate') {
      const ticket = query.get('ticket') ?? '';
      const found = tickets.get(ticket);
      tickets.delete(ticket); // single use, valid or not
      const ok = found && found.service === service && found.expires > Date.now();
      const body = ok
        ? `<cas:authenticationSuccess><cas:user>${xmlEscape(found.user)}</cas:user><cas:attributes><cas:mail>${xmlEscape(found.user)}@cas-demo.example</cas:mail></cas:attributes></cas:authenticationSuccess>`
        : `<cas:authenticationFailure code="INVALID_TICKET">Ticket ${xmlEscape(ticket)} not recognized</cas:authenticationFailure>`;
      return send(
        res,
        200,
        'application/xml',
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">${body}</cas:serviceResponse>`,
      );
    }
    if (path === '/cas/logout') {
      const back = service.startsWith(`${options.publicUrl}/`)
        ? `<p><a href="${escapeHtml(service)}">Revenir au back-office</a></p>`
        : '';
      return send(res, 200, 'text/html', html('Déconnexion CAS', `<p>Vous êtes déconnecté.</p>${back}`));
    }
    return send(res, 404, 'text/plain', 'inconnu');
  }

  const casPage = (service: string, error?: string): string =>
    html(
      'Connexion CAS (démo)',
      `${error ? `<p role="alert">${error}</p>` : ''}
      <form method="post" action="/cas/login?service=${encodeURIComponent(service)}">
      <label for="username">Identifiant</label>
      <select id="username" name="username">${DEMO_CAS_USERS.map((u) => `<option>${u}</option>`).join('')}</select>
      <label for="password">Mot de passe</label>
      <input id="password" name="password" type="password" autocomplete="off">
      <button type="submit">Se connecter</button></form>
      <p>Mot de passe de démonstration : <code>${DEMO_PASSWORD}</code></p>`,
    );

  const portalIssuer = `${url}/portal`;
  const mintPortalToken = (login: string, publicUrl: string, o: PortalTokenOptions = {}): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: 'demo-portal' })
      .setSubject(login)
      .setIssuer(o.issuer ?? portalIssuer)
      .setAudience(o.audience ?? publicUrl)
      .setIssuedAt(now)
      .setNotBefore(now + (o.notBeforeS ?? 0))
      .setExpirationTime(now + (o.expiresInS ?? 300))
      .setJti(o.jti ?? randomBytes(12).toString('base64url'))
      .sign(portal.privateKey);
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const parsed = new URL(req.url ?? '/', url);
    const path = parsed.pathname;
    const fail = (error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain', String(error));
    };
    if (path.startsWith('/interaction/'))
      return void interaction(req, res, path.slice('/interaction/'.length)).catch(fail);
    if (path.startsWith('/cas/')) return void cas(req, res, path, parsed.searchParams).catch(fail);
    if (path === '/portal/jwks') return send(res, 200, 'application/json', JSON.stringify({ keys: [portalJwk] }));
    if (path === '/portal') {
      const login = parsed.searchParams.get('login') ?? '';
      if (!DEMO_CAS_USERS.includes(login)) {
        return send(
          res,
          200,
          'text/html',
          html(
            'Coffre-fort (démo)',
            `<ul>${DEMO_CAS_USERS.map((u) => `<li><a href="/portal?login=${u}">Ouvrir le back-office en tant que ${u}</a></li>`).join('')}</ul>`,
          ),
        );
      }
      return void mintPortalToken(login, options.publicUrl).then((token) => {
        res.writeHead(302, { location: `${options.publicUrl}/auto-Login-edoc#id_token=${token}` });
        res.end();
      }, fail);
    }
    return oidc(req, res);
  });

  return {
    url,
    clientSecret,
    ssoConfig: (base, publicUrl) => ({
      ...base,
      oidc: { issuer: url, clientId: DEMO_CLIENT_ID, clientSecret, label: 'Microsoft' },
      casUrl: `${url}/cas`,
      edoc: {
        jwksUrl: `${url}/portal/jwks`,
        publicKey: null,
        issuer: portalIssuer,
        audience: publicUrl,
        algorithms: ['ES256', 'RS256'],
      },
      demo: true,
    }),
    mintPortalToken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The configuration with single sign-on pointed at a running demo provider. */
export const withDemoSso = (config: Config, idp: DemoIdp): Config => ({
  ...config,
  sso: idp.ssoConfig(config.sso, config.publicUrl),
});

/** SSO_DEMO=1 at startup: the demo provider on SSO_DEMO_PORT, and this server's configuration pointed at it. */
export async function startDemoSso(config: Config): Promise<{ idp: DemoIdp; config: Config }> {
  if (config.production)
    throw new Error('SSO_DEMO=1 is refused with NODE_ENV=production: the demo provider lets anyone in.');
  const publicHost = new URL(config.publicUrl).hostname;
  const idp = await startDemoIdp({
    port: config.sso.demoPort,
    host: config.host,
    publicUrl: config.publicUrl,
    hostname: publicHost,
  });
  return { idp, config: withDemoSso(config, idp) };
}
