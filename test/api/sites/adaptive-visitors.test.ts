/**
 * Adaptive content: a site token's reads show what the claims the URL lookup put in it open.
 * On site-launch's partner portal, the "API reference" section holds `visitor.claims.isPartner`
 * and the "beta" site space of Guides `visitor.claims.isBetaUser`.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ scenario: 'site-launch', wallClock: () => 0 });
const t = callsOn(gb);

const PORTAL = '/v1/orgs/{organizations.acme}/sites/{sites.partner-portal}';
const BETA_PAGE = 'Getting started (beta)';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A visitor token carrying signed claims (the mock does not check its signature). */
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'HS256' })}.${b64({ ...claims, exp: Date.parse(gb.manifest.now) / 1000 + 3600 })}.c2ln`;

function portalUrl(path = ''): string {
  return `${gb.manifest.publishedUrls!.shareLinks['partner-active']}${path}`;
}

/** The site token a visitor gets for the partner portal, with `visitor` in the lookup's body. */
async function tokenFor(visitor?: Record<string, unknown>): Promise<string> {
  const res = await t.call(null, 'POST', '/v1/urls/published', { url: portalUrl(), ...(visitor && { visitor }) });
  expect(res.status).toBe(200);
  return res.body.apiToken;
}

/** Section paths and site-space paths of the published structure the caller reads. */
async function publishedPaths(caller: string) {
  const res = await t.call(caller, 'GET', `${PORTAL}/published`);
  expect(res.status).toBe(200);
  expectOfficial('getPublishedContentSite', 200, res.body);
  const sections: { path: string; siteSpaces: { id: string; path: string }[] }[] = [];
  const walk = (items: any[]) => items.forEach((i) => (i.object === 'site-section' ? sections.push(i) : walk(i.children ?? [])));
  walk(res.body.structure.structure);
  return {
    sections: sections.map((s) => s.path),
    siteSpaces: sections.flatMap((s) => s.siteSpaces.map((ss) => `${s.path}/${ss.path}`)),
    customized: Object.keys(res.body.customizations.siteSpaces).length,
  };
}

async function searchAll(caller: string): Promise<string> {
  const res = await t.call(caller, 'POST', `${PORTAL}/search`, { query: 'Getting started', scope: { mode: 'all' } });
  expect(res.status).toBe(200);
  return JSON.stringify(res.body);
}

describe('adaptive content on the partner portal', () => {
  it('hides the partner section and the beta site space from a visitor with no claims', async () => {
    const token = await tokenFor();
    const seen = await publishedPaths(token);
    expect(seen.sections).toEqual(['guides', 'pets']);
    expect(seen.siteSpaces).toEqual(['guides/stable', 'pets/v1']);
    expect(seen.customized).toBe(2);
    expect(await searchAll(token)).not.toContain(BETA_PAGE);
  });

  it('answers a URL into a hidden section as one into a section that does not exist', async () => {
    const lookup = async (path: string) => (await t.call(null, 'POST', '/v1/urls/published', { url: portalUrl(path) })).body;
    const hidden = await lookup('/api/reference');
    const missing = await lookup('/no-such-section/reference');
    expect(hidden.space).toBe(gb.id('spaces', 'guides'));
    expect([hidden.siteSpace, hidden.pathname]).toEqual([missing.siteSpace, 'api/reference']);
    expect(missing.pathname).toBe('no-such-section/reference');
  });

  it('answers a read of a hidden site space\'s page with the token as a missing page (404)', async () => {
    const read = async (token: string) => {
      const revision = (await t.call(token, 'GET', '/v1/spaces/{spaces.guides-beta}/content')).body.id;
      return t.call(token, 'GET', `/v1/spaces/{spaces.guides-beta}/revisions/${revision}/page/{pages.guides-beta-start}/document`);
    };
    expect((await read(await tokenFor())).status).toBe(404);
    const beta = await read(await tokenFor({ jwtToken: jwt({ isBetaUser: true }) }));
    expect(beta.status).toBe(200);
    expectOfficial('getPageDocumentInRevisionById', 200, beta.body);
  });

  it('shows the partner section to a visitor whose signed claims hold isPartner', async () => {
    const token = await tokenFor({ jwtToken: jwt({ isPartner: true }) });
    expect((await publishedPaths(token)).sections).toEqual(['guides', 'api', 'pets']);
    const found = await t.call(null, 'POST', '/v1/urls/published', { url: portalUrl('/api/reference'), visitor: { jwtToken: jwt({ isPartner: true }) } });
    expect(found.status).toBe(200);
    expect(found.body.space).toBe(gb.id('spaces', 'api-docs'));
  });

  it('does not take an unsigned claim for the signed one the condition names', async () => {
    const token = await tokenFor({ unsignedClaims: { isPartner: true } });
    expect((await publishedPaths(token)).sections).toEqual(['guides', 'pets']);
  });

  it('shows the beta site space and finds its page for a beta visitor', async () => {
    const token = await tokenFor({ jwtToken: jwt({ isBetaUser: true }) });
    expect((await publishedPaths(token)).siteSpaces).toEqual(['guides/stable', 'guides/beta', 'pets/v1']);
    expect(await searchAll(token)).toContain(BETA_PAGE);
  });

  it('hides a default site space whose condition fails, and a section with no site space shown', async () => {
    const patched = await t.call('admin', 'PATCH', `${PORTAL}/site-spaces/{siteSpaces.guides-stable}`, { condition: 'visitor.claims.isPartner' });
    expect(patched.status).toBe(200);
    const beta = await t.call(await tokenFor({ jwtToken: jwt({ isBetaUser: true }) }), 'GET', `${PORTAL}/published`);
    const guides = beta.body.structure.structure[0].children.find((c: { path: string }) => c.path === 'guides');
    expect(guides.siteSpaces.map((ss: { path: string; default: boolean }) => [ss.path, ss.default])).toEqual([['beta', true]]);
    expect((await publishedPaths(await tokenFor())).sections).toEqual(['pets']);
  });

  it('shows a member everything, conditions included', async () => {
    const seen = await publishedPaths('admin');
    expect(seen.sections).toEqual(['guides', 'api', 'pets']);
    expect(seen.siteSpaces).toEqual(['guides/stable', 'guides/beta', 'api/reference', 'pets/v1']);
    expect(await searchAll('admin')).toContain(BETA_PAGE);
  });
});
