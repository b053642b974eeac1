// A test double of the external personal-safe service (the product's `SAFE_URL`, src/server/ports/safe.ts):
// `POST /accounts` and `POST /documents` accept by default, and a control API under `/_control/` lets a
// test make the next matching calls refused, unavailable or held. Used by scripts/e2e.mjs (the browser
// tests' server deposits through it) and by the server suites (started inside the test).
//
//   POST   /_control/rules     {match, action: 'refuse'|'unavailable'|'hold', status?, reason?, times?, holdMs?}
//                              → {id}; `match` is a substring of the deposit's metadata or of the account's
//                              body; `times` a count, absent = unlimited; 'hold' answers (accepted) when
//                              released or after `holdMs` (default 20 s, within the product's 30 s timeout)
//   DELETE /_control/rules/:id
//   POST   /_control/release   {match?, rule?} → {released}: held calls answered now (accepted)
//   GET    /_control/held?match=       → {count}
//   GET    /_control/deposits?match=   → [{id, key, metadata, fileName, size, calls}] (idempotent replays counted)
//   GET    /_control/accounts?match=   → [{id, body}]
//
// Run alone: `node tests/e2e/support/safe-double.mjs [port]` prints `{"url": …}` once listening.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** Starts the double; resolves once it listens. */
export async function startSafeDouble({ port = 0, host = '127.0.0.1', holdMs = 20_000 } = {}) {
  /** @type {{id: string, match: string, action: string, status: number, reason: string, left: number, holdMs: number}[]} */
  let rules = [];
  /** Held calls: their match text, rule and how to answer them. */
  const held = new Set();
  /** Accepted deposits by idempotency key. */
  const deposits = new Map();
  const accounts = [];

  /** The first rule matching `text` with calls left, its count taken. */
  const ruleFor = (text) => {
    const rule = rules.find((r) => r.left > 0 && text.includes(r.match));
    if (rule) rule.left -= 1;
    return rule;
  };

  /** Applies the rule (if any), then `accept()`; a held call waits for release or its timeout. */
  const answer = async (res, text, accept) => {
    const rule = ruleFor(text);
    if (rule?.action === 'refuse') return json(res, rule.status, { reason: rule.reason });
    if (rule?.action === 'unavailable') return json(res, 503, { reason: 'service unavailable' });
    if (rule?.action === 'hold') {
      await new Promise((resolve) => {
        const entry = { text, rule: rule.id, release: () => resolve(undefined) };
        held.add(entry);
        const timer = setTimeout(() => entry.release(), rule.holdMs);
        entry.release = () => {
          clearTimeout(timer);
          held.delete(entry);
          resolve(undefined);
        };
        res.on('close', () => held.delete(entry));
      });
    }
    return accept();
  };

  const control = async (req, res, url, body) => {
    const match = url.searchParams.get('match') ?? '';
    if (req.method === 'POST' && url.pathname === '/_control/rules') {
      const spec = JSON.parse(body.toString('utf8') || '{}');
      if (typeof spec.match !== 'string' || !spec.match || !['refuse', 'unavailable', 'hold'].includes(spec.action))
        return json(res, 400, { reason: 'match (non-empty) and action (refuse | unavailable | hold) are required' });
      const rule = {
        id: randomUUID(),
        match: spec.match,
        action: spec.action,
        status: Number(spec.status ?? 422),
        reason: String(spec.reason ?? 'Document refusé par le coffre-fort'),
        left: spec.times == null ? Number.POSITIVE_INFINITY : Number(spec.times),
        holdMs: Number(spec.holdMs ?? holdMs),
      };
      rules.push(rule);
      return json(res, 201, { id: rule.id });
    }
    if (req.method === 'DELETE' && url.pathname.startsWith('/_control/rules/')) {
      const id = url.pathname.slice('/_control/rules/'.length);
      rules = rules.filter((r) => r.id !== id);
      return json(res, 200, { removed: id });
    }
    if (req.method === 'POST' && url.pathname === '/_control/release') {
      const spec = JSON.parse(body.toString('utf8') || '{}');
      const chosen = [...held].filter(
        (h) => (!spec.match || h.text.includes(spec.match)) && (!spec.rule || h.rule === spec.rule),
      );
      for (const h of chosen) h.release();
      return json(res, 200, { released: chosen.length });
    }
    if (req.method === 'GET' && url.pathname === '/_control/held')
      return json(res, 200, { count: [...held].filter((h) => h.text.includes(match)).length });
    if (req.method === 'GET' && url.pathname === '/_control/deposits')
      return json(
        res,
        200,
        [...deposits.values()].filter((d) => JSON.stringify(d.metadata).includes(match)),
      );
    if (req.method === 'GET' && url.pathname === '/_control/accounts')
      return json(
        res,
        200,
        accounts.filter((a) => JSON.stringify(a.body).includes(match)),
      );
    return json(res, 404, { reason: 'unknown control call' });
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://double');
      const body = await readBody(req);
      if (url.pathname.startsWith('/_control/')) return await control(req, res, url, body);
      if (req.method === 'POST' && url.pathname === '/accounts') {
        const text = body.toString('utf8');
        return await answer(res, text, () => {
          const account = { id: randomUUID(), body: JSON.parse(text || '{}') };
          accounts.push(account);
          return json(res, 201, { id: account.id });
        });
      }
      if (req.method === 'POST' && url.pathname === '/documents') {
        const key = req.headers['idempotency-key'];
        if (typeof key !== 'string' || !key) return json(res, 400, { reason: 'Idempotency-Key manquant' });
        // The same deposit again: the first answer, whatever the rules say now.
        const known = deposits.get(key);
        if (known) {
          known.calls += 1;
          return json(res, 200, { id: known.id });
        }
        const form = await new Request('http://double/documents', {
          method: 'POST',
          headers: { 'content-type': String(req.headers['content-type'] ?? '') },
          body,
        }).formData();
        const metadataPart = form.get('metadata');
        const file = form.get('file');
        if (!metadataPart || (typeof metadataPart === 'string' && !metadataPart.trim()))
          return json(res, 400, { reason: 'Métadonnées manquantes' });
        const metadataText = typeof metadataPart === 'string' ? metadataPart : await metadataPart.text();
        const metadata = JSON.parse(metadataText);
        const size = file && typeof file !== 'string' ? file.size : 0;
        const fileName = file && typeof file !== 'string' ? file.name : null;
        return await answer(res, metadataText, () => {
          const again = deposits.get(key); // accepted meanwhile (a held call and its replay)
          if (again) {
            again.calls += 1;
            return json(res, 200, { id: again.id });
          }
          const deposit = { id: randomUUID(), key, metadata, fileName, size, calls: 1 };
          deposits.set(key, deposit);
          return json(res, 201, { id: deposit.id });
        });
      }
      return json(res, 404, { reason: 'not found' });
    } catch (error) {
      if (!res.headersSent) json(res, 400, { reason: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    async close() {
      for (const h of [...held]) h.release();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const double = await startSafeDouble({ port: Number(process.argv[2] ?? 0) });
  console.log(JSON.stringify({ url: double.url }));
  const stop = () => void double.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
