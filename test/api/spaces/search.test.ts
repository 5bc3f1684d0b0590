/** GET /v1/spaces/{spaceId}/search: full-text search of a space's live content. */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const S = '/v1/spaces/{spaces.handbook}/search';

describe('space search', () => {
  it('finds pages by their words, ranked, with matching sections (official client)', async () => {
    const res = await gb.client('reader').spaces.searchSpaceContent(gb.id('spaces', 'handbook'), { query: 'remote' });
    expectOfficial('searchSpaceContent', 200, res.data);
    expect(res.data.items[0]).toMatchObject({ id: gb.id('pages', 'remote-work'), rank: 1 });
    expect(res.data.items.map((p) => p.rank)).toEqual(res.data.items.map((_, i) => i + 1));
  });

  it('searches the live content, so a merged change request shows at once', async () => {
    expect((await t.call('reader', 'GET', `${S}?query=meeting-free`)).body.count).toBe(0);
    expect((await t.call('admin', 'POST', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.handbook-draft}/merge')).status).toBe(200);
    const after = await t.call('reader', 'GET', `${S}?query=meeting-free`);
    expect(after.body.items.map((p: { id: string }) => p.id)).toEqual([gb.id('pages', 'remote-work')]);
  });

  it('pages the results and finds nothing for unknown words', async () => {
    const all = (await t.call('reader', 'GET', `${S}?query=the`)).body;
    expect(all.count).toBeGreaterThan(1);
    const first = (await t.call('reader', 'GET', `${S}?query=the&limit=1`)).body;
    expect(first.items).toHaveLength(1);
    const second = (await t.call('reader', 'GET', `${S}?query=the&limit=1&page=${first.next.page}`)).body;
    expect(second.items[0].id).toBe(all.items[1].id);
    expect((await t.call('reader', 'GET', `${S}?query=zzzqqq`)).body).toEqual({ items: [], count: 0 });
  });

  it('requires the query (400 naming it), a token (401), and hides the space from outsiders (404)', async () => {
    const res = await t.call('reader', 'GET', S);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('query.query');
    expect((await t.call(null, 'GET', `${S}?query=x`)).status).toBe(401);
    expect((await t.call('outsider', 'GET', `${S}?query=x`)).status).toBe(404);
  });
});
