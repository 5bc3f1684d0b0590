/**
 * GET /__admin/docs: Swagger UI's standalone build, served from node_modules. The page and
 * its files come from this server alone; in a real headless Chromium it renders every
 * operation of the document without a request to any other host.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { launchBrowser, serveMock } from '../../helpers/browser.ts';
import { fileRows, routedOperations as operations } from '../../../src/resources/index.ts';
import { adminOperations } from '../../../src/openapi/admin-operations.ts';

const gb = useGitBookMock();

describe('GET /__admin/docs', () => {
  it('serves a page whose script and style sheet are this server’s own', async () => {
    const page = await gb.fetch('/__admin/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:|\/\/[a-z]/i);
    const linked = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual(['/__admin/docs/swagger-ui-bundle.js', '/__admin/docs/swagger-ui.css']);
    const script = await gb.fetch('/__admin/docs/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('SwaggerUIBundle');
    const style = await gb.fetch('/__admin/docs/swagger-ui.css');
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    expect((await gb.fetch('/__admin/docs/package.json')).status).toBe(404);
    expect((await gb.fetch('/__admin/docs/..%2Fpackage.json')).status).toBe(404);
  });

  it('renders every operation in a browser, asking nothing of another host', async () => {
    const served = await serveMock();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(`${served.origin}/__admin/docs`);
      const expected = [...operations, ...adminOperations, ...fileRows].map((op) => op.operationId).sort();
      await page.locator('.opblock').first().waitFor({ timeout: 45_000 });
      // Past about 150 rows Swagger UI renders only the operations near the viewport, so the
      // reader scrolls the page from top to bottom and notes every operation that shows.
      const seen = new Set<string>();
      const settle = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      // Under load a row may render after the frame we looked at: pass over the page again
      // (up to three times) until every operation has shown.
      for (let pass = 0; pass < 3 && seen.size < expected.length; pass++) {
        for (let top = 0; ; top += 400) {
          await page.evaluate((y) => window.scrollTo(0, y), top);
          await settle();
          for (const id of await page.locator('.opblock-summary-operation-id').allInnerTexts()) seen.add(id.trim());
          const bottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight);
          if (bottom) break;
        }
      }
      expect([...seen].sort()).toEqual(expected);
      expect(requested.filter((url) => !url.startsWith(`${served.origin}/`) && !url.startsWith('data:'))).toEqual([]);
    } finally {
      await browser.close();
      await served.close();
    }
  }, 90_000);
});
