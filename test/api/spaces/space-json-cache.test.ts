/** GET a space keeps its JSON (shared/present-space.ts): every change the space depends on shows at once. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

describe('GET a space after changes', () => {
  it('counts a new comment and a new change request', async () => {
    const before = (await t.call('reader', 'GET', SPACE)).body;
    expect((await t.call('commenter', 'POST', `${SPACE}/comments`, { body: { markdown: 'One more' } })).status).toBe(200);
    expect((await t.call('editor', 'POST', `${SPACE}/change-requests`, { subject: 'Another draft' })).status).toBe(201);
    const after = (await t.call('reader', 'GET', SPACE)).body;
    expect(after.comments).toBe(before.comments + 1);
    expect(after.changeRequests).toBe(before.changeRequests + 1);
  });

  it('shows an update of the space itself', async () => {
    await t.call('reader', 'GET', SPACE);
    expect((await t.call('admin', 'PATCH', SPACE, { title: 'Renamed handbook' })).status).toBe(200);
    expect((await t.call('reader', 'GET', SPACE)).body.title).toBe('Renamed handbook');
  });

  it('gives each caller their own permissions and follows a role change', async () => {
    expect((await t.call('admin', 'GET', SPACE)).body.permissions.admin).toBe(true);
    expect((await t.call('reader', 'GET', SPACE)).body.permissions.comment).toBe(false);
    await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}/members/{users.reader}', { role: 'comment' });
    expect((await t.call('reader', 'GET', SPACE)).body.permissions.comment).toBe(true);
  });

  it('writes the URLs of the origin asked', async () => {
    const headers = { authorization: `Bearer ${gb.manifest.tokens.reader}` };
    const url = (origin: string) => `${origin}${t.path(SPACE)}`;
    const first = await (await gb.fetch(url('http://localhost'), { headers })).json();
    const second = await (await gb.fetch(url('http://127.0.0.1:4567'), { headers })).json();
    expect(first.urls.location).toBe(url('http://localhost'));
    expect(second.urls.location).toBe(url('http://127.0.0.1:4567'));
  });

  it('follows the share link of shareKey, and its deactivation', async () => {
    const shared = `${SPACE}?shareKey=${gb.manifest.shareKeys['partner-preview']}`;
    expect((await t.call('admin', 'GET', SPACE)).body.urls.published).toBeUndefined();
    expect((await t.call('admin', 'GET', shared)).body.urls.published).toMatch(/^https:\/\//);
    await t.call('admin', 'GET', shared);
    gb.mock!.runtime.db.shareLinks.update(gb.id('shareLinks', 'partner-preview'), { active: false });
    expect((await t.call('admin', 'GET', shared)).body.urls.published).toBeUndefined();
  });

  it('keeps each session apart', async () => {
    const session = { 'x-mock-session': 'apart' };
    await t.call('reader', 'GET', SPACE, undefined, session);
    await t.call('admin', 'PATCH', SPACE, { title: 'Only in the default session' });
    expect((await t.call('reader', 'GET', SPACE)).body.title).toBe('Only in the default session');
    expect((await t.call('reader', 'GET', SPACE, undefined, session)).body.title).toBe('Employee Handbook');
  });
});
