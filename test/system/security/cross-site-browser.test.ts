/**
 * A page of another site, in a real Chromium, tries to drive the admin API of a mock on
 * loopback (issue 24): a `no-cors` fetch and HTML forms need no preflight, so only the server
 * can stop them. Chromium reaches the page's own server as `evil.test` (mapped to 127.0.0.1),
 * so the page is of another site while the mock still sees a loopback socket and Host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { createMock, type Mock } from '../../../src/app.ts';
import { launchBrowser } from '../../helpers/browser.ts';

interface Seen {
  method: string;
  path: string;
  origin: string | null;
  site: string | null;
  dest: string | null;
  status: number;
}

/** The mock on loopback, noting what reached it from the browser and what it answered. */
async function serveNoting(mock: Mock): Promise<{ server: ServerType; origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: async (req: Request, env: unknown) => {
          const res = await mock.app.fetch(req, env as never);
          const h = req.headers;
          seen.push({ method: req.method, path: new URL(req.url).pathname, origin: h.get('origin'), site: h.get('sec-fetch-site'), dest: h.get('sec-fetch-dest'), status: res.status });
          return res;
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => resolve({ server, origin: `http://127.0.0.1:${info.port}`, seen }),
    );
  });
}

/** The other site: one page with a no-cors fetch, two forms and a frame aimed at the mock. */
function evilPage(mockOrigin: string): string {
  return `<!doctype html><title>Another site</title>
<form id="load" method="post" action="${mockOrigin}/__admin/scenarios/empty" target="sink" enctype="text/plain">
  <input name="x" value="y"></form>
<form id="reset" method="post" action="${mockOrigin}/__admin/reset" target="sink"></form>
<iframe name="sink"></iframe>
<script>
  window.tryFetch = () => fetch('${mockOrigin}/__admin/reset', { method: 'POST', mode: 'no-cors', body: '{}' })
    .then((r) => r.type, (e) => 'failed: ' + e.message);
</script>`;
}

describe('the admin API against a page of another site, in Chromium', () => {
  let mock: Mock;
  let served: Awaited<ReturnType<typeof serveNoting>>;
  let site: Server;
  let siteOrigin: string;
  let browser: Browser;

  beforeAll(async () => {
    mock = createMock({ scenario: 'starter', wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
    served = await serveNoting(mock);
    site = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.url === '/frame' ? `<iframe id="console" src="${served.origin}/__admin/ui"></iframe>` : evilPage(served.origin));
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://evil.test:${(site.address() as AddressInfo).port}`;
    browser = await launchBrowser(['--host-resolver-rules=MAP evil.test 127.0.0.1']);
  });

  afterAll(async () => {
    await browser?.close();
    served?.server.close();
    site?.close();
  });

  it('changes nothing for a no-cors fetch and form posts to reset and load, and the console on loopback still works', async () => {
    // A state that a reset or a load would visibly undo: the clock three days on.
    await mock.fetch('http://localhost/__admin/clock', { method: 'POST', body: JSON.stringify({ advance: 'P3D' }) });
    const before = { now: mock.runtime.clock.iso(), scenario: mock.runtime.scenarioName, state: JSON.stringify(mock.runtime.exportState()) };

    const page = await browser.newPage();
    await page.goto(`${siteOrigin}/`);
    expect(await page.evaluate(() => (window as unknown as { tryFetch(): Promise<string> }).tryFetch())).toBe('opaque');
    for (const form of ['load', 'reset']) {
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().startsWith(served.origin));
      await page.evaluate((id) => (document.getElementById(id) as HTMLFormElement).submit(), form);
      expect((await answered).status()).toBe(403);
    }

    // Every one reached the mock from the other site and was refused before anything changed.
    const posts = served.seen.filter((s) => s.method === 'POST');
    expect(posts.map((s) => [s.path, s.origin, s.site, s.status])).toEqual([
      ['/__admin/reset', siteOrigin, 'cross-site', 403],
      ['/__admin/scenarios/empty', siteOrigin, 'cross-site', 403],
      ['/__admin/reset', siteOrigin, 'cross-site', 403],
    ]);
    expect(mock.runtime.scenarioName).toBe(before.scenario);
    expect(mock.runtime.clock.iso()).toBe(before.now);
    expect(JSON.stringify(mock.runtime.exportState())).toBe(before.state);

    // Nor can the other site lay the console inside its own page.
    served.seen.length = 0;
    await page.goto(`${siteOrigin}/frame`);
    await expect.poll(() => served.seen.find((s) => s.path === '/__admin/ui')?.status).toBe(403);
    expect(served.seen.find((s) => s.path === '/__admin/ui')?.dest).toBe('iframe');

    // The console, opened on loopback, drives the same server.
    const console = await browser.newPage();
    await console.goto(`${served.origin}/__admin/ui`);
    await console.getByRole('button', { name: 'Load trash' }).click();
    await expect.poll(() => console.locator('#current-scenario').textContent()).toBe('trash');
    expect(mock.runtime.scenarioName).toBe('trash');
  }, 60_000);
});
