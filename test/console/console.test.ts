/**
 * The QA console in a real headless Chromium: a QA journey through every screen against a
 * mock served on loopback. Set SCREENSHOTS_DIR to keep a picture of each screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveMock, type ServedMock } from '../helpers/browser.ts';

const DAY = 24 * 60 * 60 * 1000;
const shots = process.env.SCREENSHOTS_DIR;

describe('the QA console in a browser', () => {
  let served: ServedMock;
  let browser: Browser;
  let page: Page;

  const shoot = async (name: string) => {
    if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
  };

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
    await shoot('scenarios');

    // Clock: +7 days from the scenario's now.
    await page.getByRole('link', { name: 'Clock' }).click();
    await page.getByRole('button', { name: '+7 days' }).click();
    const expected = Date.parse(manifest.now) + 7 * DAY;
    await expect.poll(async () => Date.parse((await page.locator('#clock-now').textContent()) ?? '') - expected).toBeGreaterThanOrEqual(0);
    expect(Date.parse((await page.locator('#clock-now').textContent()) ?? '') - expected).toBeLessThan(60_000);
    await shoot('clock');

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
    await shoot('requests');

    // State: find the space by its id and open it as JSON.
    await page.getByRole('link', { name: 'State' }).click();
    await page.getByRole('button', { name: /^spaces \(\d+\)$/ }).click();
    await page.getByLabel('Search by id or title').fill(spaceId);
    const found = page.locator('#record-table tbody tr');
    await expect.poll(() => found.count()).toBe(1);
    await found.getByRole('button', { name: 'Open' }).click();
    const record = JSON.parse((await page.locator('#record-json').textContent()) ?? '{}');
    expect(record.id).toBe(spaceId);
    expect(record.deletedAt).toBeTruthy();
    await shoot('state');
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

  it('copies nothing from elsewhere: every label names a control and the page loads only its own files', async () => {
    const html = await (await fetch(`${served.origin}/__admin/ui`)).text();
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    const unlabeled = await page.$$eval('input, select', (controls) =>
      (controls as HTMLInputElement[]).filter((c) => !c.labels?.length && !c.getAttribute('aria-label')).map((c) => c.id));
    expect(unlabeled).toEqual([]);
  });
});
