/**
 * Mail delivery is durable: the message is recorded in the outbox in the request, then a
 * `mail.deliver` job on pg-boss sends it by SMTP and marks the row sent. The SMTP peer is a small
 * real listener speaking enough of the protocol for nodemailer.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { startQueue, type Queue } from '../../src/server/jobs/queue.ts';
import { MAIL_DELIVER_JOB, createMailPort } from '../../src/server/ports/mail.ts';
import { createSeededDb, testConfig, type TestDb } from './support/server.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

function startSmtp(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') {
          socket.write('250-test\r\n250 8BITMIME\r\n');
        } else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write('250 OK\r\n');
        }
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, received })),
  );
}

describe('mail delivery through the job queue', () => {
  let t: TestDb;
  let queue: Queue;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;

  beforeAll(async () => {
    t = await createSeededDb();
    smtp = await startSmtp();
    queue = await startQueue(t.db, { ...(t.url ? { databaseUrl: t.url } : {}), pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await queue.stop();
    smtp.server.close();
    await t.dispose();
  });

  it('records the reset e-mail, then a mail.deliver job sends it by SMTP and marks it sent', async () => {
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    const mail = createMailPort(t.db, smtpUrl, {
      schedule: async (outboxId) => void (await queue.send(MAIL_DELIVER_JOB, { outboxId })),
    });
    await queue.work<{ outboxId: string }>(MAIL_DELIVER_JOB, ({ outboxId }) => mail.deliverNow(outboxId));
    const app = await buildApp({ db: t.db, config: testConfig({ smtpUrl }), mail });
    try {
      const res = await app.inject({
        method: 'POST',
        url: routeUrl('users.passwordLost'),
        payload: { email: 'camille.martin@horizon-demo.fr' },
      });
      expect(res.statusCode).toBeLessThan(300);

      const deadline = Date.now() + 15_000;
      while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]?.to.join()).toContain('camille.martin@horizon-demo.fr');
      expect(smtp.received[0]?.data).toContain('/token-reinitialization/');

      const { rows } = await t.db.query<{ sent_at: string | null; error: string | null }>(
        `SELECT sent_at, error FROM directory.outbox WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`,
        ['camille.martin@horizon-demo.fr'],
      );
      expect(rows[0]?.error).toBeNull();
      expect(rows[0]?.sent_at).not.toBeNull();

      // With SMTP configured, the in-app outbox is closed: reset links are not readable by anyone.
      const outbox = await app.inject({ method: 'GET', url: routeUrl('outbox.list') });
      expect(outbox.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
