/**
 * Issue 29, in real Chromium: a page bundled here (test/system/msw/page/main.ts, with gitbook-mock/msw
 * from dist/) registers MSW's worker, served from the page's origin on 127.0.0.1, and uses the
 * official client against https://api.gitbook.com: it lists spaces, posts a comment and finds
 * it in the list, moves the clock and sees a trashed space expire. The page is served with
 * `script-src 'self'` (no eval). Nothing may leave the page for the network: every request
 * that is not to the page's own origin is recorded and aborted, host names resolve nowhere,
 * and MSW's worker errs on a request its handlers do not answer.
 *
 * `GITBOOK_MOCK_SCREENSHOT=docs/msw-in-chromium.png npx vitest run test/system/msw/browser.test.ts`
 * writes the screenshot of the README.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser.ts';
import { bundlePage, servePage, type PageResult, type ServedPage } from '../../helpers/msw-page.ts';

describe('gitbook-mock/msw in Chromium, behind a strict Content-Security-Policy', () => {
  let browser: Browser;
  let served: ServedPage;

  beforeAll(async () => {
    served = await servePage(await bundlePage());
    // Any host name but loopback resolves nowhere: a request that got past the checks below fails.
    browser = await launchBrowser(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it('answers the official client from the worker, and nothing leaves the page', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 520 } });
    const left: string[] = [];
    const answered: string[] = [];
    // Every request of the page and of its worker that reaches the network layer: the page's own files go on, anything else is a leak.
    await context.route('**/*', (route) => {
      const request = route.request();
      if (request.url().startsWith(`${served.origin}/`)) return route.continue();
      left.push(`${request.method()} ${request.url()}`);
      return route.abort();
    });
    context.on('response', (response) => {
      const url = response.url();
      if (url.startsWith(served.origin)) return;
      if (response.fromServiceWorker()) answered.push(url);
      else left.push(`${response.request().method()} ${url} (answered from the network)`);
    });
    context.on('requestfailed', (request) => {
      if (!request.url().startsWith(served.origin)) left.push(`${request.method()} ${request.url()} (failed: ${request.failure()?.errorText})`);
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const csp = (await page.goto(served.origin))!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    await page.waitForFunction(() => document.getElementById('result')?.textContent, undefined, { timeout: 30_000 });
    const result = JSON.parse((await page.textContent('#result'))!) as PageResult;
    expect(result.error).toBeUndefined();

    expect(result.spaces).toEqual(expect.arrayContaining(['Employee Handbook']));
    expect(result.comment.listed).toBe(true);
    expect(result.trashed).toMatchObject({ before: 200, after: 404 });
    // The policy is in force (the inline script and eval were refused), and the mock needed neither.
    expect(await page.title()).toBe('gitbook-mock/msw in a browser page');
    expect(result.evalBlocked).toBe(true);
    expect(result.violations).toEqual([]);
    expect(errors).toEqual([]);

    expect(answered.length).toBeGreaterThan(5);
    expect(answered.every((url) => url.startsWith('https://api.gitbook.com/v1/') || url === 'https://api.gitbook.com/__floor')).toBe(true);
    expect(left).toEqual([]);

    const screenshot = process.env.GITBOOK_MOCK_SCREENSHOT;
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    await context.close();
  }, 60_000);
});
