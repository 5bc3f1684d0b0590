/**
 * The QA console in a real headless Chromium: a QA journey through every screen against a
 * mock served on loopback. Set SCREENSHOTS_DIR to keep a picture of each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveMock, type ServedMock } from '../../helpers/browser.ts';

const DAY = 24 * 60 * 60 * 1000;
const shots = process.env.SCREENSHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
};

describe('the QA console in a browser', () => {
  let served: ServedMock;
  let browser: Browser;
  let page: Page;

  const shot = (name: string) => shoot(page, name);

  beforeAll(async () => {
    served = await serveMock();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
    await page.goto(`${served.origin}/__admin/ui`);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('loads trash, moves the clock 7 days, shows the refused restore and finds the space', async () => {
    // Scenarios: load `trash` from its row; the manifest shows its keys.
    await page.getByRole('button', { name: 'Load trash' }).click();
    await expect.poll(() => page.locator('#current-scenario').textContent()).toBe('trash');
    await expect.poll(() => page.locator('#manifest').textContent()).toContain('deleted-1h');
    const manifest = served.mock.runtime.manifest;
    expect(manifest.scenario).toBe('trash');
    await shot('scenarios');

    // Clock: +7 days from the scenario's now.
    await page.getByRole('link', { name: 'Clock' }).click();
    await page.getByRole('button', { name: '+7 days' }).click();
    const expected = Date.parse(manifest.now) + 7 * DAY;
    await expect.poll(async () => Date.parse((await page.locator('#clock-now').textContent()) ?? '') - expected).toBeGreaterThanOrEqual(0);
    expect(Date.parse((await page.locator('#clock-now').textContent()) ?? '') - expected).toBeLessThan(60_000);
    await shot('clock');

    // Through the API: the space deleted an hour before is now past the 7-day window.
    const spaceId = manifest.ids.spaces['deleted-1h'];
    const restore = await fetch(`${served.origin}/v1/spaces/${spaceId}/restore`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${manifest.tokens.admin}` },
    });
    expect(restore.status).toBe(404);

    // Requests: the refused restore appears without a reload; filters and details work.
    await page.getByRole('link', { name: 'Requests' }).click();
    const row = page.locator('#request-table tbody tr', { hasText: `/v1/spaces/${spaceId}/restore` });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('404');
    await page.getByLabel('Status', { exact: true }).fill('2xx');
    await expect.poll(() => row.count()).toBe(0);
    await page.getByLabel('Status', { exact: true }).fill('4xx');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Open' }).click();
    await expect.poll(() => page.locator('#request-detail h3').textContent()).toBe(`POST /v1/spaces/${spaceId}/restore → 404`);
    await shot('requests');

    // State: find the space by its id and open it as JSON.
    await page.getByRole('link', { name: 'State' }).click();
    await page.getByRole('button', { name: /^spaces \(\d+\)$/ }).click();
    await page.getByLabel('Search by id or title').fill(spaceId);
    const found = page.locator('#record-table tbody tr');
    await expect.poll(() => found.count()).toBe(1);
    await found.getByRole('button', { name: 'Open' }).click();
    const record = JSON.parse(await page.locator('#record-json').inputValue());
    expect(record.id).toBe(spaceId);
    expect(record.deletedAt).toBeTruthy();
    await shot('state');
  });

  it('shows a refused state import with the path the server names, and changes nothing', async () => {
    const before = JSON.stringify(served.mock.runtime.exportState());
    await page.getByRole('link', { name: 'State' }).click();
    const spoiled = JSON.parse(before);
    spoiled.spaces[1].visibility = 'everyone';
    await page.getByLabel('Import a state file').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(spoiled)),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect.poll(() => page.locator('#notice[role=alert]').textContent()).toMatch(/^Import failed: .*spaces.*1.*visibility/);
    expect(JSON.stringify(served.mock.runtime.exportState())).toBe(before);
  });

  it('adds a fault rule that answers the next call, counts its match, and removes it', async () => {
    await page.getByRole('link', { name: 'Fault rules' }).click();
    await page.getByLabel('Operation id').fill('getSpaceById');
    await page.getByLabel('Answer with status').fill('503');
    await page.getByLabel('Times').fill('1');
    await page.getByRole('button', { name: 'Add the rule' }).click();
    const rule = page.locator('#fault-table tbody tr', { hasText: 'getSpaceById' });
    await expect.poll(() => rule.count()).toBe(1);
    expect(await rule.locator('td').nth(2).textContent()).toBe('status 503');
    expect(await rule.locator('td').nth(1).textContent()).toBe('getSpaceById (once)');

    const manifest = served.mock.runtime.manifest;
    const get = () => fetch(`${served.origin}/v1/spaces/${manifest.ids.spaces['deleted-1h']}`, {
      headers: { Authorization: `Bearer ${manifest.tokens.admin}` },
    });
    expect((await get()).status).toBe(503);
    expect((await get()).status).not.toBe(503);

    // Back to the section: the rule shows its one match; then it is removed from its row.
    await page.getByRole('link', { name: 'Clock' }).click();
    await page.getByRole('link', { name: 'Fault rules' }).click();
    await expect.poll(() => rule.locator('td').nth(3).textContent()).toBe('1');
    await shot('faults');
    const id = (await rule.locator('td').first().textContent()) ?? '';
    await rule.getByRole('button', { name: `Remove ${id}` }).click();
    await expect.poll(() => page.locator('#fault-table tbody').textContent()).toBe('No rules');
    expect((await (await fetch(`${served.origin}/__admin/faults`)).json()).items).toEqual([]);
  });

  it('shows coverage as tables: what was called with which statuses, what was not, and clears it', async () => {
    await page.getByRole('link', { name: 'Coverage' }).click();
    const summary = page.locator('#coverage-summary');
    const server = await (await fetch(`${served.origin}/__admin/coverage`)).json();
    await expect.poll(() => summary.textContent()).toBe(
      `${server.operations.called} of ${server.operations.total} operations called; ` +
        `${server.transitions.exercised} of ${server.transitions.total} transitions exercised`,
    );
    expect(server.operations.called).toBeGreaterThan(0);
    const restore = page.locator('#coverage-operations tbody tr', { hasText: 'restoreSpace' });
    expect(await restore.locator('td').nth(3).textContent()).toBe('1');
    expect(await restore.locator('td').nth(4).textContent()).toBe('404×1');
    expect(await page.locator('#coverage-operations tbody tr').count()).toBe(server.operations.total);
    await shot('coverage');

    await page.getByLabel('only what was not exercised').check();
    await expect.poll(() => restore.count()).toBe(0);
    expect(await page.locator('#coverage-operations tbody tr').count()).toBe(server.operations.total - server.operations.called);
    await page.getByLabel('only what was not exercised').uncheck();

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => summary.textContent()).toMatch(/^0 of \d+ operations called; 0 of \d+ transitions exercised$/);
    expect((await (await fetch(`${served.origin}/__admin/coverage`)).json()).operations.called).toBe(0);
  });

  it('copies nothing from elsewhere: every label names a control and the page loads only its own files', async () => {
    const html = await (await fetch(`${served.origin}/__admin/ui`)).text();
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const unlabeled = await page.$$eval('input, select', (controls) =>
      (controls as HTMLInputElement[]).filter((c) => !c.labels?.length && !c.getAttribute('aria-label')).map((c) => c.id));
    expect(unlabeled).toEqual([]);
  });
});

describe('the QA console with sessions', () => {
  it('works in a named session without touching the default one, lists both, and deletes it', async () => {
    const served = await serveMock();
    const browser = await launchBrowser();
    const admin = async (path: string, session?: string) =>
      (await fetch(`${served.origin}${path}`, { headers: session ? { 'X-Mock-Session': session } : {} })).json();
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
      await page.goto(`${served.origin}/__admin/ui`);
      await page.getByLabel('Session', { exact: true }).fill('qa-1');
      await page.getByRole('button', { name: 'Use', exact: true }).click();
      await expect.poll(() => page.locator('#notice').textContent()).toBe('Using session qa-1');
      await page.getByRole('button', { name: 'Load trash' }).click();
      await expect.poll(() => page.locator('#current-scenario').textContent()).toBe('trash');
      await page.getByRole('link', { name: 'Clock' }).click();
      await page.getByRole('button', { name: '+7 days' }).click();
      const ahead = async (session?: string) =>
        Date.parse((await admin('/__admin/health', session)).now) - Date.parse((await admin('/__admin/manifest', session)).now);
      await expect.poll(() => ahead('qa-1')).toBeGreaterThanOrEqual(7 * DAY);

      // The default session still has starter at its own time (running, so a few seconds on).
      expect((await admin('/__admin/manifest')).scenario).toBe('starter');
      expect(await ahead()).toBeLessThan(60_000);

      await page.getByRole('link', { name: 'Sessions' }).click();
      const row = (name: string) => page.locator('#session-table tbody tr', { has: page.locator('th', { hasText: new RegExp(`^${name}$`) }) });
      await expect.poll(() => row('qa-1').locator('td').first().textContent()).toBe('trash');
      expect(await row('default').locator('td').first().textContent()).toBe('starter');
      expect(await row('qa-1').getAttribute('aria-current')).toBe('true');
      await shoot(page, 'sessions');

      await row('default').getByRole('button', { name: 'Use default' }).click();
      await page.getByRole('link', { name: 'Scenarios' }).click();
      await expect.poll(() => page.locator('#current-scenario').textContent()).toBe('starter');
      await page.getByRole('link', { name: 'Sessions' }).click();
      await row('qa-1').getByRole('button', { name: 'Delete qa-1' }).click();
      await expect.poll(() => row('qa-1').count()).toBe(0);
      expect((await admin('/__admin/sessions')).items.map((s: { name: string }) => s.name)).toEqual(['default']);
    } finally {
      await browser.close();
      await served.close();
    }
  }, 60_000);
});

describe('the QA console off loopback, on a server with an admin token', () => {
  it('opens as a sign-in page, keeps the admin API shut, and works once the token is typed', async () => {
    const served = await serveMock({ adminToken: 'qa-secret-token' });
    // Chromium reaches the loopback server by another name, so the Host header is not loopback.
    const browser = await launchBrowser(['--host-resolver-rules=MAP console.test 127.0.0.1']);
    try {
      const page = await browser.newPage();
      const origin = served.origin.replace('127.0.0.1', 'console.test');
      await page.goto(`${origin}/__admin/ui`);
      await expect.poll(() => page.locator('#notice[role=alert]').textContent()).toMatch(/failed: .*admin token/);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('admin-token');
      expect(await page.evaluate(() => fetch('/__admin/state').then((r) => r.status))).toBe(401);
      expect(await page.locator('#scenario-table tbody tr').count()).toBe(0);

      await page.getByLabel('Admin token').fill('qa-secret-token');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Load trash' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Load trash' }).click();
      await expect.poll(() => page.locator('#current-scenario').textContent()).toBe('trash');
      expect(served.mock.runtime.scenarioName).toBe('trash');
    } finally {
      await browser.close();
      await served.close();
    }
  }, 60_000);
});
