/**
 * A signatory without an account (an employee, here) signs through the link mailed when their step
 * starts — no link before — and the sealed document lands in their personal safe. A wrong or made-up
 * link is 404; the link acts as that signatory only.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../src/contract/keys.ts';
import { contractPdf, hr, idOf, lastCode, orgId, userId } from './signbook-support.ts';
import { type LoggedIn, type TestDb, createSeededDb, login, testApp } from './support/server.ts';

let t: TestDb;
let app: FastifyInstance;
let api: ReturnType<typeof hr>;
let admin: LoggedIn;
let paris: string;
let employee: { id: string; email: string };

beforeAll(async () => {
  t = await createSeededDb();
  app = await testApp(t.db);
  api = hr(app);
  admin = await login(app, 'admin');
  paris = await orgId(t.db, 'Horizon Services Paris');
  const id = await idOf(
    t.db,
    `SELECT e.id FROM dom_main.employees e JOIN dom_main.employee_organizations eo ON eo.employee_id = e.id
      WHERE eo.organization_id = $1 AND e.email IS NOT NULL ORDER BY e.name LIMIT 1`,
    [paris],
  );
  const { rows } = await t.db.query<{ email: string }>(`SELECT email FROM dom_main.employees WHERE id = $1`, [id]);
  employee = { id, email: rows[0]!.email };
}, 60_000);
afterAll(async () => {
  await app.close();
  await t.dispose();
});

const guest = (method: 'GET' | 'POST', token: string, path = '', payload?: unknown) =>
  app.inject({ method, url: `/api/hrdesk/sign-workflow/guest/${token}${path}`, ...(payload ? { payload } : {}) });

async function linkFor(email: string): Promise<string | null> {
  const { rows } = await t.db.query<{ body: string }>(
    `SELECT body FROM directory.outbox WHERE recipient = $1 AND subject LIKE 'Document à signer%' ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  return rows[0]?.body.match(/\/signworkflows\/guest\/(\S+)/)?.[1] ?? null;
}

describe('guest signing', () => {
  it('HR signs, then the employee signs through the mailed link; the sealed PDF goes to their safe', async () => {
    const created = await api.upload(
      admin,
      {
        name: 'Avenant salarié',
        organizationId: paris,
        docTypeCode: 'CONTRAT_TRAVAIL',
        sendToPersonalSafe: true,
        steps: [
          { signatories: [{ type: 'user', userId: await userId(t.db, 'admin') }] },
          { signatories: [{ type: 'employee', employeeId: employee.id }] },
        ],
      },
      [{ name: 'avenant.pdf', bytes: await contractPdf('Avenant salarié') }],
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().signbook.id as string;
    expect(await linkFor(employee.email)).toBeNull();

    await api.call('POST', `/sign-workflow/recover-signature-code/${id}`, admin, { mode: 'email' });
    const hrCode = await lastCode(t.db, 'camille.martin@horizon-demo.fr');
    expect((await api.call('POST', `/sign-workflow/sign/${id}`, admin, { codeSignature: hrCode })).statusCode).toBe(
      200,
    );

    const token = (await linkFor(employee.email))!;
    expect(token).toMatch(/^main\./);
    const view = await guest('GET', token);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ id, canSign: true, currentStep: 1 });
    const pdf = await guest('GET', token, '/document');
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);

    const asked = await guest('POST', token, '/recover-signature-code', { mode: 'email' });
    expect(asked.statusCode, asked.body).toBe(200);
    const signed = await guest('POST', token, '/sign', { codeSignature: await lastCode(t.db, employee.email) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'COMPLETE', complete: true });

    const safe = await t.db.query<{ destination: string }>(
      `SELECT d.destination FROM dom_main.documents d JOIN dom_main.signbooks b ON b.signed_file_id = d.file_id
        WHERE b.id = $1 AND d.employee_id = $2`,
      [id, employee.id],
    );
    expect(safe.rows).toEqual([{ destination: 'EMPLOYEE_SAFE' }]);
  }, 30_000);

  it('a made-up or malformed link is 404', async () => {
    for (const token of ['main.inventé', 'nope', 'legacy.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
      const res = await guest('GET', encodeURIComponent(token));
      expect([res.statusCode, res.json().key]).toEqual([404, ERROR_KEYS.notFound]);
    }
  });
});
