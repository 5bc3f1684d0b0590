/** GET /__admin/scenarios lists a user's scenario that cannot load, with the error loading it gives. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useGitBookMock } from '../../../src/vitest/index.ts';

const good = { description: 'fine', users: [{ key: 'u1' }], organizations: [{ key: 'o1', members: [{ user: 'u1', role: 'admin' }] }] };
const files: Record<string, string> = {
  good: JSON.stringify(good),
  'bad-field': JSON.stringify({ ...good, description: 'has a colour', colour: 'red' }),
  'bad-json': '{ "description": ',
  'bad-parent': JSON.stringify({ description: 'extends nothing known', extends: 'nowhere' }),
};

describe('GET /__admin/scenarios', () => {
  const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, `${name}.json`), text);
  const gb = useGitBookMock({ scenariosDirs: [dir] });
  /** An admin API call in process (loopback needs no token): status and parsed body. */
  const admin = async (method: string, path: string) => {
    const res = await gb.fetch(path, { method });
    return { status: res.status, body: await res.json() };
  };

  it('lists every file, with an error only for those that cannot load, as loading says', async () => {
    const { status, body } = await admin('GET', '/__admin/scenarios');
    expect(status).toBe(200);
    const byName = new Map<string, { name: string; description: string; error?: string }>(body.items.map((s: { name: string }) => [s.name, s]));
    expect(byName.get('good')).toEqual({ name: 'good', description: 'fine' });
    expect(byName.get('starter')).toEqual({ name: 'starter', description: expect.any(String) });
    expect(byName.get('bad-field')).toMatchObject({ description: 'has a colour', error: expect.stringContaining('scenario.colour is not a known field') });
    expect(byName.get('bad-json')?.error).toMatch(/not valid JSON/);
    expect(byName.get('bad-parent')?.error).toMatch(/Unknown scenario "nowhere"/);
    for (const name of ['bad-field', 'bad-parent']) {
      const load = await admin('POST', `/__admin/scenarios/${name}`);
      // A file that extends an unknown scenario is a bad file (400), not an unknown name (issue 44).
      expect(load.status).toBe(400);
      expect(byName.get(name)!.error).toBe(load.body.error.message);
    }
  });
});
