/**
 * The split job's entry in its creator's notifications panel: created through the real creation call,
 * the campaign's split pushes `notification.upserted` to the creator's user room — running from its
 * start, then finished with the same id (done, or in error when no page matches anybody). Another user
 * who sees the same organisation (and hears the campaign's own pushes) never hears the entry.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, Notification } from '../../src/contract/entities.ts';
import { payrollPdf } from '../../src/server/pdf/index.ts';
import { splitNotificationId } from '../../src/server/modules/dispatch/split.notify.ts';
import { creationJson, postCreation } from './support/campaignCreate.ts';
import { type Client, nextEvent, pushServer } from './support/sockets.ts';
import { type LoggedIn, login } from './support/server.ts';

const server = pushServer();
let creator: LoggedIn;
let colleague: LoggedIn;
beforeAll(async () => {
  creator = await login(server.app, 'paie');
  colleague = await login(server.app, 'admin');
});

/** Every `notification.upserted` a socket hears, in order. */
const heard = (socket: Client): Notification[] => {
  const list: Notification[] = [];
  socket.on('notification.upserted', (n) => list.push(n));
  return list;
};

const payrollOfCreatorOrg = async () => {
  const orgId = String(creator.body.userOrgId);
  const { rows } = await server.t.db.query<{ name: string; first_name: string; registration_number: string }>(
    `SELECT e.name, e.first_name, eo.registration_number FROM dom_main.employee_organizations eo
       JOIN dom_main.employees e ON e.id = eo.employee_id
      WHERE eo.organization_id = $1 AND eo.active AND eo.registration_number IN (
        SELECT registration_number FROM dom_main.employee_organizations WHERE organization_id = $1
         GROUP BY registration_number HAVING count(*) = 1)
      ORDER BY eo.registration_number LIMIT 4`,
    [orgId],
  );
  return payrollPdf({
    employees: rows.map((r) => ({ name: r.name, firstName: r.first_name, registrationNumber: r.registration_number })),
  });
};

/** Both users' sockets, joined (their rooms known), each recording the panel entries it hears. */
const openBoth = async () => {
  const mine = server.open({ token: creator.access });
  const theirs = server.open({ token: colleague.access });
  await Promise.all([nextEvent(mine, 'rooms.joined'), nextEvent(theirs, 'rooms.joined')]);
  return { mine, theirs, mineHeard: heard(mine), theirsHeard: heard(theirs) };
};

const create = async (name: string, bytes: Uint8Array): Promise<string> => {
  const res = await postCreation(server.app, creator, '', {
    json: creationJson({ name }),
    files: [{ name: 'paie.pdf', bytes }],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Campaign>().id;
};

describe('the split in its creator’s notifications panel', () => {
  it('is pushed to the creator only: running from the start, then done with the same id', async () => {
    const { theirs, mineHeard, theirsHeard } = await openBoth();
    const payroll = await payrollOfCreatorOrg();
    const name = 'Découpage suivi';
    // The colleague sees the organisation: the campaign's own push reaches them (their socket is live).
    const colleagueSawCampaign = nextEvent<Campaign>(theirs, 'campaign.updated', (c) => c.name === name);
    const id = await create(name, payroll.bytes);
    await colleagueSawCampaign;
    await expect.poll(() => mineHeard.filter((n) => n.values?.campaignId === id).at(-1)?.state).toBe('done');

    const entries = mineHeard.filter((n) => n.values?.campaignId === id);
    expect(new Set(entries.map((n) => n.id))).toEqual(new Set([splitNotificationId(id)]));
    expect(entries[0]).toMatchObject({
      text: 'campaigns.splitNotification.running',
      type: 'split',
      state: 'running',
      percentage: 0,
      cancelToken: null,
      values: { campaign: name, campaignId: id },
    });
    const running = entries.slice(0, -1);
    expect(running.every((n) => n.state === 'running')).toBe(true);
    const percentages = running.map((n) => n.percentage);
    expect([...percentages].sort((a, b) => a - b)).toEqual(percentages);
    expect(entries.at(-1)).toMatchObject({
      text: 'campaigns.splitNotification.done',
      state: 'done',
      percentage: 100,
      values: { campaign: name, campaignId: id, count: payroll.pages.length },
    });
    // Nothing of it for the colleague, nor anything after the end for the creator.
    expect(theirsHeard.filter((n) => n.values?.campaignId === id)).toEqual([]);
  });

  it('ends the same entry in error when the split fails', async () => {
    const { mineHeard, theirsHeard } = await openBoth();
    const nobody = payrollPdf({
      employees: [1, 2].map((i) => ({ name: 'Inconnu', firstName: 'Personne', registrationNumber: `NOPE-${i}` })),
    });
    const id = await create('Découpage impossible', nobody.bytes);
    await expect.poll(() => mineHeard.filter((n) => n.values?.campaignId === id).at(-1)?.state).toBe('error');
    const entries = mineHeard.filter((n) => n.values?.campaignId === id);
    expect(entries[0]?.state).toBe('running');
    expect(entries.at(-1)).toMatchObject({
      id: splitNotificationId(id),
      text: 'campaigns.splitNotification.error',
      values: { campaign: 'Découpage impossible' },
    });
    expect(theirsHeard.filter((n) => n.values?.campaignId === id)).toEqual([]);
  });
});
