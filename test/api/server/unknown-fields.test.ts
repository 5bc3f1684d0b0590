/**
 * Nothing unknown is stored, at any depth (issue 40): a field the request body's schema does
 * not name is dropped wherever it sits (`__proto__` and `constructor` included), named in
 * `X-Mock-Warning`, never echoed; what a write stores exports and imports back.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, type Calls } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const SITE = '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}';
const SS_CUSTOM = `${SITE}/site-spaces/{siteSpaces.handbook-site-space}/customization`;

/** PUT /__admin/state of GET /__admin/state: what the writes stored imports back. */
async function expectImportsBack(calls: Calls): Promise<void> {
  const exported = await calls.admin('GET', '/__admin/state');
  expect(exported.status).toBe(200);
  const imported = await calls.admin('PUT', '/__admin/state', exported.body);
  expect(imported.body).not.toHaveProperty('error');
  expect(imported.status).toBe(200);
}

describe('unknown fields of a body are dropped at every depth', () => {
  it("drops the other branch's field of a space's merge rules and a __proto__ in an organization's, so the state imports back", async () => {
    const space = await t.call('admin', 'PATCH', '/v1/spaces/{spaces.handbook}', { mergeRules: { type: 'none', rules: [{ rule: 'require_at_least_one_review' }] } });
    expect(space.status).toBe(200);
    expect(space.body.mergeRules).toEqual({ type: 'none' });
    expect(space.headers.get('x-mock-warning')).toContain('body.mergeRules.rules');
    const org = await t.call('admin', 'PATCH', '/v1/orgs/{organizations.acme}', '{"mergeRules":{"type":"none","__proto__":{"polluted":true}}}');
    expect(org.status).toBe(200);
    expect(org.body.mergeRules).toEqual({ type: 'none' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await expectImportsBack(t);
  });

  it('merges a site-space override field by field into styling.sidebar, and drops and names the junk it carries', async () => {
    const before = (await t.call('admin', 'GET', SS_CUSTOM)).body;
    const res = await t.call('admin', 'PATCH', SS_CUSTOM, {
      styling: { sidebar: { list: 'default' }, infoColor: { light: '#787878', dark: '#85B', junk: 1 } },
      junkTop: true,
    });
    expect(res.status).toBe(200);
    expectOfficial('overrideSiteSpaceCustomizationById', 200, res.body);
    expect(res.body.styling.sidebar).toEqual({ ...before.styling.sidebar, list: 'default' });
    expect(res.body.styling.infoColor).toEqual({ light: '#787878', dark: '#85B' });
    expect(res.body).not.toHaveProperty('junkTop');
    expect(res.headers.get('x-mock-warning')).toMatch(/body\.styling\.infoColor\.junk.*body\.junkTop|body\.junkTop.*body\.styling\.infoColor\.junk/);
    expect((await t.call('reader', 'GET', SS_CUSTOM)).body).toEqual(res.body);
    await expectImportsBack(t);
  });

  it('sends no warning when the body names nothing unknown', async () => {
    const res = await t.call('admin', 'PATCH', SS_CUSTOM, { title: 'Handbook' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-warning')).toBeNull();
  });
});
