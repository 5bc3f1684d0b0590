/**
 * Start-up stays fast because ajv and faker load only when needed (docs/benchmarks.md). Not a
 * timing: in a fresh process, building the default mock must load neither, and the first
 * validated request loads ajv.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const PROBE = `import { createRequire } from 'node:module';
const { createMock } = await import('./dist/index.js');
const loaded = () => Object.keys(createRequire(import.meta.url).cache).join('\\n');
const out = {};
const mock = createMock();
out.afterCreate = { ajv: /node_modules\\/ajv\\//.test(loaded()), faker: /@faker-js/.test(loaded()) };
const { tokens, ids } = mock.runtime.manifest;
const res = await mock.fetch('http://mock.local/v1/spaces/' + ids.spaces.handbook + '/comments', {
  method: 'POST', headers: { authorization: 'Bearer ' + tokens.commenter, 'content-type': 'application/json' },
  body: JSON.stringify({ body: { markdown: 'hello' } }),
});
out.status = res.status;
out.afterRequest = { ajv: /node_modules\\/ajv\\//.test(loaded()) };
process.stdout.write(JSON.stringify(out));`;

describe('lazy loading at start', () => {
  it('builds the default mock without ajv or faker; the first validated request loads ajv', () => {
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 }));
    expect(out.afterCreate).toEqual({ ajv: false, faker: false });
    expect(out.status).toBeLessThan(300);
    expect(out.afterRequest).toEqual({ ajv: true });
  });
});
