/** A scenario may pin ids (what `gitbook-mock record` writes keeps the upstream's ids). */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock } from '../../src/app.ts';

function dirWith(name: string, body: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'pinned-'));
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(body));
  return dir;
}

const recorded = {
  description: 'pinned ids',
  users: [{ key: 'ann', id: 'upstreamUser1', token: 'gb_api_test_ann' }],
  organizations: [{ key: 'org', id: 'upstreamOrg1', title: 'Upstream', members: [{ user: 'ann', role: 'admin' }] }],
  spaces: [{ key: 'docs', id: 'upstreamSpace1', organization: 'org', title: 'Docs', pages: [{ key: 'intro', id: 'upstreamPage1', title: 'Intro' }] }],
};

describe('pinned ids', () => {
  it('the manifest and the API answer the pinned ids', async () => {
    const mock = createMock({ scenario: 'recorded', scenariosDirs: [dirWith('recorded', recorded)] });
    const { ids, tokens } = mock.runtime.manifest;
    expect(ids.organizations.org).toBe('upstreamOrg1');
    expect(ids.spaces.docs).toBe('upstreamSpace1');
    expect(ids.pages.intro).toBe('upstreamPage1');
    const res = await mock.fetch(new Request('http://mock.local/v1/spaces/upstreamSpace1', { headers: { authorization: `Bearer ${tokens.ann}` } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 'upstreamSpace1', organization: 'upstreamOrg1' });
  });

  it('an id taken twice in a collection, or not an id, is refused naming the field', () => {
    const twice = { ...recorded, spaces: [...recorded.spaces, { key: 'other', id: 'upstreamSpace1', organization: 'org', title: 'Other' }] };
    expect(() => createMock({ scenario: 'twice', scenariosDirs: [dirWith('twice', twice)] })).toThrow(/spaces\[1\]\.id.*already used/);
    const bad = { ...recorded, users: [{ key: 'ann', id: 'no spaces/here', token: 'gb_api_test_ann' }] };
    expect(() => createMock({ scenario: 'bad', scenariosDirs: [dirWith('bad', bad)] })).toThrow(/id/);
  });
});
