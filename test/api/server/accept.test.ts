/**
 * The mock accepts what the real service accepts: unknown body fields are ignored (and never
 * stored), and fields the official document types as plain strings take any string.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SITES = '/v1/orgs/{organizations.acme}/sites';

async function state(t: Calls): Promise<string> {
  return JSON.stringify((await t.admin('GET', '/__admin/state')).body);
}

describe('unknown body fields', () => {
  it.each([
    ['a site section with a description', 'POST', `${SITES}/{sites.docs-site}/sections`, { spaceId: '{spaces.api-docs}', title: 'API', description: 'Zz-unknown' }, 201],
    ['a site', 'POST', SITES, { title: 'Zz site', unknownField: 'Zz-unknown' }, 201],
    ['a space update', 'PATCH', '/v1/spaces/{spaces.handbook}', { title: 'Renamed', visibility: 'Zz-unknown' }, 200],
    ['an organization update', 'PATCH', '/v1/orgs/{organizations.acme}', { colour: 'Zz-unknown' }, 200],
    ['a comment', 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'hi' }, extra: 'Zz-unknown' }, 200],
    ['a space move', 'POST', '/v1/spaces/{spaces.handbook}/move', { where: 'Zz-unknown' }, 200],
    ['a Git import', 'POST', '/v1/spaces/{spaces.handbook}/git/import', { url: 'https://github.com/acme/handbook', ref: 'refs/heads/main', extra: 'Zz-unknown' }, 204],
  ])('accepts %s and drops the unknown field', async (_name, method, path, body, status) => {
    const withIds = JSON.parse(t.path(JSON.stringify(body)).replace(/%2F/g, '/'));
    const res = await t.call('admin', method, path, withIds);
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body ?? '')).not.toContain('Zz-unknown');
    expect(await state(t)).not.toContain('Zz-unknown');
  });

  it('drops unknown fields nested in known objects', async () => {
    const res = await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/comments', {
      body: { markdown: 'on a cell' },
      tableCell: { record: 'r', definition: 'd', colour: 'Zz-unknown' },
    });
    expect(res.status).toBe(200);
    expect(await state(t)).not.toContain('Zz-unknown');
  });

  it('still names a required field that is missing, and changes nothing', async () => {
    const before = await state(t);
    const res = await t.call('admin', 'POST', `${SITES}/{sites.docs-site}/sections`, { title: 'API', description: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('body.spaceId is required');
    expect(await state(t)).toBe(before);
  });
});

describe('Git fields typed as plain strings', () => {
  const G = '/v1/spaces/{spaces.handbook}/git';

  it('imports a pull-request ref as a standalone revision, leaving the primary content alone', async () => {
    const space = () => gb.mock!.runtime.db.spaces.get(gb.id('spaces', 'handbook'))!;
    const before = space().revision;
    const res = await t.call('editor', 'POST', `${G}/import`, {
      url: 'https://x-access-token:ghs_secret@github.com/acme/handbook.git',
      ref: 'refs/pull/42/head',
      repoProjectDirectory: 'docs',
      repoTreeURL: 'https://github.com/acme/handbook/blob/abc123/',
      repoCommitURL: 'https://github.com/acme/handbook/commit/',
      standalone: true,
      force: true,
    });
    expect(res.status).toBe(204);
    expect(space().revision).toBe(before);
    const made = gb.mock!.runtime.db.revisions.list().find((r) => r.git?.ref === 'refs/pull/42/head');
    expect(made?.git?.url).toMatch(/^https:\/\/github\.com\/acme\/handbook\/commit\/[0-9a-f]{40}$/);
    expect(await state(t)).not.toContain('ghs_secret');
  });

  it.each([
    ['an SSH remote', { url: 'git@gitlab.com:acme/handbook.git', ref: 'refs/heads/main' }],
    ['a tag', { url: 'https://github.com/acme/handbook', ref: 'refs/tags/v1.0' }],
    ['a bare branch name', { url: 'https://github.com/acme/handbook', ref: 'main' }],
    ['a relative commit URL prefix', { url: 'https://github.com/acme/handbook', ref: 'refs/heads/main', repoCommitURL: '/commit/' }],
  ])('accepts %s', async (_name, body) => {
    expect((await t.call('editor', 'POST', `${G}/import`, body)).status).toBe(204);
    expect((await t.call('editor', 'POST', `${G}/export`, { ...body, commitMessage: 'Sync' })).status).toBe(204);
    expect((await t.call('reader', 'GET', `${G}/info`)).status).toBe(200);
  });

  it('never keeps credentials of a URL whose password holds an @', async () => {
    await t.call('editor', 'POST', `${G}/import`, { url: 'https://bot:p@ss-Zz@github.com/acme/handbook.git', ref: 'refs/heads/main' });
    expect(await state(t)).not.toContain('ss-Zz');
    expect((await t.call('reader', 'GET', `${G}/info`)).body.url).toBe('https://github.com/acme/handbook.git');
  });
});
