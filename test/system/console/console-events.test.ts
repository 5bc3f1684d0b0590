/**
 * The console's Events screen in a real headless Chromium: a merge sends the handbook's two
 * integrations their event (starter's docs-bot to the sink, `hook` to a receiver on loopback
 * that refuses the first try); the screen lists both, opens one with its body and tries, shows
 * the retry once the frozen clock moves, sends it again, filters and forgets. Set
 * SCREENSHOTS_DIR to keep a picture.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveMock, type ServedMock } from '../../helpers/browser.ts';

const shots = process.env.SCREENSHOTS_DIR;

describe('the Events screen in a browser', () => {
  let served: ServedMock;
  let browser: Browser;
  let page: Page;
  let receiver: Server;
  const received: string[] = [];

  beforeAll(async () => {
    receiver = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: async (request: Request) => {
        received.push(await request.text());
        return received.length === 1 ? new Response('{"error":"warming up"}', { status: 503 }) : new Response('thanks');
      }, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
    });
    const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-console-events-'));
    writeFileSync(join(dir, 'hooked.json'), JSON.stringify({
      description: 'starter, and an integration whose events go to a receiver on loopback',
      extends: 'starter',
      integrations: [{ key: 'hook', title: 'Hook', owner: 'acme', url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1` }],
      installations: [{ key: 'hook-acme', integration: 'hook', organization: 'acme', spaces: ['handbook'] }],
    }));
    served = await serveMock({ scenariosDirs: [dir], scenario: 'hooked' });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${served.origin}/__admin/ui#events`);
  });

  afterAll(async () => {
    await browser?.close();
    await served?.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('lists the events of a merge with their deliveries, shows a retry and a redelivery, filters and forgets', async () => {
    const { manifest } = served.mock.runtime;
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${served.origin}${path}`, { method, headers: { authorization: `Bearer ${manifest.tokens.editor}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return res.status === 204 ? undefined : res.json();
    };
    await api('POST', '/__admin/clock', { frozen: true });
    const spaceId = manifest.ids.spaces.handbook;
    const cr = await api('POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Fix typo' });
    const merged = await api('POST', `/v1/spaces/${spaceId}/change-requests/${cr.id}/merge`);

    // Both events appear without a reload: the sink's delivered, the receiver's refused once.
    const rows = page.locator('#event-table tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const hookId = manifest.ids.installations['hook-acme'];
    const hookRow = page.locator('#event-table tbody tr', { hasText: hookId });
    await expect.poll(() => hookRow.locator('td').nth(4).textContent()).toBe('pending, 1 try');
    expect(await page.locator('#event-table tbody tr', { hasText: manifest.ids.installations['docs-bot-acme'] }).locator('td').nth(4).textContent()).toBe('delivered, 1 try');
    expect(await hookRow.locator('td').nth(1).textContent()).toBe('space_content_updated');

    // Opened: the official body and the refused try with the answer's excerpt.
    await hookRow.getByRole('button', { name: /^Open event / }).click();
    const body = JSON.parse((await page.locator('#event-body').textContent()) ?? '{}');
    expect(body).toMatchObject({ type: 'space_content_updated', spaceId, revisionId: merged.revision, installationId: hookId });
    await expect.poll(() => page.locator('#event-tries tbody tr').first().textContent()).toContain('503');
    expect(await page.locator('#event-tries tbody tr').first().textContent()).toContain('{"error":"warming up"}');
    expect(await page.locator('#event-detail dl').textContent()).toContain('Next try');

    // The clock moves a second: the retry is delivered, and the screen shows it.
    await api('POST', '/__admin/clock', { advance: 'PT1S' });
    await expect.poll(() => hookRow.locator('td').nth(4).textContent(), { timeout: 10_000 }).toBe('delivered, 2 tries');
    await expect.poll(() => page.locator('#event-tries tbody tr').count()).toBe(2);
    expect(await page.locator('#event-tries tbody tr').nth(1).textContent()).toContain('thanks');
    if (shots) await page.screenshot({ path: `${shots}/events.png` });

    // Send again: a third try of the same bytes.
    await page.getByRole('button', { name: 'Send again' }).click();
    await expect.poll(() => hookRow.locator('td').nth(4).textContent(), { timeout: 10_000 }).toBe('delivered, 3 tries');
    expect(received).toHaveLength(3);
    expect(new Set(received).size).toBe(1);

    // Filters: a type with no event, then a delivery status.
    await page.getByLabel('Type').selectOption('space_visibility_updated');
    await expect.poll(() => page.locator('#event-table tbody').textContent()).toBe('No events');
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Delivery').selectOption('delivered');
    await expect.poll(() => rows.count()).toBe(2);
    await page.getByLabel('Installation id').fill(hookId);
    await expect.poll(() => rows.count()).toBe(1);

    await page.getByRole('button', { name: 'Forget the events' }).click();
    await expect.poll(() => page.locator('#event-table tbody').textContent()).toBe('No events');
    expect(served.mock.events.list()).toEqual([]);
  });
});
