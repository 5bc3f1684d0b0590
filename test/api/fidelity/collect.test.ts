/**
 * What record makes of the answers it saw (in-process: the upstream is a mock's fetch): filler
 * for personal data, the caller's role when the member list was not read, replies as read,
 * and a scenario that loads whatever subset of reads it came from.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock } from '../../../src/app.ts';
import { Collector } from '../../../src/fidelity/collect.ts';
import { recordingProxy, writeRecording } from '../../../src/fidelity/record.ts';

const upstream = createMock({ scenario: 'starter', seed: 7 });
const { tokens, ids } = upstream.runtime.manifest;
const upstreamFetch = (async (url: string | URL | Request, init?: RequestInit) => upstream.fetch(new Request(url, init))) as typeof fetch;

/** Reads `paths` through a recording proxy and writes the recording; returns the scenario, manifest and the loaded mock. */
async function record(paths: string[], anonymize = false) {
  const collector = new Collector();
  const proxy = recordingProxy({ upstream: 'http://upstream.test', token: tokens.admin }, collector, upstreamFetch);
  for (const path of ['/v1/user', ...paths]) expect((await proxy(new Request(`http://record.test${path}`))).status, path).toBe(200);
  const dir = mkdtempSync(join(tmpdir(), 'collect-'));
  const out = join(dir, 'seen.json');
  expect(await writeRecording(collector, { upstream: 'http://upstream.test', out, anonymize })).toBeNull();
  const manifest = JSON.parse(readFileSync(join(dir, 'seen.manifest.json'), 'utf8'));
  const mock = createMock({ scenariosDirs: [dir], scenario: 'seen' });
  const get = async (path: string) => {
    const token = mock.runtime.manifest.tokens[manifest.caller];
    const res = await mock.fetch(new Request(`http://mock.local${path}`, { headers: { authorization: `Bearer ${token}` } }));
    return { status: res.status, body: await res.json() };
  };
  return { text: readFileSync(out, 'utf8'), manifest, get };
}

const org = ids.organizations.acme;
const space = ids.spaces.handbook;

describe('Collector', () => {
  it('--anonymize: no name, email or photo of the upstream in the file, users as User N', async () => {
    const { text, manifest, get } = await record([`/v1/orgs/${org}/members`, `/v1/spaces/${space}`, `/v1/spaces/${space}/comments`], true);
    for (const personal of ['Ada Lovelace', 'ada@acme.test', 'Eli Brooks', 'avatars.gitbook-mock.local', 'lovelace']) expect(text).not.toContain(personal);
    expect(manifest.caller).toBe('user-1');
    expect((await get('/v1/user')).body).toMatchObject({ id: ids.users.admin, displayName: 'User 1', email: 'user1@example.com' });
  });

  it('without the member list, the caller gets the role the organization\'s permissions show (else its spaces\')', async () => {
    const { get } = await record([`/v1/orgs/${org}`, `/v1/spaces/${space}`]);
    expect((await get(`/v1/orgs/${org}`)).body.permissions.admin).toBe(true);
    expect((await get(`/v1/spaces/${space}`)).status).toBe(200);
    const spaceOnly = await record([`/v1/spaces/${space}`]);
    expect((await spaceOnly.get(`/v1/spaces/${space}`)).body.permissions.admin).toBe(true);
  });

  it('comments without the content read load without their page; replies read keep their ids and texts', async () => {
    const comment = ids.comments['welcome-question'];
    const { get } = await record([`/v1/spaces/${space}`, `/v1/spaces/${space}/comments`, `/v1/spaces/${space}/comments/${comment}/replies`]);
    const upstreamReplies = await (await upstream.fetch(new Request(`http://x/v1/spaces/${space}/comments/${comment}/replies`, { headers: { authorization: `Bearer ${tokens.admin}` } }))).json();
    const replies = await get(`/v1/spaces/${space}/comments/${comment}/replies`);
    expect(replies.body.items.map((r: { id: string; body: unknown }) => [r.id, r.body])).toEqual(upstreamReplies.items.map((r: { id: string; body: unknown }) => [r.id, r.body]));
    const listed = await get(`/v1/spaces/${space}/comments`);
    expect(listed.body.items.find((c: { id: string }) => c.id === comment).target.page).toBeUndefined();
  });

  it('replies not read are rebuilt from the repliers, without their text', async () => {
    const comment = ids.comments['welcome-question'];
    const { get } = await record([`/v1/spaces/${space}`, `/v1/spaces/${space}/comments`]);
    const replies = (await get(`/v1/spaces/${space}/comments/${comment}/replies`)).body.items;
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ postedBy: { id: ids.users.editor }, body: { markdown: '(reply not recorded)' } });
  });

  it('values the scenario format would refuse are cut to fit or left out, so the recording loads; guests stay members', async () => {
    const c = new Collector();
    c.add('/v1/user', { object: 'user', id: 'u1', displayName: 'Una' }, true);
    c.add('/v1/orgs/o1', { object: 'organization', id: 'o1', title: 'Org', hostname: 'Not A Host!', permissions: { admin: true } });
    c.add('/v1/spaces/s1', { object: 'space', id: 's1', organization: 'o1', title: 'x'.repeat(80), visibility: 'galaxy', revision: 'r1' });
    c.add('/v1/spaces/s1/content', { object: 'revision', id: 'r1', pages: [{ id: 'p1', title: 'Long', type: 'document', markdown: 'y'.repeat(150_000) }] });
    c.add('/v1/orgs/o1/sites', { items: [{ object: 'site', id: 'site1', title: 'Site', basename: 'b'.repeat(300) }] });
    c.add('/v1/orgs/o1/members', { items: [{ object: 'member', id: 'g1', role: null, user: { object: 'user', id: 'g1', displayName: 'Gia Guest' }, joinedAt: '2025-01-01T00:00:00.000Z' }] });
    const dir = mkdtempSync(join(tmpdir(), 'collect-'));
    expect(await writeRecording(c, { upstream: 'http://upstream.test', out: join(dir, 'odd.json'), anonymize: false })).toBeNull();
    const mock = createMock({ scenariosDirs: [dir], scenario: 'odd' });
    const token = mock.runtime.manifest.tokens.una;
    const get = async (path: string) => (await mock.fetch(new Request(`http://mock.local${path}`, { headers: { authorization: `Bearer ${token}` } }))).json();
    expect(await get('/v1/spaces/s1')).toMatchObject({ title: 'x'.repeat(50), visibility: 'private', revision: 'r1' });
    expect((await get('/v1/spaces/s1/content/page/p1')).markdown).toHaveLength(100_000);
    expect((await get('/v1/orgs/o1/sites')).items[0].basename).toHaveLength(100);
    // A guest (role null) stays a member; the caller, not in the list read, is an admin by the organization's permissions.
    expect((await get('/v1/orgs/o1/members')).items.map((m: { id: string; role: string | null }) => [m.id, m.role])).toEqual(
      expect.arrayContaining([['g1', null], ['u1', 'admin']]),
    );
  });

  it('a merged change request brings the space to the upstream\'s merge revision, with the same ids and times', async () => {
    const review = createMock({ scenario: 'review', seed: 7 });
    const cr = review.runtime.manifest.ids.changeRequests['cr-merged'];
    const reviewFetch = (async (url: string | URL | Request, init?: RequestInit) => review.fetch(new Request(url, init))) as typeof fetch;
    const c = new Collector();
    const proxy = recordingProxy({ upstream: 'http://upstream.test', token: review.runtime.manifest.tokens.admin }, c, reviewFetch);
    const apiDocs = review.runtime.manifest.ids.spaces['api-docs'];
    const paths = ['/v1/user', `/v1/orgs/${org}/members`, `/v1/spaces/${apiDocs}`, `/v1/spaces/${apiDocs}/content`, `/v1/spaces/${apiDocs}/change-requests?status=merged`];
    const seen: Record<string, string> = {};
    for (const path of paths) seen[path] = await (await proxy(new Request(`http://record.test${path}`))).text();
    expect(JSON.parse(seen[paths[4]]).items[0]).toMatchObject({ id: cr, status: 'merged', revisionMerged: JSON.parse(seen[paths[2]]).revision });
    const dir = mkdtempSync(join(tmpdir(), 'collect-'));
    expect(await writeRecording(c, { upstream: 'http://upstream.test', out: join(dir, 'merged.json'), anonymize: false })).toBeNull();
    const mock = createMock({ scenariosDirs: [dir], scenario: 'merged' });
    const token = Object.values(mock.runtime.manifest.tokens)[0];
    const read = async (path: string) => (await mock.fetch(new Request(`http://upstream.test${path}`, { headers: { authorization: `Bearer ${token}` } }))).text();
    // The space's counts need its other change requests, not read here; its revision is the merge's.
    expect(JSON.parse(await read(paths[2])).revision).toBe(JSON.parse(seen[paths[2]]).revision);
    expect(await read(paths[4])).toBe(seen[paths[4]]);
    // The content, but for the computed OpenAPI page's documentId (docs/fidelity.md: recorded as a plain page).
    const content = (text: string) => {
      const body = JSON.parse(text);
      delete body.pages.find((p: { title: string }) => p.title === 'API reference').documentId;
      return body;
    };
    expect(content(await read(paths[3]))).toEqual(content(seen[paths[3]]));
  });
});
