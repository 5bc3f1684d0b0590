import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { newSite, SITE, SITES } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('published site', () => {
  it('serves the official PublishedContentSite with an active share key through the official client', async () => {
    const key = gb.manifest.shareKeys['partner-preview'];
    const res = await gb.client('reader').orgs.getPublishedContentSite(gb.id('organizations', 'acme'), gb.id('sites', 'docs-site'), { shareKey: key });
    expectOfficial('getPublishedContentSite', 200, res.data);
    expect(res.data.structure.type).toBe('sections');
    const [section] = res.data.structure.structure as any[];
    expect(section.id).toBe(gb.id('siteSections', 'handbook-section'));
    expect(section.siteSpaces.map((s: any) => s.id)).toEqual([gb.id('siteSpaces', 'handbook-site-space')]);
    expect(section.urls.published).toMatch(new RegExp(`/${key}($|/)`));
  });

  it('gives a share-link site no resolvable section URLs without a key', async () => {
    const res = await t.call('reader', 'GET', `${SITE}/published`);
    expect(res.status).toBe(200);
    expect(res.body.structure.structure[0].urls).toEqual({});
  });

  it.each([
    ['an unknown key', 'not-a-key'],
    ['an empty-looking key', 'x'],
  ])('refuses %s with 400 naming shareKey', async (_, key) => {
    const res = await t.call('reader', 'GET', `${SITE}/published?shareKey=${key}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('query.shareKey');
  });

  it('refuses the key of an inactive link', async () => {
    await t.call('admin', 'PATCH', `${SITE}/share-links/{shareLinks.partner-preview}`, { active: false });
    const res = await t.call('reader', 'GET', `${SITE}/published?shareKey=${gb.manifest.shareKeys['partner-preview']}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('not active');
  });

  it('follows the order of sections after a move', async () => {
    const added = await t.call('admin', 'POST', `${SITE}/sections`, { spaceId: gb.id('spaces', 'api-docs'), title: 'API' });
    await t.call('admin', 'POST', `${SITE}/sections/${added.body.id}/move`, {
      position: { before: { type: 'site-section', siteSection: gb.id('siteSections', 'handbook-section') } },
    });
    const res = await t.call('reader', 'GET', `${SITE}/published`);
    expect(res.body.structure.structure.map((s: any) => s.title)).toEqual(['API', 'Handbook']);
    expectOfficial('getPublishedContentSite', 200, res.body);
  });

  it('shows a section group with its sections', async () => {
    await t.call('admin', 'POST', `${SITE}/section-groups`, { title: 'Guides', sections: [gb.id('siteSections', 'handbook-section')] });
    const res = await t.call('reader', 'GET', `${SITE}/published`);
    expectOfficial('getPublishedContentSite', 200, res.body);
    const [group] = res.body.structure.structure;
    expect(group.object).toBe('site-section-group');
    expect(group.sections.map((s: any) => s.title)).toEqual(['Handbook']);
  });

  it('serves a site without sections as a list of site spaces', async () => {
    const site = await newSite(t, ['handbook', 'api-docs']);
    const res = await t.call('reader', 'GET', `${SITES}/${site}/published`);
    expectOfficial('getPublishedContentSite', 200, res.body);
    expect(res.body.structure.type).toBe('siteSpaces');
    expect(res.body.structure.structure).toHaveLength(2);
    expect(res.body.site.published).toBe(false);
  });
});
