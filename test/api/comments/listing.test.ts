import { describe, expect, it, vi } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const P = '/v1/spaces/{spaces.handbook}/comments';
const bodies = (res: { body: { items: { body: { markdown: string } }[] } }) => res.body.items.map((c) => c.body.markdown);

describe('listing space comments', () => {
  it('lists newest first by default, through the official client', async () => {
    const { data } = await gb.client('reader').spaces.listCommentsInSpace(gb.id('spaces', 'handbook'));
    expectOfficial('listCommentsInSpace', 200, data);
    expect(data.count).toBe(3);
    expect(data.items.map((c) => c.id)).toEqual([gb.id('comments', 'expenses-limit'), gb.id('comments', 'welcome-question'), gb.id('comments', 'onboarding-typo')]);
  });

  it('order=asc lists oldest first', async () => {
    const res = await t.call('reader', 'GET', `${P}?order=asc`);
    expect(res.body.items.map((c: any) => c.id)).toEqual([gb.id('comments', 'onboarding-typo'), gb.id('comments', 'welcome-question'), gb.id('comments', 'expenses-limit')]);
  });

  it.each([
    ['open', 2],
    ['resolved', 1],
    ['all', 3],
  ])('status=%s gives %i comments', async (status, n) => {
    const res = await t.call('reader', 'GET', `${P}?status=${status}`);
    expect(res.body.count).toBe(n);
    expect(res.body.items).toHaveLength(n);
    if (status !== 'all') expect(res.body.items.every((c: any) => c.status === status)).toBe(true);
  });

  it('targetPage keeps the comments on that page', async () => {
    const res = await t.call('reader', 'GET', `${P}?targetPage=${gb.id('pages', 'expenses')}`);
    expect(res.body.items.map((c: any) => c.id)).toEqual([gb.id('comments', 'expenses-limit')]);
  });

  it('authors keeps comments by those users (one or several)', async () => {
    const one = await t.call('reader', 'GET', `${P}?authors=${gb.id('users', 'reader')}`);
    expect(one.body.items.map((c: any) => c.id)).toEqual([gb.id('comments', 'onboarding-typo')]);
    const two = await t.call('reader', 'GET', `${P}?authors=${gb.id('users', 'reader')}&authors=${gb.id('users', 'commenter')}`);
    expect(two.body.count).toBe(2);
  });

  it('format=markdown renders every body as markdown only', async () => {
    const res = await t.call('reader', 'GET', `${P}?format=markdown`);
    expect(res.body.items.every((c: any) => Object.keys(c.body).join() === 'markdown')).toBe(true);
  });

  it.each(['order=sideways', 'status=closed', 'limit=-1', 'limit=1001', 'page=garbage'])('refuses %s with 400', async (q) => {
    expect((await t.call('reader', 'GET', `${P}?${q}`)).status).toBe(400);
  });

  it.each(['desc', 'asc'])('limit=1 walks every comment exactly once (%s) while comments are inserted', async (order) => {
    const seen: string[] = [];
    let page: string | undefined;
    let inserted = 0;
    do {
      const res = await t.call('reader', 'GET', `${P}?limit=1&order=${order}${page ? `&page=${page}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((c: any) => c.id));
      page = res.body.next?.page;
      if (inserted < 2) {
        await t.admin('POST', '/__admin/clock', { advance: 'PT1M' });
        await t.call('commenter', 'POST', P, { body: { markdown: `new ${inserted++}` } });
      }
    } while (page);
    expect(new Set(seen).size).toBe(seen.length);
    const original = [gb.id('comments', 'onboarding-typo'), gb.id('comments', 'welcome-question'), gb.id('comments', 'expenses-limit')];
    for (const id of original) expect(seen).toContain(id);
    // Ascending walks reach the comments posted during the walk too.
    if (order === 'asc') expect(seen).toHaveLength(5);
  });

  it('a reader sees the list; a user outside the organization gets 404', async () => {
    expect((await t.call('reader', 'GET', P)).status).toBe(200);
    expect((await t.call('outsider', 'GET', P)).status).toBe(404);
  });

  it('pages through the space index without walking the whole comment collection', async () => {
    const { comments } = gb.mock!.runtime.db;
    const spies = (['all', 'list', 'filter', 'find', 'view'] as const).map((name) => vi.spyOn(comments, name));
    const res = await t.call('reader', 'GET', `${P}?limit=20&status=open`);
    expect(res.body.count).toBe(2);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('lists the newest comment first after a post', async () => {
    await t.call('commenter', 'POST', P, { body: { markdown: 'latest' } });
    expect(bodies(await t.call('reader', 'GET', `${P}?limit=1`))).toEqual(['latest']);
  });
});

describe('GET /v1/spaces/{spaceId}/commenters', () => {
  it('lists each user who commented or replied once, as organization members', async () => {
    const { data } = await gb.client('reader').spaces.listCommentersInSpace(gb.id('spaces', 'handbook'));
    expectOfficial('listCommentersInSpace', 200, data);
    expect(data.items.map((m) => m.user.id).sort()).toEqual(['reader', 'commenter', 'editor', 'reviewer'].map((k) => gb.id('users', k)).sort());
  });

  it('adds a new commenter', async () => {
    await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/comments', { body: { markdown: 'hello' } });
    const res = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/commenters');
    expect(res.body.count).toBe(5);
  });

  it('paginates', async () => {
    const first = await t.call('reader', 'GET', '/v1/spaces/{spaces.handbook}/commenters?limit=3');
    expect(first.body.items).toHaveLength(3);
    const second = await t.call('reader', 'GET', `/v1/spaces/{spaces.handbook}/commenters?limit=3&page=${first.body.next.page}`);
    expect(second.body.items).toHaveLength(1);
  });
});
