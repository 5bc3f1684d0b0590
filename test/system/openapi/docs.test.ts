/**
 * GET /__admin/docs: the mock's own reference page, written on the server (no script). In a
 * real headless Chromium it shows every operation of the document without a request to any
 * other host.
 */
import { describe, expect, it } from 'vitest';
import { launchBrowser, serveMock } from '../../helpers/browser.ts';
import { fileRows, routedOperations as operations } from '../../../src/resources/index.ts';
import { adminOperations } from '../../../src/openapi/admin-operations.ts';

describe('GET /__admin/docs', () => {
  it('renders every operation in a browser, asking nothing of another host', async () => {
    const served = await serveMock();
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      await page.goto(`${served.origin}/__admin/docs`);
      const expected = [...operations, ...adminOperations, ...fileRows].map((op) => op.operationId).sort();
      const seen = new Set((await page.locator('.operation-id').allInnerTexts()).map((id) => id.trim()));
      expect([...seen].sort()).toEqual(expected);
      expect(requested.filter((url) => !url.startsWith(`${served.origin}/`) && !url.startsWith('data:'))).toEqual([]);
    } finally {
      await browser.close();
      await served.close();
    }
  }, 90_000);
});
