import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SPACE = '/v1/spaces/{spaces.handbook}';

async function deleted(): Promise<Calls> {
  const res = await t.call('admin', 'DELETE', SPACE);
  expect(res.status).toBe(205);
  return t;
}

describe('DELETE and restore a space', () => {
  it('DELETE answers 205 with no body, and GET shows deletedAt at the clock', async () => {
    await t.admin('POST', '/__admin/clock', { now: '2026-01-02T10:00:00.000Z' });
    const res = await t.call('admin', 'DELETE', SPACE);
    expect(res.status).toBe(205);
    expect(res.body).toBe('');
    const got = await t.call('admin', 'GET', SPACE);
    expect(got.status).toBe(200);
    expect(got.body.deletedAt).toBe('2026-01-02T10:00:00.000Z');
    expectOfficial('getSpaceById', 200, got.body);
  });

  it('through the official client', async () => {
    await gb.client('admin').spaces.deleteSpaceById(gb.id('spaces', 'handbook'));
    const { data } = await gb.client('admin').spaces.restoreSpace(gb.id('spaces', 'handbook'));
    expectOfficial('restoreSpace', 200, data);
    expect(data.deletedAt).toBeUndefined();
  });

  it('restore 1 ms before 7 days brings the space back without deletedAt', async () => {
    const t = await deleted();
    await t.admin('POST', '/__admin/clock', { advance: 7 * 86_400_000 - 1 });
    const res = await t.call('admin', 'POST', `${SPACE}/restore`);
    expect(res.status).toBe(200);
    expect(res.body.deletedAt).toBeUndefined();
    expect((await t.call('admin', 'GET', `${SPACE}/comments`)).status).toBe(200);
  });

  it('restore at 7 days is 404: the space is permanently removed', async () => {
    const t = await deleted();
    await t.admin('POST', '/__admin/clock', { advance: 'P7D' });
    expect((await t.call('admin', 'POST', `${SPACE}/restore`)).status).toBe(404);
  });

  it.each([
    ['GET', ''],
    ['PATCH', ''],
    ['DELETE', ''],
    ['POST', '/duplicate'],
    ['GET', '/comments'],
    ['GET', '/commenters'],
    ['GET', '/change-requests/{changeRequests.handbook-draft}/comments'],
  ])('after 7 days %s %s is 404', async (method, tail) => {
    const t = await deleted();
    await t.admin('POST', '/__admin/clock', { advance: 'P7D' });
    const res = await t.call('admin', method, `${SPACE}${tail}`, method === 'PATCH' ? { title: 'x' } : undefined);
    expect(res.status).toBe(404);
  });

  it.each([
    ['PATCH', '', { title: 'x' }],
    ['DELETE', '', undefined],
    ['POST', '/duplicate', undefined],
    ['POST', '/move', { parent: null }],
    ['GET', '/comments', undefined],
    ['POST', '/comments', { body: { markdown: 'hi' } }],
    ['GET', '/comments/{comments.welcome-question}', undefined],
    ['GET', '/change-requests/{changeRequests.handbook-draft}/comments', undefined],
  ])('within the window %s %s is 404 (only GET and restore see a deleted space)', async (method, tail, body) => {
    const t = await deleted();
    expect((await t.call('admin', method, `${SPACE}${tail}`, body)).status).toBe(404);
  });

  it('restoring a live space is 409 and changes nothing', async () => {
    const before = (await t.call('admin', 'GET', SPACE)).body;
    const res = await t.call('admin', 'POST', `${SPACE}/restore`);
    expect(res.status).toBe(409);
    expect((await t.call('admin', 'GET', SPACE)).body).toEqual(before);
  });

  it('a member below admin cannot delete (403) and the space stays', async () => {
    expect((await t.call('creator', 'DELETE', SPACE)).status).toBe(403);
    expect((await t.call('admin', 'GET', SPACE)).body.deletedAt).toBeUndefined();
  });

  it('a member below admin cannot restore (403)', async () => {
    const t = await deleted();
    expect((await t.call('editor', 'POST', `${SPACE}/restore`)).status).toBe(403);
  });

  it('a restored space keeps its comments and change requests', async () => {
    const t = await deleted();
    const res = await t.call('admin', 'POST', `${SPACE}/restore`);
    expect(res.body).toMatchObject({ comments: 2, changeRequests: 1 });
  });
});
