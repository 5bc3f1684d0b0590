/** Every built-in scenario loads, gives a valid state and a full manifest, and holds what it promises. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { useGitBookMock, type GitBookMock } from '../../../src/vitest/index.ts';
import { createMock } from '../../../src/app.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { MANIFEST_COLLECTIONS } from '../../../src/scenarios/builder.ts';

const README = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
// The built-in scenarios, known when the tests are collected (before any useGitBookMock starts).
const builtIn = createMock({ scenario: 'empty' }).runtime.catalog.list();

/** A mock started on scenario `name` (for the tests of a describe), with the calls of test/helpers/calls.ts. */
function loaded(name: string): { gb: GitBookMock; t: Calls } {
  const gb = useGitBookMock({ scenario: name, wallClock: () => 0 });
  return { gb, t: callsOn(gb) };
}

describe.each(builtIn.filter((s) => s.name !== 'large').map((s) => [s.name]))('scenario %s', (name) => {
  const { gb, t } = loaded(name);
  const empty = callsOn(useGitBookMock({ scenario: 'empty', wallClock: () => 0 }));

  it('loads over the admin API and answers a manifest with every collection', async () => {
    const res = await empty.admin('POST', `/__admin/scenarios/${name}`);
    expect(res.status).toBe(200);
    expect(res.body.scenario).toBe(name);
    for (const c of MANIFEST_COLLECTIONS) expect(res.body.ids).toHaveProperty(c);
    expect(Object.keys(res.body.tokens).length).toBeGreaterThan(0);
  });

  it('exports a state that validates and imports back unchanged', async () => {
    const state = (await t.admin('GET', '/__admin/state')).body;
    expect((await t.admin('PUT', '/__admin/state', state)).status).toBe(200);
    expect((await t.admin('GET', '/__admin/state')).body).toEqual(state);
  });

  it('gives every user a working token and every organization to its members', async () => {
    for (const user of Object.keys(gb.manifest.tokens)) {
      const res = await t.call(user, 'GET', '/v1/orgs');
      expect(res.status).toBe(200);
      expectOfficial('listOrganizationsForAuthenticatedUser', 200, res.body);
    }
  });

  it('has a description and a row in the README table', () => {
    expect(builtIn.find((s) => s.name === name)!.description.length).toBeGreaterThan(10);
    expect(README).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });
});

describe('trash', () => {
  const { gb, t } = loaded('trash');

  it('has three deleted spaces, all restorable, the oldest for one more hour', async () => {
    for (const key of ['deleted-1h', 'deleted-3d', 'deleted-6d23h']) {
      const res = await t.call('admin', 'GET', `/v1/spaces/{spaces.${key}}`);
      expect(res.status).toBe(200);
      expect(res.body.deletedAt).toBeDefined();
    }
    expect((await t.call('admin', 'POST', '/v1/spaces/{spaces.deleted-6d23h}/restore')).status).toBe(200);
    await t.admin('POST', '/__admin/clock', { advance: 'PT1H' });
    expect((await t.call('admin', 'POST', '/v1/spaces/{spaces.deleted-3d}/restore')).status).toBe(200);
    await t.admin('POST', '/__admin/reset');
    await t.admin('POST', '/__admin/clock', { advance: 'PT1H' });
    expect((await t.call('admin', 'POST', '/v1/spaces/{spaces.deleted-6d23h}/restore')).status).toBe(404);
  });
});

describe('review', () => {
  const { gb, t } = loaded('review');

  it('has change requests in every status', async () => {
    const statuses = new Map<string, string>();
    for (const space of ['handbook', 'api-docs']) {
      for (const status of ['draft', 'open', 'archived', 'merged']) {
        const res = await t.call('admin', 'GET', `/v1/spaces/{spaces.${space}}/change-requests?status=${status}`);
        for (const cr of res.body.items) statuses.set(cr.id, cr.status);
      }
    }
    expect(statuses.get(gb.id('changeRequests', 'cr-draft'))).toBe('draft');
    expect(statuses.get(gb.id('changeRequests', 'cr-open-reviewers'))).toBe('open');
    expect(statuses.get(gb.id('changeRequests', 'cr-archived'))).toBe('archived');
    expect(statuses.get(gb.id('changeRequests', 'cr-merged'))).toBe('merged');
  });

  it('has an outdated open change request and one with two requested reviewers', async () => {
    const outdated = await t.call('admin', 'GET', '/v1/spaces/{spaces.api-docs}/change-requests/{changeRequests.cr-outdated}');
    expect(outdated.body).toMatchObject({ status: 'open', outdated: true });
    const reviewers = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.cr-open-reviewers}/requested-reviewers');
    expect(reviewers.body.items.map((r: { user: { id: string } }) => r.user.id).sort()).toEqual(
      [gb.id('users', 'reviewer'), gb.id('users', 'admin')].sort(),
    );
  });

  it('has open and resolved comments with replies and reactions', async () => {
    const res = await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}/change-requests/{changeRequests.cr-open-reviewers}/comments');
    const byId = new Map(res.body.items.map((c: { id: string }) => [c.id, c]));
    const open = byId.get(gb.id('comments', 'review-open')) as any;
    const resolved = byId.get(gb.id('comments', 'review-resolved')) as any;
    expect(open.status).toBe('open');
    expect(open.replies).toBe(1);
    expect(open.reactions.find((r: { emoji: string }) => r.emoji === '👀').count).toBe(2);
    expect(resolved.status).toBe('resolved');
    expect(resolved.resolvedBy.id).toBe(gb.id('users', 'editor'));
  });
});

describe('site-launch', () => {
  const { gb, t } = loaded('site-launch');

  it('publishes the share-link site to an active key only', async () => {
    const site = '/v1/orgs/{organizations.acme}/sites/{sites.partner-portal}';
    const active = await t.call('admin', 'GET', `${site}/published?shareKey=${gb.manifest.shareKeys['partner-active']}`);
    expect(active.status).toBe(200);
    expect(active.body.structure.type).toBe('sections');
    const [group] = active.body.structure.structure;
    expect(group.object).toBe('site-section-group');
    expect(group.sections.map((s: { id: string }) => s.id)).toEqual([gb.id('siteSections', 'guides-section'), gb.id('siteSections', 'api-section')]);
    const revoked = await t.call('admin', 'GET', `${site}/published?shareKey=${gb.manifest.shareKeys['partner-revoked']}`);
    expect(revoked.status).toBe(400);
  });

  it('has a section group, a conditional site space and an adaptive schema', async () => {
    const site = '/v1/orgs/{organizations.acme}/sites/{sites.partner-portal}';
    const groups = await t.call('admin', 'GET', `${site}/section-groups`);
    expect(groups.body.items[0].sections).toHaveLength(2);
    const spaces = await t.call('admin', 'GET', `${site}/site-spaces?limit=10`);
    expect(spaces.body.items.some((s: { condition?: string }) => s.condition === 'visitor.claims.isBetaUser')).toBe(true);
    const conditions = await t.call('admin', 'GET', `${site}/adaptive-schema/template-conditions`);
    expect(conditions.body.items.length).toBe(3);
    const published = await t.call('admin', 'GET', '/v1/orgs/{organizations.acme}/sites/{sites.public-changelog}');
    expect(published.body).toMatchObject({ visibility: 'public', published: true });
  });
});

describe('org-admin', () => {
  const { gb, t } = loaded('org-admin');

  it('has every role, guests, SSO members and members never seen', async () => {
    const members = (await t.call('second-admin', 'GET', '/v1/orgs/{organizations.initech}/members?limit=100')).body.items;
    const roles = new Set(members.map((m: { role: string | null }) => m.role));
    for (const role of ['admin', 'create', 'edit', 'review', 'comment', 'read', null]) expect(roles.has(role)).toBe(true);
    expect(members.filter((m: { sso: boolean }) => m.sso)).toHaveLength(2);
    const seen = (await t.call('second-admin', 'GET', '/v1/orgs/{organizations.initech}/members?sort=lastSeenAt&limit=100')).body.items;
    expect(seen.length).toBe(members.length - 2);
  });

  it('has teams with owners and two SAML providers', async () => {
    const owned = await t.call('second-admin', 'GET', `/v1/orgs/{organizations.initech}/teams?owner=${gb.id('users', 'editor')}`);
    expect(owned.body.items.map((team: { id: string }) => team.id)).toEqual([gb.id('teams', 'platform')]);
    const saml = await t.call('second-admin', 'GET', '/v1/orgs/{organizations.initech}/saml');
    expect(saml.body.items).toHaveLength(2);
  });

  it('has a spec with several versions and one still processing', async () => {
    const versions = await t.call('second-admin', 'GET', '/v1/orgs/{organizations.initech}/openapi/billing-api/versions');
    expect(versions.body.items).toHaveLength(3);
    const fresh = await t.call('second-admin', 'GET', '/v1/orgs/{organizations.initech}/openapi/events-api');
    expect(fresh.body.processingState).not.toBe('complete');
    await t.admin('POST', '/__admin/clock', { advance: 'PT2M' });
    const later = await t.call('second-admin', 'GET', '/v1/orgs/{organizations.initech}/openapi/events-api');
    expect(later.body.processingState).toBe('complete');
  });
});

describe('large', () => {
  const { gb, t } = loaded('large');

  it('holds the promised counts, made from the seed', async () => {
    const org = '/v1/orgs/{organizations.large-org}';
    expect((await t.call('admin', 'GET', `${org}/members?limit=1`)).body.count).toBe(2002);
    expect((await t.call('admin', 'GET', `${org}/teams?limit=1`)).body.count).toBe(100);
    const state = gb.mock!.runtime.db;
    expect(state.spaces.size).toBe(50);
    expect(state.comments.size).toBe(100_000);
    expect(state.changeRequests.size).toBe(5_000);
    const comments = await t.call('admin', 'GET', '/v1/spaces/{spaces.busiest}/comments?limit=100');
    expect(comments.status).toBe(200);
    expect(comments.body.items).toHaveLength(100);
    expect(comments.body.count).toBe(50_000);
    // Engine families, scaled: 20 collections (some nested), 500 redirects, every 25th a draft.
    expect((await t.call('reader', 'GET', `${org}/collections?limit=1`)).body.count).toBe(20);
    expect((await t.call('reader', 'GET', `${org}/collections?nested=false&limit=1`)).body.count).toBeLessThan(20);
    const redirects = await t.call('reader', 'GET', `${org}/sites/{sites.large-site}/redirects?limit=100`);
    expect(redirects.body.items).toHaveLength(100);
    expect(redirects.body.count).toBe(480);
    const found = await t.call('reader', 'GET', `${org}/sites/{sites.large-site}/redirect?source=/legacy/page-11/more`);
    expect(found.body.target).toBe('https://example.com/archive/11/more');
  });
});
