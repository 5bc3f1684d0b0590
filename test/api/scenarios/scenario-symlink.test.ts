/** A symlinked scenario file never shows its target's text in an error. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock } from '../../../src/app.ts';

describe('symlinked scenario files', () => {
  it('answer "not valid JSON" without the start of the target', async () => {
    const root = mkdtempSync(join(tmpdir(), 'gitbook-mock-link-'));
    const secret = join(root, 'secret.txt');
    writeFileSync(secret, 'TOPSECRET-private-key-material\n');
    const dir = join(root, 'scenarios');
    mkdirSync(dir);
    symlinkSync(secret, join(dir, 'leak.json'));
    const mock = createMock({ scenario: 'empty', scenariosDirs: [dir] });
    const load = await mock.fetch('http://localhost/__admin/scenarios/leak', { method: 'POST' });
    const text = await load.text();
    expect(load.status).toBe(400);
    expect(text).toContain('not valid JSON');
    expect(text).not.toMatch(/TOPSECRET|private-key/);
    const list = await (await mock.fetch('http://localhost/__admin/scenarios')).text();
    expect(list).toContain('not valid JSON');
    expect(list).not.toMatch(/TOPSECRET|private-key/);
  });
});
