/** Custom hostnames, computed from the sites that have one (starter: docs.globex.test on globex-docs). */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const HOST = '/v1/custom-hostnames/docs.globex.test';
const SITE = '/v1/orgs/{organizations.globex}/sites/{sites.globex-docs}';

describe('custom hostnames', () => {
  it('names the site it serves, through the official client, for members of its organization only', async () => {
    const got = await gb.client('admin').customHostnames.getCustomHostname('docs.globex.test');
    expectOfficial('getCustomHostname', 200, got.data);
    expect(got.data.target).toEqual({ type: 'site', site: gb.id('sites', 'globex-docs') });
    // reader is a member of acme, not of globex: the hostname is not there for them.
    expect((await t.call('reader', 'GET', HOST)).status).toBe(404);
    expect((await t.call('outsider', 'GET', HOST)).status).toBe(404);
    expect((await t.call('admin', 'GET', '/v1/custom-hostnames/docs.nowhere.test')).status).toBe(404);
    const site = await t.call('admin', 'GET', SITE);
    expect(site.body.urls.published).toMatch(/^https:\/\/docs\.globex\.test/);
  });

  it('is removed by an admin (205), the site going back to its gitbook.io URL; 204 when there is none to see', async () => {
    expect((await t.call('reader', 'DELETE', HOST)).status).toBe(204);
    expect((await t.call('admin', 'GET', HOST)).status).toBe(200);
    expect((await t.call('reader', 'PATCH', HOST)).status).toBe(404);
    expect((await t.call('admin', 'PATCH', HOST)).status).toBe(204);
    expect((await t.call('admin', 'DELETE', HOST)).status).toBe(205);
    expect((await t.call('admin', 'GET', HOST)).status).toBe(404);
    expect((await t.call('admin', 'DELETE', HOST)).status).toBe(204);
    const site = await t.call('admin', 'GET', SITE);
    expect(site.body.urls.published).toMatch(/gitbook\.io/);
  });
});
