import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SEARCH = '/v1/orgs/{organizations.acme}/search';

describe('organization search', () => {
  it('finds the matching section of a page, through the official client', async () => {
    const { data } = await gb.client('reader').orgs.searchOrganizationContent(gb.id('organizations', 'acme'), { query: 'per diem' });
    expectOfficial('searchOrganizationContent', 200, data);
    expect(data.items).toHaveLength(1);
    const [space] = data.items;
    expect(space.id).toBe(gb.id('spaces', 'handbook'));
    expect(space.pages.map((p) => p.path)).toEqual(['policies/expenses']);
    const sections = space.pages[0].sections!;
    expect(sections.map((s) => s.title)).toEqual(['Per diem']);
    expect(sections[0].body).toContain('60 EUR');
    expect(space.pages[0].ancestors).toEqual([{ title: 'Policies' }]);
  });

  it('requires every term of the query', async () => {
    const res = await t.call('reader', 'GET', `${SEARCH}?query=laptop%20buddy`);
    expect(res.body.items[0].pages.map((p: { title: string }) => p.title)).toEqual(['Onboarding']);
    const none = await t.call('reader', 'GET', `${SEARCH}?query=laptop%20giraffe`);
    expect(none.body).toEqual({ items: [], count: 0 });
  });

  it('searches page titles too', async () => {
    const res = await t.call('reader', 'GET', `${SEARCH}?query=authentication`);
    const space = res.body.items.find((s: { id: string }) => s.id === gb.id('spaces', 'api-docs'));
    expect(space.pages[0].title).toBe('Authentication');
  });

  it('leaves out the private spaces a guest cannot read', async () => {
    await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}/members/{users.reader}', { role: null });
    const res = await t.call('reader', 'GET', `${SEARCH}?query=bearer`);
    expect(res.body.items.map((s: { id: string }) => s.id)).toEqual([gb.id('spaces', 'api-docs')]);
    const handbook = await t.call('reader', 'GET', `${SEARCH}?query=expenses`);
    expect(handbook.body.items).toEqual([]);
  });

  it('leaves out deleted spaces', async () => {
    const db = gb.mock!.runtime.db;
    db.spaces.update(gb.id('spaces', 'handbook'), { deletedAt: gb.manifest.now });
    const res = await t.call('reader', 'GET', `${SEARCH}?query=expenses`);
    expect(res.body.items).toEqual([]);
  });

  it('pages through spaces', async () => {
    const first = await t.call('reader', 'GET', `${SEARCH}?query=the&limit=1`);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.count).toBe(2);
    const second = await t.call('reader', 'GET', `${SEARCH}?query=the&limit=1&page=${first.body.next.page}`);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
  });

  it.each([
    ['', 'query'],
    [`?query=${'a'.repeat(513)}`, 'query'],
  ])('refuses %s naming %s', async (qs, field) => {
    const res = await t.call('reader', 'GET', `${SEARCH}${qs}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('is 404 to outsiders', async () => {
    expect((await t.call('outsider', 'GET', `${SEARCH}?query=acme`)).status).toBe(404);
  });
});
