/** Comment lists keep recently served JSON: every change a comment depends on must show at once. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const LIST = '/v1/spaces/{spaces.handbook}/comments';

function find(body: { items: { id: string }[] }, id: string): any {
  return body.items.find((c) => c.id === id);
}

describe('the comment list after changes', () => {
  it('shows a new reply in the count and repliers', async () => {
    const id = gb.id('comments', 'expenses-limit');
    expect(find((await t.call('admin', 'GET', LIST)).body, id).replies).toBe(0);
    await t.call('editor', 'POST', `${LIST}/${id}/replies`, { body: { markdown: 'Still right.' } });
    const after = find((await t.call('admin', 'GET', LIST)).body, id);
    expect(after.replies).toBe(1);
    expect(after.repliers[0].user.id).toBe(gb.id('users', 'editor'));
  });

  it('shows an edit, a resolution and a reaction', async () => {
    const id = gb.id('comments', 'expenses-limit');
    await t.call('admin', 'GET', LIST);
    await t.call('reviewer', 'PUT', `${LIST}/${id}`, { body: { markdown: 'Edited question' }, addedReactions: ['🎉'] });
    await t.call('admin', 'PUT', `${LIST}/${id}`, { resolved: true });
    const after = find((await t.call('admin', 'GET', LIST)).body, id);
    expect(after.body.markdown).toBe('Edited question');
    expect(after.reactions.map((r: { emoji: string }) => r.emoji)).toContain('🎉');
    expect(after.status).toBe('resolved');
  });

  it('gives each caller their own permissions and each format its own body', async () => {
    const id = gb.id('comments', 'expenses-limit');
    const author = find((await t.call('reviewer', 'GET', LIST)).body, id);
    const reader = find((await t.call('reader', 'GET', LIST)).body, id);
    expect(author.permissions.edit).toBe(true);
    expect(reader.permissions.edit).toBe(false);
    const doc = find((await t.call('reader', 'GET', `${LIST}?format=document`)).body, id);
    expect(doc.body.document.nodes.length).toBeGreaterThan(0);
    expect(find((await t.call('reader', 'GET', LIST)).body, id).body).toEqual({ markdown: expect.any(String) });
  });

  it('follows a role change of the caller', async () => {
    const id = gb.id('comments', 'welcome-question');
    expect(find((await t.call('reader', 'GET', LIST)).body, id).permissions.reply).toBe(false);
    await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}/members/{users.reader}', { role: 'comment' });
    expect(find((await t.call('reader', 'GET', LIST)).body, id).permissions.reply).toBe(true);
  });

  it('marks a page target outdated once a merge changes the page', async () => {
    const made = await t.call('commenter', 'POST', LIST, { page: gb.id('pages', 'remote-work'), body: { markdown: 'About core hours' } });
    expect(find((await t.call('admin', 'GET', LIST)).body, made.body.id).target.page.outdated).toBe(false);
    const merged = await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/merge');
    expect(merged.status).toBe(200);
    expect(find((await t.call('admin', 'GET', LIST)).body, made.body.id).target.page.outdated).toBe(true);
  });

  it('serves a page again as it was, and as it is after a change, with cursors that go on', async () => {
    const first = await t.call('admin', 'GET', `${LIST}?limit=2`);
    expect(await t.call('admin', 'GET', `${LIST}?limit=2`)).toMatchObject({ status: 200, body: first.body });
    const next = await t.call('admin', 'GET', `${LIST}?limit=2&page=${first.body.next.page}`);
    expect(next.status).toBe(200);
    expect(next.body.items[0].id).not.toBe(first.body.items[0].id);
    // The same page for another caller, or under another list name, is its own.
    expect((await t.call('reader', 'GET', `${LIST}?limit=2`)).body.items[0].permissions).not.toEqual(first.body.items[0].permissions);
    const markdown = await t.call('admin', 'GET', `${LIST}?limit=2&format=markdown`);
    expect(markdown.body.items).toEqual(first.body.items);
    expect(markdown.body.next.page).not.toBe(first.body.next.page);
    const made = await t.call('commenter', 'POST', LIST, { body: { markdown: 'Newest' } });
    const after = await t.call('admin', 'GET', `${LIST}?limit=2`);
    expect(after.body.items[0].id).toBe(made.body.id);
    expect(after.body.count).toBe(first.body.count + 1);
    await t.call('admin', 'DELETE', `${LIST}/${made.body.id}`);
    expect(await t.call('admin', 'GET', `${LIST}?limit=2`)).toMatchObject({ status: 200, body: first.body });
  });
});

