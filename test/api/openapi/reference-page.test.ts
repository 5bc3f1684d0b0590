/**
 * GET /__admin/docs (issue 44): the reference page is written by the mock itself, with no
 * script and nothing loaded from anywhere (Swagger UI's package ran a telemetry postinstall for
 * everyone who installed the mock), and it shows every operation of the document.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';

const gb = useGitBookMock();

describe('GET /__admin/docs', () => {
  it('is one page: no script, no file of another host or package', async () => {
    const res = await gb.fetch('/__admin/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|<link|src=|https?:/i);
    const links = new Set([...html.matchAll(/href="([^"#][^"]*)"/g)].map((m) => m[1]));
    expect([...links]).toEqual(['/__admin/openapi.json']);
  });

  it('shows every operation of the document, with its method and path', async () => {
    const doc = (await (await gb.fetch('/__admin/openapi.json')).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const html = await (await gb.fetch('/__admin/docs')).text();
    const shown = [...html.matchAll(/<span class="method (\w+)">\w+<\/span> <span class="path">([^<]+)<\/span><span class="operation-id">([^<]+)</g)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    const expected = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => `${method} ${path.replace(/&/g, '&#38;')} ${op.operationId}`));
    expect(shown.sort()).toEqual(expected.sort());
  });

  it('links each schema an answer names to its place on the page', async () => {
    const html = await (await gb.fetch('/__admin/docs')).text();
    const targets = new Set([...html.matchAll(/href="#schema-([^"]+)"/g)].map((m) => m[1]));
    expect(targets.size).toBeGreaterThan(10);
    for (const name of targets) expect(html, name).toContain(`id="schema-${name}"`);
  });

  it('serves no Swagger UI files any more', async () => {
    expect((await gb.fetch('/__admin/docs/swagger-ui-bundle.js')).status).toBe(404);
  });
});
