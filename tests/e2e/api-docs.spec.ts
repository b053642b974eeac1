/**
 * The API reference (issue 15, point 12): `/api/docs` is a viewer, not raw JSON — Swagger UI served
 * from this origin renders the operations of `/api/openapi.json` under the page's own policy, with
 * no Content-Security-Policy violation and no request to another origin.
 */
import { expect, test } from '@playwright/test';
import { shot } from './support.ts';

test('/api/docs shows the API reference, every file from this origin, no CSP violation', async ({ page }) => {
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('request', (r) => {
    if (new URL(r.url()).origin !== new URL(page.url() === 'about:blank' ? r.url() : page.url()).origin)
      foreign.push(r.url());
  });
  // Swagger UI draws the operations as they scroll into view (126 of them): the login's deep link
  // (tag « user », operation id « auth.login ») scrolls to it and opens it.
  await page.goto('/api/docs#/user/auth.login');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Paie Docs');
  const login = page.locator('.opblock.is-open .opblock-summary-path', { hasText: '/api/user/rh-user/login' });
  await expect(login.first()).toBeVisible();
  await shot(page, 'api-docs');
  expect(problems).toEqual([]);
  expect(foreign).toEqual([]);
  const raw = await page.request.get('/api/openapi.json');
  expect(((await raw.json()) as { openapi: string }).openapi).toBe('3.1.0');
});
