/**
 * What a site keeps for its agent and its ads: agent settings, the style guide and its runs,
 * the ads request and the partner's answer, the default template, an agent's feedback and the
 * findings of a topic. Each write is read back where the service shows it.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial } from '../../helpers/official.ts';
import { SITE, expectRefused } from './helpers.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

describe('site agent settings', () => {
  const SETTINGS = `${SITE}/agent-settings`;
  const written = {
    scans: { topics: 'never' },
    findings: { changeRequests: 'always' },
    editing: { customInstructions: { object: 'document', data: {}, nodes: [] } },
  };

  it('read the defaults until written, then what was written, by whom and when', async () => {
    const first = await t.call('reader', 'GET', SETTINGS);
    expect(first.status).toBe(200);
    expectOfficial('getSiteAgentSettingsById', 200, first.body);
    expect(first.body.updatedBy).toBeUndefined();
    const res = await t.call('admin', 'PUT', SETTINGS, written);
    expect(res.status).toBe(200);
    expectOfficial('updateSiteAgentSettingsById', 200, res.body);
    expect(res.body).toMatchObject({ ...written, updatedBy: gb.id('users', 'admin') });
    expect((await t.call('reader', 'GET', SETTINGS)).body).toEqual(res.body);
  });

  it('are written by admins only (403), hidden from outsiders (404), and need every part (400)', async () => {
    expect((await t.call('editor', 'PUT', SETTINGS, written)).status).toBe(403);
    expect((await t.call('outsider', 'GET', SETTINGS)).status).toBe(404);
    await expectRefused(t, 'PUT', SETTINGS, { scans: written.scans }, 400, 'body');
  });
});

describe('site style guide and its runs', () => {
  it('creates the style guide once, shows it on the site, and a run opens a change request in each space', async () => {
    const made = await t.call('admin', 'POST', `${SITE}/styleguide`, {});
    expect(made.status).toBe(200);
    expectOfficial('createSiteStyleguideById', 200, made.body);
    expect((await t.call('reader', 'GET', `/v1/spaces/${made.body.id}`)).status).toBe(200);
    expect((await t.call('admin', 'POST', `${SITE}/styleguide`, {})).body.id).toBe(made.body.id);
    expect((await t.call('reader', 'GET', SITE)).body.styleguide).toEqual({ kind: 'space', space: made.body.id });

    const handbook = gb.id('spaces', 'handbook');
    const run = await t.call('admin', 'POST', `${SITE}/styleguide/runs`, { spaces: [handbook] });
    expect(run.status).toBe(201);
    expectOfficial('createSiteStyleguideRun', 201, run.body);
    expect(run.body.run).toMatchObject({ object: 'styleguide-run', site: gb.id('sites', 'docs-site'), styleguide: made.body.id, spaces: [handbook], createdBy: { id: gb.id('users', 'admin') } });
    const [cr] = run.body.changeRequests;
    expect(cr.status).toBe('open');
    expect((await t.call('reader', 'GET', `/v1/spaces/${handbook}/change-requests/${cr.id}`)).status).toBe(200);

    const runs = await t.call('reader', 'GET', `${SITE}/styleguide/runs`);
    expect(runs.status).toBe(200);
    expectOfficial('listSiteStyleguideRuns', 200, runs.body);
    expect(runs.body.items).toEqual([run.body.run]);
  });

  it('updateSiteById names another space as the style guide, or none', async () => {
    const handbook = gb.id('spaces', 'handbook');
    const set = await t.call('admin', 'PATCH', SITE, { styleguide: handbook });
    expect(set.status).toBe(200);
    expect(set.body.styleguide).toEqual({ kind: 'space', space: handbook });
    expect((await t.call('admin', 'POST', `${SITE}/styleguide`, {})).body.id).toBe(handbook);
    expect((await t.call('admin', 'PATCH', SITE, { styleguide: null })).body.styleguide).toBeUndefined();
    await expectRefused(t, 'PATCH', SITE, { styleguide: 'nope' }, 400, 'body.styleguide');
  });

  it('refuses a run before there is a style guide (404), on a space of no site space (400), and from non-admins (403)', async () => {
    const handbook = gb.id('spaces', 'handbook');
    await expectRefused(t, 'POST', `${SITE}/styleguide/runs`, { spaces: [handbook] }, 404);
    const made = await t.call('admin', 'POST', `${SITE}/styleguide`, {});
    await expectRefused(t, 'POST', `${SITE}/styleguide/runs`, { spaces: [made.body.id] }, 400, 'body.spaces[0]');
    await expectRefused(t, 'POST', `${SITE}/styleguide/runs`, { spaces: ['nope'] }, 400, 'body.spaces[0]');
    expect((await t.call('editor', 'POST', `${SITE}/styleguide/runs`, { spaces: [handbook] })).status).toBe(403);
    expect((await t.call('editor', 'POST', `${SITE}/styleguide`, {})).status).toBe(403);
    expect((await t.call('reader', 'GET', `${SITE}/styleguide/runs`)).body.items).toEqual([]);
  });
});

describe('site ads', () => {
  it('an admin asks for review, the partner lists the site and makes it live, and the site shows it', async () => {
    expect((await t.call('reader', 'GET', SITE)).body.ads).toBeUndefined();
    const asked = await t.call('admin', 'POST', `${SITE}/ads`, { status: 'in-review', topic: 'webdev' });
    expect(asked.status).toBe(204);
    expect((await t.call('reader', 'GET', SITE)).body.ads).toEqual({ status: 'in-review', topic: 'webdev' });

    const site = (await t.call('reader', 'GET', SITE)).body;
    const admin = (await t.call('admin', 'GET', '/v1/user')).body;
    const listed = await t.call('reader', 'GET', '/v1/ads/sites');
    expect(listed.status).toBe(200);
    expectOfficial('adsListSites', 200, listed.body);
    expect(listed.body.items).toEqual([{ id: site.id, url: site.urls.published, email: admin.email, topic: 'webdev', status: 'in-review' }]);

    expect((await t.call('reader', 'PATCH', `/v1/ads/sites/${site.id}`, { status: 'live', zoneId: 'zone-1', reportingId: 'report-1' })).status).toBe(204);
    expect((await t.call('reader', 'GET', SITE)).body.ads).toEqual({ status: 'live', topic: 'webdev', zoneId: 'zone-1' });
    expect((await t.call('reader', 'GET', '/v1/ads/sites?status=live')).body.items).toEqual([{ id: site.id, url: site.urls.published, email: admin.email, topic: 'webdev', status: 'live', zoneId: 'zone-1' }]);
    expect((await t.call('reader', 'GET', '/v1/ads/sites')).body.items).toEqual([]);
  });

  it('refuses a review without a topic (400), non-admins (403), and a partner answer for a site that never asked (404)', async () => {
    await expectRefused(t, 'POST', `${SITE}/ads`, { status: 'in-review' }, 400, 'body.topic');
    expect((await t.call('editor', 'POST', `${SITE}/ads`, { status: 'in-review', topic: 'webdev' })).status).toBe(403);
    await expectRefused(t, 'PATCH', '/v1/ads/sites/{sites.docs-site}', { status: 'rejected', reason: 'No' }, 404);
  });
});

describe('applyTemplateToSite', () => {
  it('answers for admins and refuses others', async () => {
    expect((await t.call('admin', 'POST', `${SITE}/template`)).status).toBe(200);
    expect((await t.call('editor', 'POST', `${SITE}/template`)).status).toBe(403);
    expect((await t.call('outsider', 'POST', `${SITE}/template`)).status).toBe(404);
  });
});

describe("an agent's feedback", () => {
  it('is kept with an id of its own, never the site\'s, for members (201); strangers get 404', async () => {
    const body = { subject: { kind: 'generic' }, feedback: { category: 'usability', summary: 'The expenses page does not say what a per diem covers' } };
    const res = await t.call('reader', 'POST', `${SITE}/agents/feedback`, body);
    expect(res.status).toBe(201);
    expectOfficial('submitAgentFeedbackToSite', 201, res.body);
    expect(res.body.id).not.toBe(gb.id('sites', 'docs-site'));
    const kept = (await t.admin('GET', '/__admin/state')).body.officialRecords.find((r: { id: string }) => r.id === res.body.id);
    expect(kept).toMatchObject({ parent: gb.id('sites', 'docs-site'), fields: { ...body, by: gb.id('users', 'reader') } });
    expect((await t.call('outsider', 'POST', `${SITE}/agents/feedback`, body)).status).toBe(404);
  });
});

describe("a topic's findings", () => {
  it('are all deleted at once (205), then there are none (204); editors are refused (403)', async () => {
    const topic = `${SITE}/topics/{officialRecords.expenses-topic}/findings`;
    const findings = async () => (await t.call('reader', 'GET', `${SITE}/findings`)).body.items.map((f: { id: string }) => f.id);
    expect(await findings()).toEqual([gb.id('officialRecords', 'expense-form-link')]);
    expect((await t.call('editor', 'DELETE', topic)).status).toBe(403);
    expect((await t.call('admin', 'DELETE', topic)).status).toBe(205);
    expect(await findings()).toEqual([]);
    expect((await t.call('admin', 'DELETE', topic)).status).toBe(204);
  });
});
