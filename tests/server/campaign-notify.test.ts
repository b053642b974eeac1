/**
 * The campaign options « Prévenir si un document est refusé à la vérification », « … n'est pas
 * distribué » and « Personnes à prévenir »: with the option on, each chosen user gets an e-mail (the
 * outbox) and a notifications-panel entry (`notification.upserted` on their socket); with it off,
 * nobody hears anything.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/contract/entities.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { attachSafePort, embeddedSafePort } from '../../src/server/ports/safe.ts';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';
import { type LoggedIn, type TestDb, authHeaders, login } from './support/server.ts';

const server = pushServer();
let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
let paie: LoggedIn;
beforeAll(async () => {
  ({ t, app } = server);
  admin = await login(app, 'admin');
  paie = await login(app, 'paie');
});

const DISPATCHED = demoId('campaign:main:main-dispatched');

const call = (method: 'GET' | 'POST' | 'PUT', url: string, session: LoggedIn, payload?: unknown) =>
  app.inject({ method, url: `/api/dispatch${url}`, headers: authHeaders(session), ...(payload ? { payload } : {}) });

const userOf = async (loginName: string) =>
  (
    await t.db.query<{ id: string; email: string }>(`SELECT id, email FROM directory.users WHERE login = $1`, [
      loginName,
    ])
  ).rows[0]!;

const mailsTo = async (email: string, subject: string) =>
  (
    await t.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM directory.outbox WHERE recipient = $1 AND subject LIKE $2 ORDER BY created_at`,
      [email, `${subject}%`],
    )
  ).rows;

/** A campaign awaiting validation with three pending documents of real employees. */
async function freshCampaign(key: string): Promise<{ id: string; docs: string[] }> {
  const id = demoId(`test-campaign-notify:${key}`);
  await t.db.query(
    `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, doc_type_code, recipients_count)
     SELECT $1, organization_id, 'Alerte ' || $2, doc_name, 'NEEDS_VALIDATION', doc_type_code, 3
       FROM dom_main.campaigns WHERE id = $3`,
    [id, key, DISPATCHED],
  );
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO dom_main.dispatched_docs (id, campaign_id, employee_id, status)
     SELECT gen_random_uuid(), $1, employee_id, 'NEEDS_DISPATCHING' FROM dom_main.dispatched_docs
      WHERE campaign_id = $2 AND employee_id IS NOT NULL ORDER BY id LIMIT 3 RETURNING id`,
    [id, DISPATCHED],
  );
  return { id, docs: rows.map((r) => r.id) };
}

describe('« Personnes à prévenir »', () => {
  it('tells the chosen users by e-mail and in their panel when a document is refused at verification', async () => {
    const chosen = await userOf('paie');
    const c = await freshCampaign('refus');
    const set = await call('PUT', `/dispatch/${c.id}`, admin, { onRefuse: true, usersToNotify: [chosen.id] });
    expect(set.statusCode, set.body).toBe(200);
    const socket: Client = server.open({ token: paie.access });
    await nextEvent(socket, 'badges.updated');
    const heard = nextEvent<Notification>(socket, 'notification.upserted', (n) => n.values?.campaignId === c.id);

    const res = await call('POST', '/dispatched-docs/refuse', admin, {
      ids: c.docs.slice(0, 2),
      reason: 'Mauvais mois',
    });
    expect(res.statusCode, res.body).toBe(200);

    const panel = await heard;
    expect(panel).toMatchObject({
      text: 'campaigns.alerts.refused',
      state: 'error',
      values: { campaign: 'Alerte refus', count: 2, reason: 'Mauvais mois' },
    });
    const mails = await mailsTo(chosen.email, 'Documents refusés : Alerte refus');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('2 documents ont été refusés');
    expect(mails[0]!.body).toContain('Motif : Mauvais mois');
    expect(mails[0]!.body).toContain(`/campaigns/${c.id}`);
    // The operator who refused was not chosen: nothing for them.
    expect(await mailsTo((await userOf('admin')).email, 'Documents refusés : Alerte refus')).toHaveLength(0);
  });

  it('tells nobody when the option is off, even with users chosen', async () => {
    const chosen = await userOf('paie');
    const c = await freshCampaign('muette');
    await call('PUT', `/dispatch/${c.id}`, admin, { onRefuse: false, onError: true, usersToNotify: [chosen.id] });
    const res = await call('POST', '/dispatch/refuseDispatch', admin, { id: c.id });
    expect([res.statusCode, res.json().counts.REFUSED]).toEqual([200, 3]);
    expect(await mailsTo(chosen.email, 'Documents refusés : Alerte muette')).toHaveLength(0);
  });

  it('tells the chosen users when documents are not distributed', async () => {
    const chosen = await userOf('paie');
    const c = await freshCampaign('erreur');
    await call('PUT', `/dispatch/${c.id}`, admin, { onError: true, usersToNotify: [chosen.id] });
    const socket: Client = server.open({ token: paie.access });
    await nextEvent(socket, 'badges.updated');
    const heard = nextEvent<Notification>(socket, 'notification.upserted', (n) => n.values?.campaignId === c.id);
    attachSafePort(t.db, {
      kind: 'test',
      openAccount: async () => ({ ok: true }),
      deposit: async () => {
        throw new Error('coffre-fort injoignable');
      },
    });
    try {
      expect((await call('GET', `/dispatch/validate/${c.id}`, admin)).statusCode).toBe(200);
    } finally {
      attachSafePort(t.db, embeddedSafePort);
    }
    const campaign = (await call('GET', `/dispatch/${c.id}`, admin)).json();
    expect(campaign.status).toBe('IN_ERROR');
    const panel = await heard;
    expect(panel).toMatchObject({
      text: 'campaigns.alerts.notDistributed',
      values: { campaign: 'Alerte erreur', count: campaign.counts.NOT_DISPATCHED },
    });
    const mails = await mailsTo(chosen.email, 'Documents non distribués : Alerte erreur');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`${campaign.counts.NOT_DISPATCHED} documents n'ont pas été distribués`);
  });

  it('says nothing of a distribution without failure', async () => {
    const chosen = await userOf('paie');
    const c = await freshCampaign('ok');
    await call('PUT', `/dispatch/${c.id}`, admin, { onError: true, onRefuse: true, usersToNotify: [chosen.id] });
    expect((await call('GET', `/dispatch/validate/${c.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/dispatch/${c.id}`, admin)).json().counts.NOT_DISPATCHED ?? 0).toBe(0);
    expect(await mailsTo(chosen.email, 'Documents non distribués : Alerte ok')).toHaveLength(0);
  });
});
