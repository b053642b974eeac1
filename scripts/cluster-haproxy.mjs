// The HAProxy configuration of `npm run cluster` and of the cluster test: deploy/haproxy.cfg with the
// balancer's port and this machine's API nodes put in place of the Compose ones.
import { existsSync, readFileSync } from 'node:fs';

export const HAPROXY_TEMPLATE = 'deploy/haproxy.cfg';

/** `HAPROXY` (a path, or `none` to run without a balancer), else Debian's `/usr/sbin/haproxy` or one on PATH; null when absent. */
export function findHaproxy() {
  if (process.env.HAPROXY === 'none') return null;
  if (process.env.HAPROXY) return existsSync(process.env.HAPROXY) ? process.env.HAPROXY : null;
  const candidates = ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy', '/usr/local/bin/haproxy'];
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(`${dir}/haproxy`);
  return candidates.find((path) => existsSync(path)) ?? null;
}

/**
 * @param {{ port: number, host?: string, nodes: { name: string, host: string, port: number }[], template?: string }} options
 * @returns {string}
 */
export function haproxyConfig({ port, host = '127.0.0.1', nodes, template = HAPROXY_TEMPLATE }) {
  const text = readFileSync(template, 'utf8');
  const start = text.indexOf('  # --- api servers ---');
  const end = text.indexOf('  # --- end api servers ---');
  if (start < 0 || end < 0) throw new Error(`${template}: the « api servers » markers are missing`);
  const servers = nodes.map((n) => `  server ${n.name} ${n.host}:${n.port} check cookie ${n.name}\n`).join('');
  return (text.slice(0, start) + '  # --- api servers ---\n' + servers + text.slice(end)).replace(
    /^ {2}bind \*:8080$/m,
    `  bind ${host}:${port}`,
  );
}
