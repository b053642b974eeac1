/**
 * The side navigation's badges move with the list (issue 15 §5): during a distribution, every push that
 * gives the campaign a new status is followed at once — before any other campaign event — by badge
 * counts that already count it under that status, « En distribution » included.
 */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BadgeCounts } from '../../src/contract/entities.ts';
import { CAMPAIGN_URL_STATUSES, type CampaignUrlStatus } from '../../src/contract/enums.ts';
import { demoId } from '../../src/server/db/seed/ids.ts';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';
import { type LoggedIn, type TestDb, authHeaders, login } from './support/server.ts';

const server = pushServer();
let t: TestDb;
let app: FastifyInstance;
let admin: LoggedIn;
beforeAll(async () => {
  ({ t, app } = server);
  admin = await login(app, 'admin');
});

const DISPATCHED = demoId('campaign:main:main-dispatched');

/** A campaign awaiting validation with three pending documents of real employees. */
async function freshCampaign(): Promise<string> {
  const id = demoId('test-badges-with-push');
  await t.db.query(
    `INSERT INTO dom_main.campaigns (id, organization_id, name, doc_name, status, doc_type_code, recipients_count)
     SELECT $1, organization_id, 'Badges en direct', doc_name, 'NEEDS_VALIDATION', doc_type_code, 3
       FROM dom_main.campaigns WHERE id = $2`,
    [id, DISPATCHED],
  );
  await t.db.query(
    `INSERT INTO dom_main.dispatched_docs (id, campaign_id, employee_id, status)
     SELECT gen_random_uuid(), $1, employee_id, 'NEEDS_DISPATCHING' FROM dom_main.dispatched_docs
      WHERE campaign_id = $2 AND employee_id IS NOT NULL ORDER BY id LIMIT 3`,
    [id, DISPATCHED],
  );
  return id;
}

const bucketOf = (status: string): CampaignUrlStatus | undefined =>
  (Object.keys(CAMPAIGN_URL_STATUSES) as CampaignUrlStatus[]).find((k) =>
    (CAMPAIGN_URL_STATUSES[k] as readonly string[]).includes(status),
  );
const badgeOf = (counts: BadgeCounts, bucket: CampaignUrlStatus): number | undefined =>
  (counts.campaigns as unknown as Record<string, number>)[bucket];

describe('badges during a distribution', () => {
  it('leave with every push that changes the campaign’s status, and count it there', async () => {
    const id = await freshCampaign();
    const socket: Client = server.open({ token: admin.access });
    await nextEvent(socket, 'badges.updated');
    const log: [string, Record<string, unknown>][] = [];
    socket.onAny((event: string, payload: Record<string, unknown>) => log.push([event, payload]));
    const done = nextEvent<{ id: string; status: string }>(
      socket,
      'campaign.updated',
      (c) => c.id === id && c.status === 'DISPATCHED',
    );

    const res = await app.inject({
      method: 'GET',
      url: `/api/dispatch/dispatch/validate/${id}`,
      headers: authHeaders(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    await done;
    await new Promise((resolve) => setTimeout(resolve, 100)); // the badges sent with the last push

    const campaignEvents = new Set(['campaign.updated', 'campaign.progressed']);
    const statusOf = (e: [string, Record<string, unknown>]) =>
      e[0] === 'campaign.updated' ? (e[1].id === id ? e[1].status : null) : e[1].campaignId === id ? e[1].status : null;
    let previous: unknown = 'NEEDS_VALIDATION';
    const seen: string[] = [];
    log.forEach((event, i) => {
      if (!campaignEvents.has(event[0])) return;
      const status = statusOf(event);
      if (typeof status !== 'string' || status === previous) return;
      previous = status;
      seen.push(status);
      // The very next campaign or badge event is the badges, and they count the campaign where it now is.
      const next = log.slice(i + 1).find(([name]) => name === 'badges.updated' || campaignEvents.has(name));
      expect(next?.[0], `badges after ${status}`).toBe('badges.updated');
      const bucket = bucketOf(status)!;
      expect(badgeOf(next![1] as unknown as BadgeCounts, bucket), `${bucket} badge at ${status}`).toBeGreaterThan(0);
    });
    expect(seen[0]).toBe('NEEDS_DISPATCHING'); // « En distribution » counted from the validation on
    expect(seen.at(-1)).toBe('DISPATCHED');
  });
});
