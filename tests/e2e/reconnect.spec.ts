/**
 * A list kept live by push reads itself again after the socket was away and the server could not give
 * back what it missed (`push.reconnected` with `recovered: false`: always on this single PGlite
 * server, which keeps no missed packets). The socket is cut from the test (its WebSocket closed, its
 * long-polling refused), a signbook is created meanwhile, and the signbooks list shows it once the
 * socket is back — with no push about it, which went out while the socket was away.
 */
import { type WebSocketRoute, expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Session } from '../../src/contract/entities.ts';
import { routeUrl } from '../../src/contract/routes.ts';
import { SESSION_KEYS } from '../../src/web/app/sessionStore.ts';
import { fr, loginAs, sessionHeaders } from './support.ts';

async function contractPdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(`${title} — à signer`, { x: 60, y: 760, size: 16, font });
  return Buffer.from(await pdf.save());
}

// Not reliable yet, so not run: cutting the socket from Playwright's routes races socket.io's own
// transports (it connects by long-polling and upgrades to a WebSocket, and the page holds a second
// socket for a followed signbook). On a loaded machine 2 runs of 3 failed (`--repeat-each=3`): the list
// showed the new signbook while « cut », or the socket did not come back within 20 s. The refetch on
// `push.reconnected` (not recovered) is covered by the component tests (DocumentListPage, CampaignPage,
// DashboardCharts, push.test.ts); a server-side disconnect would make this test deterministic.
test.fixme('the signbooks list reads itself again after the socket was away and missed a push', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 1600 });
  let cut = false;
  const open: WebSocketRoute[] = [];
  // The socket's WebSocket goes through the test, which can close it; while cut, new ones are refused…
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (cut) return void ws.close({ code: 1011, reason: 'cut by the test' });
    ws.connectToServer();
    open.push(ws);
  });
  // …and so is socket.io's long-polling, through which it would otherwise come back at once.
  await page.route(/\/socket\.io\//, (route) => (cut ? route.abort('internetdisconnected') : route.continue()));

  await loginAs(page, 'admin');
  await page.goto('/signworkflows/status/in-progress/to-sign');
  await expect(page.getByRole('heading', { level: 1, name: fr('statuses.signbooks.to-sign') })).toBeVisible();
  await expect.poll(() => open.length, { message: 'the push socket is up' }).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: fr('signbooks.list.label') });
  await expect(table).toBeVisible();

  cut = true;
  for (const ws of open.splice(0)) await ws.close({ code: 1011, reason: 'cut by the test' });

  // While the socket is away: a signbook for admin to sign, whose push nobody on this page hears.
  const session = await page.evaluate(
    (k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Session,
    SESSION_KEYS.session,
  );
  const name = `Avenant reconnexion ${Date.now()}`;
  const created = await page.request.post(routeUrl('signbooks.upload'), {
    headers: await sessionHeaders(page),
    multipart: {
      json: JSON.stringify({ name, steps: [{ signatories: [{ type: 'user', userId: session.userId }] }] }),
      file: { name: 'avenant.pdf', mimeType: 'application/pdf', buffer: await contractPdf(name) },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const row = table.getByRole('row').filter({ hasText: name });
  await page.waitForTimeout(1_500);
  await expect(row, 'not listed while the socket is away (its push was lost)').toHaveCount(0);

  cut = false;
  await expect(row, 'listed once the socket is back').toHaveCount(1, { timeout: 20_000 });
});
