/**
 * A deleted site takes what points at it (issue 40, finding 1): its installations, Git Sync
 * installations, redirects and the organization's default content no longer name it, so the
 * state exported after the delete imports back.
 */
import { expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const gb = useGitBookMock({ scenario: 'site-launch', wallClock: () => 0 });
const t = callsOn(gb);

it('deleting a site leaves a state that imports back, with no installation on it', async () => {
  const site = gb.id('sites', 'docs-site');
  expect((await t.call('admin', 'DELETE', `/v1/orgs/{organizations.acme}/sites/${site}`)).status).toBe(205);

  const exported = (await t.admin('GET', '/__admin/state')).body;
  expect(exported.siteInstallations.filter((i: { target: string }) => i.target === site)).toEqual([]);
  const imported = await t.admin('PUT', '/__admin/state', exported);
  expect(imported.body.error?.message).toBeUndefined();
  expect(imported.status).toBe(200);
});
