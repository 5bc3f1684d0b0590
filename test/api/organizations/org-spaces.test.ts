/** An organization's spaces: the list and creating one, through the official client. */
import { describe, expect, it } from 'vitest';
import { SpaceEditMode } from '@gitbook/api';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const P = '/v1/orgs/{organizations.acme}/spaces';

describe('organization spaces', () => {
  it('lists the spaces a member sees, and a created one shows at once (official client)', async () => {
    const org = gb.id('organizations', 'acme');
    const before = await gb.client('reader').orgs.listSpacesInOrganizationById(org);
    expectOfficial('listSpacesInOrganizationById', 200, before.data);
    expect(before.data.items.map((s) => s.id)).toContain(gb.id('spaces', 'handbook'));
    const created = await gb.client('creator').orgs.createSpace(org, { title: 'Release notes', emoji: '1f680', editMode: SpaceEditMode.Locked });
    expect(created.status).toBe(201);
    expectOfficial('createSpace', 201, created.data);
    expect(created.data).toMatchObject({ title: 'Release notes', emoji: '1f680', editMode: 'locked', organization: org });
    expect(created.headers.get('location')).toBe(created.data.urls.location);
    const after = await gb.client('reader').orgs.listSpacesInOrganizationById(org);
    expect(after.data.count).toBe(before.data.count! + 1);
    expect(after.data.items.map((s) => s.id)).toContain(created.data.id);
    expect((await t.call('reader', 'GET', `/v1/spaces/${created.data.id}/content/pages`)).body).toEqual({ pages: [] });
  });

  it('leaves deleted spaces out and pages the list', async () => {
    expect((await t.call('admin', 'DELETE', '/v1/spaces/{spaces.handbook}')).status).toBe(205);
    const all = await t.call('reader', 'GET', P);
    expect(all.body.items.map((s: { id: string }) => s.id)).not.toContain(gb.id('spaces', 'handbook'));
    await t.call('admin', 'POST', P, { title: 'Another' });
    const first = await t.call('reader', 'GET', `${P}?limit=1`);
    expect(first.body.items).toHaveLength(1);
    const second = await t.call('reader', 'GET', `${P}?limit=1&page=${first.body.next.page}`);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
  });

  it('creates an untitled space from an empty body, ignoring template fields', async () => {
    const res = await t.call('admin', 'POST', P, { empty: true, template: { type: 'x' } });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Untitled');
  });

  it.each([
    ['editor', 403],
    ['outsider', 404],
    [null, 401],
  ])('refuses %s creating a space with %i, changing nothing', async (user, status) => {
    const count = gb.mock!.runtime.db.spaces.list().length;
    expect((await t.call(user, 'POST', P, { title: 'Nope' })).status).toBe(status);
    expect(gb.mock!.runtime.db.spaces.list().length).toBe(count);
  });

  it.each([
    [{ title: 'x'.repeat(51) }, 'body.title'],
    [{ editMode: 'frozen' }, 'body.editMode'],
    [{ language: 'klingon' }, 'body.language'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await t.call('admin', 'POST', P, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(field);
  });

  it('hides the list from an outsider (404)', async () => {
    expect((await t.call('outsider', 'GET', P)).status).toBe(404);
  });
});
