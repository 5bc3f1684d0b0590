/**
 * The files the admin surface serves beside its pages, as rows (issue 25): the console's
 * scripts and style sheet (`GET /__admin/ui/{file}`).
 * Each answers the bytes of its file with its content type and Cache-Control; a name the row
 * does not hold is a 404 as for a path no route serves.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { CONSOLE_SCRIPTS } from '../../../src/admin/ui/files.ts';

const gb = useGitBookMock();

const consoleAsset = (name: string) => readFileSync(new URL(`../../../src/admin/ui/assets/${name}`, import.meta.url));

async function fetched(path: string, init?: RequestInit) {
  const res = await gb.fetch(path, init);
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('the admin surface’s files', () => {
  it('serve the console’s scripts and style sheet, not cached without asking', async () => {
    const files: [string, string][] = [...CONSOLE_SCRIPTS.map((name): [string, string] => [name, 'text/javascript; charset=utf-8']), ['console.css', 'text/css; charset=utf-8']];
    for (const [name, type] of files) {
      const got = await fetched(`/__admin/ui/${name}`);
      expect({ name, status: got.status, type: got.type, cache: got.cache }).toEqual({ name, status: 200, type, cache: 'no-cache' });
      expect(got.bytes.equals(consoleAsset(name)), name).toBe(true);
    }
  });

  it('answer a name they do not hold as a path no route serves: 404, never a 500 (an object key was one)', async () => {
    for (const path of ['/__admin/ui/nope.js', '/__admin/ui/page.tsx', '/__admin/docs/package.json', '/__admin/docs/index.html', '/__admin/docs/constructor', '/__admin/docs/__proto__', '/__admin/ui/toString']) {
      const res = await gb.fetch(path);
      expect(`${path} ${res.status}`).toBe(`${path} 404`);
      expect(await res.json()).toEqual({ error: { code: 404, message: `No route for GET ${path}` } });
    }
    // Only GET (and HEAD) is served: another method is the gate's and then no route's, as before.
    const post = await gb.fetch('/__admin/ui/console.js', { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('are rows of the mock’s OpenAPI document, with a {file} parameter and the content types they answer', async () => {
    const doc = await (await gb.fetch('/__admin/openapi.json')).json();
    const consoleFiles = doc.paths['/__admin/ui/{file}'].get;
    expect(consoleFiles.operationId).toBe('adminGetConsoleFile');
    expect(consoleFiles.parameters).toEqual([{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(Object.keys(consoleFiles.responses['200'].content)).toEqual(['text/javascript', 'text/css']);
  });
});
