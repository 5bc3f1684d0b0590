/**
 * Ids of sites and what they hold, shaped as GitBook shapes them (`site_…`, `sitesp_…`,
 * `sitesc_…`, `sitesg_…`): valid CSS identifiers (GitBook's renderer selects a section by
 * `#${id}`), the same for the same scenario and seed, in a scenario and when made at run time.
 */
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/index.ts';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ scenario: 'site-launch', wallClock: () => 0 });
const t = callsOn(gb);

const SHAPES = { sites: /^site_[0-9A-Za-z]{5}$/, siteSpaces: /^sitesp_[0-9A-Za-z]{5}$/, siteSections: /^sitesc_[0-9A-Za-z]{5}$/, siteSectionGroups: /^sitesg_[0-9A-Za-z]{5}$/ } as const;
/** A CSS identifier as a selector `#id` takes it unescaped. */
const CSS_IDENT = /^-?[_a-zA-Z][_a-zA-Z0-9-]*$/;

describe('ids of sites and their parts', () => {
  it('are shaped per kind in a scenario, and CSS identifiers', () => {
    for (const [collection, shape] of Object.entries(SHAPES)) {
      const ids = Object.values((gb.manifest.ids as Record<string, Record<string, string>>)[collection]);
      expect(ids.length, collection).toBeGreaterThan(0);
      for (const id of ids) {
        expect(id).toMatch(shape);
        expect(id).toMatch(CSS_IDENT);
      }
    }
  });

  it('are the same for the same scenario and seed', () => {
    const again = createMock({ scenario: 'site-launch' });
    expect(again.runtime.manifest.ids.siteSections).toEqual(gb.manifest.ids.siteSections);
    expect(again.runtime.manifest.ids.sites).toEqual(gb.manifest.ids.sites);
  });

  it('are shaped so when made at run time', async () => {
    const site = await t.call('admin', 'POST', '/v1/orgs/{organizations.acme}/sites', { title: 'Runtime site', spaces: [t.id('spaces', 'handbook')] });
    expect(site.body.id).toMatch(SHAPES.sites);
    const path = `/v1/orgs/{organizations.acme}/sites/${site.body.id}`;
    const group = await t.call('admin', 'POST', `${path}/section-groups`, { title: 'Learn' });
    expect(group.body.id).toMatch(SHAPES.siteSectionGroups);
    const section = await t.call('admin', 'POST', `${path}/sections`, { spaceId: t.id('spaces', 'api-docs') });
    expect(section.status).toBe(201);
    expect(section.body.id).toMatch(SHAPES.siteSections);
    const spaces = await t.call('admin', 'GET', `${path}/site-spaces`);
    for (const ss of spaces.body.items) expect(ss.id).toMatch(SHAPES.siteSpaces);
  });
});
