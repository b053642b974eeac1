/**
 * SIGNATURE_CODE_TTL_S: a signature code's lifetime is the operator's setting (10 minutes by default),
 * checked at startup; the code sent says how long it is valid, and the server refuses it as expired
 * once that lifetime has passed on its own clock.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { loadConfig } from '../../src/server/config.ts';
import { checkCode } from '../../src/server/modules/signbook/codes.ts';
import { lifetimeInWords } from '../../src/server/modules/signbook/sign.service.ts';
import { contractPdf, hr, lastCode, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

describe('SIGNATURE_CODE_TTL_S', () => {
  it('is 600 seconds unless set, and read in seconds', () => {
    expect(loadConfig({}).signatureCodeTtlS).toBe(600);
    expect(loadConfig({ SIGNATURE_CODE_TTL_S: '' }).signatureCodeTtlS).toBe(600);
    expect(loadConfig({ SIGNATURE_CODE_TTL_S: '45' }).signatureCodeTtlS).toBe(45);
    expect(loadConfig({ SIGNATURE_CODE_TTL_S: '3600' }).signatureCodeTtlS).toBe(3600);
  });

  it('refuses at startup a lifetime nobody could type a code in, or one that outlives its purpose', () => {
    for (const bad of ['0', '9', '3601', '-5', '1.5', 'ten', '10m'])
      expect(() => loadConfig({ SIGNATURE_CODE_TTL_S: bad }), bad).toThrow(/SIGNATURE_CODE_TTL_S/);
  });

  it('words the lifetime for the message', () => {
    expect(lifetimeInWords(600)).toBe('10 minutes');
    expect(lifetimeInWords(60)).toBe('1 minute');
    expect(lifetimeInWords(45)).toBe('45 secondes');
  });
});

describe('a code under a short lifetime', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let admin: LoggedIn;

  beforeAll(async () => {
    t = await createSeededDb();
    app = await testApp(t.db, { signatureCodeTtlS: 45 });
    admin = await login(app, 'admin');
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await t.dispose();
  });

  it('expires when the setting says, on the server’s clock, and its message says so', async () => {
    const api = hr(app);
    const created = await api.upload(
      admin,
      { name: 'Durée du code', steps: [{ signatories: [{ type: 'user', userId: await userId(t.db, 'admin') }] }] },
      [{ name: 'durée.pdf', bytes: await contractPdf('Durée du code') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { signbook: { id: string } }).signbook.id;

    const askedAt = Date.now();
    const asked = await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, admin, { mode: 'email' });
    expect(asked.statusCode, asked.body).toBe(200);
    const expiresAt = new Date((asked.json() as { expiresAt: string }).expiresAt).getTime();
    expect(expiresAt - askedAt).toBeGreaterThanOrEqual(44_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(45_000);

    const mail = await t.db.query<{ body: string }>(
      `SELECT body FROM directory.outbox WHERE subject LIKE 'Code de signature%' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(mail.rows[0]?.body).toContain('Il est valable 45 secondes.');

    const code = await lastCode(t.db, 'camille.martin@horizon-demo.fr');
    const { rows } = await t.db.query<{ id: string }>(
      `SELECT s.id FROM dom_main.signatories s JOIN directory.users u ON u.id = s.user_id
        WHERE s.signbook_id = $1 AND u.login = 'admin'`,
      [id],
    );
    const signatoryId = rows[0]!.id;
    // Just before its end the right code is still good (checked without consuming it: rolled back), after it refused.
    const at = (ms: number) =>
      t.db
        .tx(async (q) => {
          const check = await checkCode(q, 'main', signatoryId, code, new Date(ms));
          throw Object.assign(new Error('rollback'), { check });
        })
        .catch((e: { check?: unknown }) => e.check);
    expect(await at(expiresAt - 1_000)).toMatchObject({ ok: true });
    const late = (await at(expiresAt)) as { ok: false; failure: { status: number; key: string } };
    expect(late.ok).toBe(false);
    expect([late.failure.status, late.failure.key]).toEqual([400, ERROR_KEYS.signatureCodeExpired]);
  });
});
