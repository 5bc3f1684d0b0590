import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { expectRefused, SITE } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const GROUPS = `${SITE}/section-groups`;

async function setup(t: Calls) {
  const api = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: gb.id('spaces', 'api-docs'), title: 'API' });
  const group = await t.call('admin', 'POST', GROUPS, { title: 'Guides', sections: [gb.id('siteSections', 'handbook-section')] });
  expect(group.status).toBe(201);
  return { api: api.body.id as string, group: group.body.id as string };
}

async function structure(t: Calls) {
  const res = await t.call('admin', 'GET', `${SITE}/published`);
  return res.body.structure.structure.map((i: any) => (i.object === 'site-section-group' ? [i.title, i.sections.map((s: any) => s.title)] : i.title));
}

describe('section groups', () => {
  it('adds a group with sections through the official client', async () => {
    const res = await gb.client('admin').orgs.addSectionGroupToSite(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), {
      title: 'Guides',
      icon: 'book',
      sections: [gb.id('siteSections', 'handbook-section')],
    });
    expect(res.status).toBe(201);
    expectOfficial('addSectionGroupToSite', 201, res.data);
    expect(res.data.sections.map((s) => [s.id, s.sectionGroup])).toEqual([[gb.id('siteSections', 'handbook-section'), res.data.id]]);
  });

  it('lists groups through the official client', async () => {
    await setup(t);
    const res = await gb.client('reader').orgs.listSiteSectionGroups(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
    expectOfficial('listSiteSectionGroups', 200, res.data);
    expect(res.data.items.map((g) => g.title)).toEqual(['Guides']);
  });

  it('updates title and icon through the official client', async () => {
    const { group } = await setup(t);
    const res = await gb.client('admin').orgs.updateSiteSectionGroupById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), group, { title: 'Handbooks', icon: 'star' });
    expectOfficial('updateSiteSectionGroupById', 200, res.data);
    expect(res.data).toMatchObject({ title: 'Handbooks', icon: 'star' });
    const cleared = await t.call('admin', 'PATCH', `${GROUPS}/${group}`, { icon: null });
    expect(cleared.body.icon).toBeUndefined();
  });

  it('deletes a group (205) and keeps its sections, ungrouped, where it stood', async () => {
    const { group } = await setup(t);
    await gb.client('admin').orgs.deleteSiteSectionGroupById(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), group);
    expect(await structure(t)).toEqual(['API', 'Handbook']);
    const sections = await t.call('admin', 'GET', `${SITE}/sections`);
    expect(sections.body.items.every((s: any) => s.sectionGroup === undefined)).toBe(true);
  });

  it('adds a section to a group (201)', async () => {
    const { api, group } = await setup(t);
    const res = await t.call('admin', 'POST', `${GROUPS}/${group}/sections`, { sectionId: api });
    expect(res.status).toBe(201);
    expect(res.body.sections.map((s: any) => s.title)).toEqual(['Handbook', 'API']);
  });

  it('moves a section between groups, since a section is in at most one group', async () => {
    const { group } = await setup(t);
    const other = await t.call('admin', 'POST', GROUPS, { title: 'More' });
    await t.call('admin', 'POST', `${GROUPS}/${other.body.id}/sections`, { sectionId: gb.id('siteSections', 'handbook-section') });
    const first = await t.call('admin', 'GET', GROUPS);
    expect(first.body.items.map((g: any) => [g.id, g.sections.length])).toEqual([
      [group, 0],
      [other.body.id, 1],
    ]);
  });

  it('removes a section from a group (205), leaving it right after the group', async () => {
    const { group } = await setup(t);
    const res = await t.call('admin', 'DELETE', `${GROUPS}/${group}/sections/{siteSections.handbook-section}`);
    expect(res.status).toBe(205);
    expect(await structure(t)).toEqual(['API', ['Guides', []], 'Handbook']);
  });

  it('answers 404 when removing a section that is not in the group', async () => {
    const { api, group } = await setup(t);
    expect((await t.call('admin', 'DELETE', `${GROUPS}/${group}/sections/${api}`)).status).toBe(404);
  });

  it('moves a group before a section through the official client', async () => {
    const { api, group } = await setup(t);
    const res = await gb.client('admin').orgs.moveSiteSectionGroup(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), group, {
      position: { before: { type: 'site-section', id: api } },
    });
    expectOfficial('moveSiteSectionGroup', 200, res.data);
    expect(await structure(t)).toEqual([['Guides', ['Handbook']], 'API']);
  });

  it('refuses to move a group next to a section inside a group', async () => {
    const { group } = await setup(t);
    const other = await t.call('admin', 'POST', GROUPS, { title: 'More' });
    const pointer = { type: 'site-section', id: gb.id('siteSections', 'handbook-section') };
    await expectRefused(t, 'POST', `${GROUPS}/${other.body.id}/move`, { position: { after: pointer } }, 400, 'body.position.after.id');
    expect(group).toBeTruthy();
  });

  it.each([
    ['POST', GROUPS, {}, 'body.title'],
    ['POST', GROUPS, { title: '' }, 'body.title'],
    ['POST', GROUPS, { title: 't'.repeat(101) }, 'body.title'],
    ['POST', GROUPS, { title: 'Ok', sections: ['nope'] }, 'body.sections[0]'],
    ['POST', GROUPS, { title: 'Ok', icon: 'i'.repeat(51) }, 'body.icon'],
    ['POST', GROUPS, { title: 'Ok', parent: 'x' }, 'body.parent'],
  ])('%s %s refuses %j', async (method, path, body, field) => {
    await expectRefused(t, method, path, body, 400, field);
  });

  it.each([
    [{ title: '' }, 'body.title'],
    [{ title: 't'.repeat(101) }, 'body.title'],
    [{ parentSectionGroupId: 'x' }, 'body.parentSectionGroupId'],
  ])('PATCH refuses %j', async (body, field) => {
    const { group } = await setup(t);
    await expectRefused(t, 'PATCH', `${GROUPS}/${group}`, body, 400, field);
  });

  it('refuses adding an unknown section to a group', async () => {
    const { group } = await setup(t);
    await expectRefused(t, 'POST', `${GROUPS}/${group}/sections`, { sectionId: 'nope' }, 400, 'body.sectionId');
  });

  it('answers 404 for an unknown group', async () => {
    expect((await t.call('admin', 'PATCH', `${GROUPS}/nope`, { title: 'X' })).status).toBe(404);
  });

  it('refuses editors', async () => {
    expect((await t.call('editor', 'POST', GROUPS, { title: 'Mine' })).status).toBe(403);
  });
  describe('nested groups (the official parent and parentSectionGroupId)', () => {
    it('adds a group inside another: it names its parent, sits in its children, and the structure and list stay official', async () => {
      const { group } = await setup(t);
      const made = await gb.client('admin').orgs.addSectionGroupToSite(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), { title: 'Deeper', parent: group });
      expect(made.status).toBe(201);
      expectOfficial('addSectionGroupToSite', 201, made.data);
      expect(made.data).toMatchObject({ title: 'Deeper', sectionGroup: group });
      const outer = await t.call('admin', 'GET', `${SITE}/structure`);
      expectOfficial('getSiteStructure', 200, outer.body);
      const top = outer.body.structure.find((i: { id: string }) => i.id === group);
      expect(top.children.map((c: { title: string; object: string }) => [c.object, c.title])).toEqual([['site-section', 'Handbook'], ['site-section-group', 'Deeper']]);
      expect(top.sections.map((s: { title: string }) => s.title)).toEqual(['Handbook']);
      expect(outer.body.structure.map((i: { title: string }) => i.title)).not.toContain('Deeper');
      const listed = await gb.client('reader').orgs.listSiteSectionGroups(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'));
      expectOfficial('listSiteSectionGroups', 200, listed.data);
      expect(listed.data.items.map((g) => [g.title, g.sectionGroup])).toEqual([['Guides', undefined], ['Deeper', group]]);
    });

    it('moves a group into another and back to the top level with parentSectionGroupId; never into itself or a group inside it', async () => {
      const { group } = await setup(t);
      const other = (await t.call('admin', 'POST', GROUPS, { title: 'More' })).body.id as string;
      const moved = await t.call('admin', 'PATCH', `${GROUPS}/${other}`, { parentSectionGroupId: group });
      expect(moved.status).toBe(200);
      expectOfficial('updateSiteSectionGroupById', 200, moved.body);
      expect(moved.body.sectionGroup).toBe(group);
      await expectRefused(t, 'PATCH', `${GROUPS}/${group}`, { parentSectionGroupId: other }, 400, 'body.parentSectionGroupId');
      await expectRefused(t, 'PATCH', `${GROUPS}/${group}`, { parentSectionGroupId: group }, 400, 'body.parentSectionGroupId');
      const back = await t.call('admin', 'PATCH', `${GROUPS}/${other}`, { parentSectionGroupId: null });
      expect(back.body.sectionGroup).toBeUndefined();
      expect((await t.call('admin', 'GET', `${SITE}/structure`)).body.structure.map((i: { title: string }) => i.title)).toEqual(['API', 'Guides', 'More']);
    });

    it('deleting a group puts the groups inside it where it stood, in the group it sat in', async () => {
      const { group } = await setup(t);
      const middle = (await t.call('admin', 'POST', GROUPS, { title: 'Middle', parent: group })).body.id as string;
      await t.call('admin', 'POST', GROUPS, { title: 'Inner', parent: middle });
      expect((await t.call('admin', 'DELETE', `${GROUPS}/${middle}`)).status).toBe(205);
      const outer = (await t.call('admin', 'GET', `${SITE}/structure`)).body.structure.find((i: { id: string }) => i.id === group);
      expect(outer.children.map((c: { title: string }) => c.title)).toEqual(['Handbook', 'Inner']);
    });

    it('an empty parent is the top level', async () => {
      const made = await t.call('admin', 'POST', GROUPS, { title: 'Top', parent: '' });
      expect(made.status).toBe(201);
      expect(made.body.sectionGroup).toBeUndefined();
    });

    it('a loaded state whose groups hold each other reads them at the top level', async () => {
      const { group } = await setup(t);
      const other = (await t.call('admin', 'POST', GROUPS, { title: 'More', parent: group })).body.id as string;
      const exported = (await t.admin('GET', '/__admin/state')).body;
      exported.siteSectionGroups.find((g: { id: string }) => g.id === group).sectionGroup = other;
      expect((await t.admin('PUT', '/__admin/state', exported)).status).toBe(200);
      const res = await t.call('admin', 'GET', `${SITE}/structure`);
      expect(res.status).toBe(200);
      expectOfficial('getSiteStructure', 200, res.body);
      expect(res.body.structure.map((i: { title: string }) => i.title)).toEqual(expect.arrayContaining(['Guides', 'More']));
    });
  });
});
