/** A scenario may pin ids (what `gitbook-mock record` writes keeps the upstream's ids). */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock } from '../../../src/app.ts';

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

  it('pins what a recording needs to answer byte for byte: revisions, numbers, files, teams, replies, sections, site spaces, page and change-request times', async () => {
    const full = {
      ...recorded,
      users: [...recorded.users, { key: 'bob', id: 'upstreamUser2' }],
      organizations: [{ ...recorded.organizations[0], members: [{ user: 'ann', role: 'admin' }, { user: 'bob', role: 'edit' }] }],
      teams: [{ key: 'crew', id: 'upstreamTeam1', organization: 'org', title: 'Crew', members: [{ user: 'bob' }] }],
      spaces: [{
        ...recorded.spaces[0], revision: 'upstreamRev1',
        pages: [{ key: 'intro', id: 'upstreamPage1', title: 'Intro', markdown: '# Intro\n', createdAt: '2025-01-02T03:04:05.000Z', updatedAt: '2025-02-03T04:05:06.000Z' }],
        files: [{ key: 'logo', id: 'upstreamFile1', name: 'logo.png' }],
      }],
      changeRequests: [{ key: 'cr', id: 'upstreamCr1', space: 'docs', number: 7, revision: 'upstreamRev2', createdBy: 'bob', createdAt: '2025-03-01T00:00:00.000Z', updatedAt: '2025-03-02T00:00:00.000Z' }],
      comments: [{ key: 'c', id: 'upstreamComment1', space: 'docs', author: 'bob', body: 'Hi', replies: [{ id: 'upstreamReply1', author: 'ann', body: 'Hello' }] }],
      sites: [{ key: 'site', id: 'upstreamSite1', organization: 'org', title: 'Site', sections: [{ key: 'sec', id: 'upstreamSection1', title: 'Docs', siteSpaces: [{ key: 'ss', id: 'upstreamSiteSpace1', space: 'docs' }] }] }],
    };
    const mock = createMock({ scenario: 'full', scenariosDirs: [dirWith('full', full)] });
    const { ids, tokens } = mock.runtime.manifest;
    expect(ids).toMatchObject({ teams: { crew: 'upstreamTeam1' }, files: { logo: 'upstreamFile1' }, siteSections: { sec: 'upstreamSection1' }, siteSpaces: { ss: 'upstreamSiteSpace1' } });
    const get = async (path: string) => (await mock.fetch(new Request(`http://mock.local/v1${path}`, { headers: { authorization: `Bearer ${tokens.ann}` } }))).json();
    expect(await get('/spaces/upstreamSpace1')).toMatchObject({ revision: 'upstreamRev1' });
    expect((await get('/spaces/upstreamSpace1/content')).pages[0]).toMatchObject({ id: 'upstreamPage1', createdAt: '2025-01-02T03:04:05.000Z', updatedAt: '2025-02-03T04:05:06.000Z' });
    expect((await get('/spaces/upstreamSpace1/content')).files[0].id).toBe('upstreamFile1');
    expect((await get('/spaces/upstreamSpace1/change-requests')).items[0]).toMatchObject({
      id: 'upstreamCr1', number: 7, revision: 'upstreamRev2', revisionInitial: 'upstreamRev1', updatedAt: '2025-03-02T00:00:00.000Z',
    });
    expect((await get('/spaces/upstreamSpace1/comments/upstreamComment1/replies')).items[0].id).toBe('upstreamReply1');
    expect((await get('/orgs/upstreamOrg1/teams')).items[0].id).toBe('upstreamTeam1');
  });

  it('a revision id or a change request number taken twice is refused naming the field', () => {
    const base = { ...recorded, spaces: [{ ...recorded.spaces[0], revision: 'rev1' }] };
    const revTwice = { ...base, changeRequests: [{ key: 'cr', space: 'docs', createdBy: 'ann', revision: 'rev1' }] };
    expect(() => createMock({ scenario: 'revtwice', scenariosDirs: [dirWith('revtwice', revTwice)] })).toThrow(/changeRequests\[0\]\.revision.*already used/);
    const numberTwice = { ...base, changeRequests: [{ key: 'a', space: 'docs', createdBy: 'ann', number: 2 }, { key: 'b', space: 'docs', createdBy: 'ann', number: 2 }] };
    expect(() => createMock({ scenario: 'numtwice', scenariosDirs: [dirWith('numtwice', numberTwice)] })).toThrow(/changeRequests\[1\]\.number.*already taken/);
  });
});
