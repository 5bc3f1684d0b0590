/**
 * Which events the mock sends, and when: each follows a committed change of the state (a
 * merge, a Git import or export, a visibility change, an installation set up, changed or
 * removed), in the official body of its type, addressed to the installations that subscribe;
 * a refused request sends nothing. In-process: deliveries go to the session's sink
 * (`mock:events`); test/system/events/delivery.test.ts covers the HTTP deliveries.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock, type GitBookMock, type UseMockOptions } from '../../../src/vitest/index.ts';
import { callsOn, type Calls, scenarioOptions } from '../../helpers/calls.ts';
import { expectOfficialEvent } from '../../helpers/events.ts';
import { formatErrors, officialComponent } from '../../helpers/official.ts';
import { verifyIntegrationRequestSignature } from '../../helpers/integration-signature.ts';
import { formatHtml, formatText } from '../../../src/coverage/format.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

/** Starter plus `notifier`, published by acme, not installed anywhere yet, its events to the sink. */
function withNotifier(extra: object = {}): UseMockOptions {
  return { wallClock: () => 0, ...scenarioOptions('events', {
    description: 'starter, and an integration not installed yet',
    extends: 'starter',
    integrations: [{ key: 'notifier', title: 'Notifier', owner: 'acme', url: 'mock:events', scopes: ['space:content:read', 'space:metadata:read'] }],
    ...extra,
  }) };
}

const types = (gb: GitBookMock) => gb.mock!.events.list().map((e) => e.type);

async function mergeChangeRequest(t: Calls, spaceId: string, user = 'editor') {
  const cr = await t.call(user, 'POST', `/v1/spaces/${spaceId}/change-requests`, { subject: 'Fix typo' });
  await t.call(user, 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content/import`, { url: 'https://example.com/typo', source: 'website' });
  const merged = await t.call(user, 'POST', `/v1/spaces/${spaceId}/change-requests/${cr.body.id}/merge`);
  expect(merged.status).toBe(200);
  return { changeRequest: cr.body.id as string, revision: merged.body.revision as string };
}

const gitBody = (extra: object = {}) => ({ url: 'https://github.com/acme/handbook.git', ref: 'refs/heads/main', ...extra });

describe('events follow the state', () => {
  it('a merged change request: space_content_updated with the new revision, by the merger, to the installation on the space', async () => {
    const spaceId = gb.id('spaces', 'handbook');
    const { revision } = await mergeChangeRequest(t, spaceId);
    const event = await gb.mock!.events.next('space_content_updated');
    expectOfficialEvent(event);
    expect(event).toMatchObject({ type: 'space_content_updated', spaceId, revisionId: revision, installationId: gb.id('installations', 'docs-bot-acme') });
    expect((event.updatedBy as { id: string }[]).map((u) => u.id)).toEqual([gb.id('users', 'editor')]);
    expect((await t.call('reader', 'GET', `/v1/spaces/${spaceId}`)).body.revision).toBe(revision);
    // The sink took it at once.
    const [item] = gb.mock!.events.list({ type: 'space_content_updated' });
    expect(item.deliveries).toMatchObject([{ id: event.eventId, url: 'mock:events', status: 'delivered', attempts: [{ status: 200 }] }]);
  });

  it('a space nobody installed on hears nothing', async () => {
    await mergeChangeRequest(t, gb.id('spaces', 'api-docs'));
    expect(types(gb)).toEqual([]);
  });

  it('a Git import: space_gitsync_started, space_content_updated, space_gitsync_completed, with its revision and commit', async () => {
    const spaceId = gb.id('spaces', 'handbook');
    expect((await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/import`, gitBody())).status).toBe(204);
    expect(types(gb)).toEqual(['space_gitsync_started', 'space_content_updated', 'space_gitsync_completed']);
    const revision = (await t.call('reader', 'GET', `/v1/spaces/${spaceId}/content`)).body;
    const [started, updated, completed] = gb.mock!.events.list().map((e) => e.payload);
    for (const p of [started, updated, completed]) expectOfficialEvent(p);
    expect(started).toMatchObject({ spaceId, revisionId: revision.id, commitId: revision.git.oid });
    expect(updated).toMatchObject({ spaceId, revisionId: revision.id });
    expect(completed).toMatchObject({ spaceId, revisionId: revision.id, commitId: revision.git.oid, state: 'success' });
  });

  it('a standalone Git import (a preview): space_gitsync_started and _completed with the preview revision, the content unchanged', async () => {
    const spaceId = gb.id('spaces', 'handbook');
    const live = (await t.call('reader', 'GET', `/v1/spaces/${spaceId}`)).body.revision;
    expect((await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/import`, gitBody({ ref: 'refs/pull/7/head', standalone: true }))).status).toBe(204);
    expect(types(gb)).toEqual(['space_gitsync_started', 'space_gitsync_completed']);
    const event = gb.mock!.events.list({ type: 'space_gitsync_completed' })[0].payload;
    expectOfficialEvent(event);
    expect(event.revisionId).not.toBe(live);
    const preview = (await t.call('reader', 'GET', `/v1/spaces/${spaceId}/revisions/${event.revisionId}`)).body;
    expect(preview.git).toMatchObject({ ref: 'refs/pull/7/head', oid: event.commitId });
    expect((await t.call('reader', 'GET', `/v1/spaces/${spaceId}`)).body.revision).toBe(live);
  });

  it('a Git export: space_gitsync_started and _completed with the exported revision and its commit; no content change', async () => {
    const spaceId = gb.id('spaces', 'handbook');
    expect((await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/export`, gitBody({ commitMessage: 'Sync' }))).status).toBe(204);
    expect(types(gb)).toEqual(['space_gitsync_started', 'space_gitsync_completed']);
    const revision = (await t.call('reader', 'GET', `/v1/spaces/${spaceId}/content`)).body;
    for (const { payload } of gb.mock!.events.list()) {
      expectOfficialEvent(payload);
      expect(payload).toMatchObject({ spaceId, revisionId: revision.id, commitId: revision.git.oid });
    }
  });

  describe('with notifier installed on an in-collection space', () => {
    const gb = useGitBookMock(withNotifier({
      spaces: [{ key: 'guides', organization: 'acme', title: 'Guides', visibility: 'in-collection' }],
      installations: [{ key: 'notifier-acme', integration: 'notifier', organization: 'acme', spaces: ['guides'] }],
    }));
    const t = callsOn(gb);

    it('a visibility change: space_visibility_updated with both visibilities', async () => {
      const spaceId = gb.id('spaces', 'guides');
      // A rename changes neither content nor visibility: no event.
      expect((await t.call('admin', 'PATCH', `/v1/spaces/${spaceId}`, { title: 'Renamed' })).status).toBe(200);
      expect(types(gb)).toEqual([]);
      // Out of any collection, an in-collection space becomes private.
      const moved = await t.call('admin', 'POST', `/v1/spaces/${spaceId}/move`, { parent: null });
      expect(moved.status).toBe(200);
      expect(moved.body.visibility).toBe('private');
      const event = await gb.mock!.events.next('space_visibility_updated');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ spaceId, installationId: gb.id('installations', 'notifier-acme'), previousVisibility: 'in-collection', visibility: 'private' });
      await t.call('admin', 'POST', `/v1/spaces/${spaceId}/move`, { parent: null });
      expect(types(gb)).toEqual(['space_visibility_updated']);
    });
  });

  describe('with notifier not installed yet', () => {
    const gb = useGitBookMock(withNotifier());
    const t = callsOn(gb);

    it('installation set up, changed, on a space and a site, removed: each its official event, to the installation', async () => {
      const api = gb.client('admin');
      const org = gb.id('organizations', 'acme');
      const spaceId = gb.id('spaces', 'api-docs');
      const siteId = gb.id('sites', 'docs-site');

      const installation = (await api.integrations.installIntegration('notifier', { organization: org })).data;
      let event: { type: string } = await gb.mock!.events.next('installation_setup');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ installationId: installation.id, status: 'active' });
      expect(event).not.toHaveProperty('previous');

      await api.integrations.updateIntegrationInstallation('notifier', installation.id, { configuration: { channel: '#docs' } });
      event = await gb.mock!.events.next('installation_setup');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ installationId: installation.id, status: 'active', previous: { status: 'active', configuration: {} } });
      // The same configuration again changes nothing: no event.
      await api.integrations.updateIntegrationInstallation('notifier', installation.id, { configuration: { channel: '#docs' } });

      await api.integrations.installIntegrationOnSpace('notifier', installation.id, { space: spaceId });
      event = await gb.mock!.events.next('space_installation_setup');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ installationId: installation.id, spaceId, status: 'active' });
      await api.integrations.updateIntegrationSpaceInstallation('notifier', installation.id, spaceId, { configuration: { events: true } });
      event = await gb.mock!.events.next('space_installation_setup');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ spaceId, previous: { status: 'active', configuration: {} } });

      await api.integrations.installIntegrationOnSite('notifier', installation.id, { siteId });
      event = await gb.mock!.events.next('site_installation_setup');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ installationId: installation.id, siteId, status: 'active' });

      // Installed on the space, it now hears of its content.
      await mergeChangeRequest(t, spaceId);
      expect((await gb.mock!.events.next('space_content_updated')).installationId).toBe(installation.id);

      await api.integrations.uninstallIntegrationFromSpace('notifier', installation.id, spaceId);
      event = await gb.mock!.events.next('space_installation_deleted');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ installationId: installation.id, spaceId, previous: { configuration: { events: true } } });
      await mergeChangeRequest(t, spaceId);

      await api.integrations.uninstallIntegration('notifier', installation.id);
      event = await gb.mock!.events.next('installation_deleted');
      expectOfficialEvent(event);
      expect(event).toMatchObject({ installationId: installation.id, previous: { configuration: { channel: '#docs' } } });
      // Removing the installation removes its site installation: its own event says it all.
      expect(types(gb)).toEqual([
        'installation_setup',
        'installation_setup',
        'space_installation_setup',
        'space_installation_setup',
        'site_installation_setup',
        'space_content_updated',
        'space_installation_deleted',
        'installation_deleted',
      ]);
    });
  });

  describe('with an integration whose deliveries the test takes', () => {
    const sent: Request[] = [];
    const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Request(url, init));
      return new Response('OK');
    };
    const gb = useGitBookMock({
      wallClock: () => 0,
      events: { fetch: fetch as typeof globalThis.fetch },
      ...scenarioOptions('events-bodies', {
        description: 'starter, and an integration whose deliveries the test takes',
        extends: 'starter',
        integrations: [{ key: 'notifier', title: 'Notifier', owner: 'acme', url: 'http://receiver.invalid/v1' }],
      }),
    });
    const t = callsOn(gb);

    it('every body a runtime delivery carries: the official event and environment, signed', async () => {
      const api = gb.client('admin');
      const spaceId = gb.id('spaces', 'handbook');
      const siteId = gb.id('sites', 'docs-site');
      const installation = (await api.integrations.installIntegration('notifier', { organization: gb.id('organizations', 'acme') })).data;
      await api.integrations.installIntegrationOnSpace('notifier', installation.id, { space: spaceId });
      await api.integrations.installIntegrationOnSite('notifier', installation.id, { siteId });
      await mergeChangeRequest(t, spaceId);
      await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/import`, gitBody());
      await t.call('reader', 'POST', `/v1/orgs/${gb.id('organizations', 'acme')}/sites/${siteId}/insights/events`, {
        events: [{ type: 'page_view', session: { visitorId: 'v', sessionId: 's', cookies: {}, userAgent: 'UA', language: null, referrer: null }, location: { url: 'https://acme.test/docs', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null } }],
      });
      await api.integrations.uninstallIntegrationFromSite('notifier', installation.id, siteId);
      await api.integrations.uninstallIntegration('notifier', installation.id);
      const expected = ['installation_setup', 'space_installation_setup', 'site_installation_setup', 'space_content_updated', 'space_gitsync_started', 'space_content_updated', 'space_gitsync_completed', 'site_view', 'site_installation_deleted', 'installation_deleted'];
      await expect.poll(() => sent.length).toBe(expected.length);
      const validEnvironment = officialComponent('IntegrationEnvironment');
      const seen: string[] = [];
      for (const request of sent) {
        expect(request.url).toBe('http://receiver.invalid/v1');
        expect(await verifyIntegrationRequestSignature(request, { signingSecrets: { integration: gb.manifest.signingSecrets.notifier } })).toBe(true);
        const form = await request.formData();
        const event = JSON.parse(form.get('event') as string);
        const environment = JSON.parse(form.get('environment') as string);
        expectOfficialEvent(event);
        expect(validEnvironment(environment), `${event.type}: ${formatErrors(validEnvironment)}`).toBe(true);
        expect(environment).toMatchObject({ apiEndpoint: gb.url, integration: { name: 'notifier' }, installation: { id: installation.id }, signingSecrets: { integration: gb.manifest.signingSecrets.notifier } });
        if (event.spaceId && event.type !== 'site_view') expect(environment.spaceInstallation).toMatchObject({ space: spaceId });
        if (event.siteId) expect(environment.siteInstallation).toMatchObject({ site: siteId });
        // The installation's token while it exists; its event of removal carries the integration's only.
        expect(Boolean(environment.apiTokens.installation)).toBe(event.type !== 'installation_deleted');
        seen.push(event.type);
      }
      expect(seen).toEqual(expected);
    });
  });

  describe('with notifier, for refusals', () => {
    const gb = useGitBookMock(withNotifier());
    const t = callsOn(gb);

    it('a refused request sends nothing', async () => {
      const spaceId = gb.id('spaces', 'handbook');
      expect((await t.call('editor', 'PATCH', `/v1/spaces/${spaceId}`, { title: 5 })).status).toBe(400);
      expect((await t.call('editor', 'POST', `/v1/spaces/${spaceId}/move`, { parent: null })).status).toBe(403);
      expect((await t.call('reader', 'POST', `/v1/spaces/${spaceId}/git/import`, gitBody())).status).toBe(403);
      expect((await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/import`, { ref: 'refs/heads/main' })).status).toBe(400);
      expect((await t.call('editor', 'POST', '/v1/integrations/notifier/installations', { organization: gb.id('organizations', 'acme') })).status).toBe(403);
      const installed = await t.call('admin', 'POST', '/v1/integrations/notifier/installations', { organization: gb.id('organizations', 'acme') });
      expect(installed.status).toBe(201);
      expect((await t.call('admin', 'POST', '/v1/integrations/notifier/installations', { organization: gb.id('organizations', 'acme') })).status).toBe(409);
      expect((await t.call('admin', 'POST', `/v1/integrations/notifier/installations/${installed.body.id}/spaces`, { space: 'nope' })).status).toBe(400);
      expect(types(gb)).toEqual(['installation_setup']);
    });
  });

  describe('with two integrations on guides', () => {
    const gb = useGitBookMock({ wallClock: () => 0, ...scenarioOptions('events-subscribed', {
      description: 'two integrations on api-docs',
      extends: 'starter',
      spaces: [{ key: 'guides', organization: 'acme', title: 'Guides', visibility: 'in-collection' }],
      integrations: [
        { key: 'visibility-only', owner: 'acme', url: 'mock:events', events: ['space_visibility_updated'] },
        { key: 'no-url', owner: 'acme' },
      ],
      installations: [
        { key: 'visibility-only-acme', integration: 'visibility-only', organization: 'acme', spaces: ['guides'] },
        { key: 'no-url-acme', integration: 'no-url', organization: 'acme', spaces: ['guides'] },
      ],
    }) });
    const t = callsOn(gb);

    it('an integration hears only the types it subscribes to; one with no delivery URL is listed with no delivery', async () => {
      const spaceId = gb.id('spaces', 'guides');
      await mergeChangeRequest(t, spaceId, 'admin');
      await t.call('admin', 'POST', `/v1/spaces/${spaceId}/move`, { parent: null });
      const items = gb.mock!.events.list();
      expect(items.map((e) => [e.type, e.payload.installationId, e.deliveries.length])).toEqual([
        ['space_content_updated', gb.id('installations', 'no-url-acme'), 0],
        ['space_visibility_updated', gb.id('installations', 'visibility-only-acme'), 1],
        ['space_visibility_updated', gb.id('installations', 'no-url-acme'), 0],
      ]);
    });
  });
});

describe('site events: what trackEventsInSiteById reports', () => {
  const session = { visitorId: 'visitor-1', sessionId: 'session-1', cookies: { theme: 'dark' }, userAgent: 'Mozilla/5.0', language: 'fr', referrer: 'https://search.example/' };
  const location = (t: Calls) => ({
    url: 'https://acme.gitbook.io/docs/handbook/welcome?tab=1',
    siteSection: t.id('siteSections', 'handbook-section'),
    siteSpace: t.id('siteSpaces', 'handbook-site-space'),
    siteShareKey: null,
    space: t.id('spaces', 'handbook'),
    revision: null,
    page: 'page-1',
  });
  const track = (t: Calls, site: string, events: unknown[]) => t.call('reader', 'POST', `/v1/orgs/${t.id('organizations', 'acme')}/sites/${site}/insights/events`, { events });

  it('a page view gives site_view, feedback gives page_feedback, to the installation on the site', async () => {
    const siteId = gb.id('sites', 'docs-site');
    const answer = await track(t, siteId, [
      { type: 'page_view', session, location: location(t) },
      { type: 'search_open', session, location: location(t) },
      { type: 'page_post_feedback', session, location: location(t), feedback: { rating: 'good' } },
      { type: 'page_post_feedback_comment', session: { ...session, referrer: null, ip: '203.0.113.9' }, location: location(t), feedback: { rating: 'bad', comment: 'Too short' } },
    ]);
    expect(answer.status).toBe(204);
    expect(types(gb)).toEqual(['site_view', 'page_feedback', 'page_feedback']);
    const [view, good, bad] = gb.mock!.events.list().map((e) => e.payload);
    for (const p of [view, good, bad]) expectOfficialEvent(p);
    const visitor = { anonymousId: 'visitor-1', cookies: { theme: 'dark' }, userAgent: 'Mozilla/5.0', language: 'fr', ip: '127.0.0.1' };
    expect(view).toEqual({
      eventId: view.eventId,
      type: 'site_view',
      installationId: gb.id('installations', 'docs-bot-acme'),
      siteId,
      spaceId: gb.id('spaces', 'handbook'),
      siteSpaceId: gb.id('siteSpaces', 'handbook-site-space'),
      pageId: 'page-1',
      visitor,
      url: 'https://acme.gitbook.io/docs/handbook/welcome?tab=1',
      referrer: 'https://search.example/',
    });
    expect(good).toMatchObject({ siteId, pageId: 'page-1', feedback: { rating: 'good' }, visitor, referrer: 'https://search.example/' });
    expect(bad).toMatchObject({ feedback: { rating: 'bad', comment: 'Too short' }, visitor: { ip: '203.0.113.9' }, referrer: '' });
  });

  describe('with notifier on an unpublished site', () => {
    const drafts = useGitBookMock(withNotifier({
      sites: [{ key: 'draft-site', organization: 'acme', title: 'Draft', published: false }],
      installations: [{ key: 'notifier-acme', integration: 'notifier', organization: 'acme', sites: ['draft-site'] }],
    }));
    const draft = callsOn(drafts);

    it('nothing for a refused body, a caller who cannot see the site, or an unpublished site', async () => {
      const siteId = gb.id('sites', 'docs-site');
      expect((await track(t, siteId, [{ type: 'page_view', session, location: { ...location(t), url: 'not a url' } }])).status).toBe(400);
      expect((await track(t, siteId, [{ type: 'page_view', location: location(t) }])).status).toBe(400);
      expect((await t.call('outsider', 'POST', `/v1/orgs/${gb.id('organizations', 'acme')}/sites/${siteId}/insights/events`, { events: [{ type: 'page_view', session, location: location(t) }] })).status).toBe(404);
      expect(types(gb)).toEqual([]);

      expect((await track(draft, drafts.id('sites', 'draft-site'), [{ type: 'page_view', session, location: location(draft) }])).status).toBe(204);
      expect(types(drafts)).toEqual([]);
    });
  });
});

describe('/__admin/events', () => {
  it('lists events with their deliveries, filters them, shows one, redelivers one and clears, per session', async () => {
    const spaceId = gb.id('spaces', 'handbook');
    await mergeChangeRequest(t, spaceId);
    await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/export`, gitBody({ commitMessage: 'Sync' }));

    const all = await t.admin('GET', '/__admin/events');
    expect(all.status).toBe(200);
    expect(all.body.items.map((e: { type: string }) => e.type)).toEqual(['space_content_updated', 'space_gitsync_started', 'space_gitsync_completed']);
    expect(all.body.items[0]).toMatchObject({ createdAt: expect.any(String), deliveries: [{ status: 'delivered', attempts: [{ status: 200, at: expect.any(String) }] }] });

    expect((await t.admin('GET', '/__admin/events?type=space_gitsync_completed')).body.items).toHaveLength(1);
    expect((await t.admin('GET', `/__admin/events?spaceId=${spaceId}&status=delivered`)).body.items).toHaveLength(3);
    expect((await t.admin('GET', '/__admin/events?spaceId=other')).body.items).toHaveLength(0);
    expect((await t.admin('GET', '/__admin/events?status=pending')).body.items).toHaveLength(0);
    expect((await t.admin('GET', `/__admin/events?installationId=${gb.id('installations', 'docs-bot-acme')}`)).body.items).toHaveLength(3);
    const badFilter = await t.admin('GET', '/__admin/events?kind=x');
    expect(badFilter.status).toBe(400);
    expect(JSON.stringify(badFilter.body)).toContain('query.kind');
    expect((await t.admin('GET', '/__admin/events?status=lost')).body.error).toEqual({ code: 400, message: 'query.status must be one of: "pending", "delivered", "failed"' });

    const id = all.body.items[0].id;
    expect((await t.admin('GET', `/__admin/events/${id}`)).body).toEqual(all.body.items[0]);
    expect((await t.admin('GET', '/__admin/events/nope')).status).toBe(404);

    const again = await t.admin('POST', `/__admin/events/${id}/redeliver`);
    expect(again.status).toBe(202);
    await expect.poll(async () => (await t.admin('GET', `/__admin/events/${id}`)).body.deliveries[0].attempts.length).toBe(2);
    expect((await t.admin('POST', '/__admin/events/nope/redeliver')).status).toBe(404);

    // Another session has its own events (a read names a session that exists: start it first).
    expect((await gb.fetch('/__admin/sessions/elsewhere', { method: 'PUT' })).status).toBeLessThan(300);
    const other = await gb.fetch('/__admin/events', { headers: { 'x-mock-session': 'elsewhere' } });
    expect(((await other.json()) as { items: unknown[] }).items).toEqual([]);

    expect((await t.admin('DELETE', '/__admin/events')).status).toBe(204);
    expect((await t.admin('GET', '/__admin/events')).body.items).toEqual([]);
  });

  describe('with an integration with no delivery URL', () => {
    const gb = useGitBookMock({ wallClock: () => 0, ...scenarioOptions('events-no-url', {
      description: 'an integration with no delivery URL',
      extends: 'starter',
      integrations: [{ key: 'no-url', owner: 'acme' }],
      installations: [{ key: 'no-url-acme', integration: 'no-url', organization: 'acme', spaces: ['api-docs'] }],
    }) });
    const t = callsOn(gb);

    it('an event with no delivery URL cannot be redelivered (409)', async () => {
      await mergeChangeRequest(t, gb.id('spaces', 'api-docs'), 'admin');
      const [item] = (await t.admin('GET', '/__admin/events')).body.items;
      expect((await t.admin('POST', `/__admin/events/${item.id}/redeliver`)).status).toBe(409);
    });
  });

  describe('with a receiver that holds the first try', () => {
    const calls: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(String(init?.body));
      if (calls.length === 1) await held;
      return new Response('ok');
    };
    const gb = useGitBookMock({
      wallClock: () => 0,
      events: { fetch: fetch as typeof globalThis.fetch },
      ...scenarioOptions('events-bounded', {
        description: 'an integration whose receiver holds the first try',
        extends: 'starter',
        integrations: [{ key: 'slow', owner: 'acme', url: 'http://receiver.invalid/v1', events: ['space_gitsync_started', 'space_gitsync_completed'] }],
        installations: [{ key: 'slow-acme', integration: 'slow', organization: 'acme', spaces: ['api-docs'] }],
      }),
    });
    const t = callsOn(gb);

    it('keeps the last 2,000 events: older ones go, with the tries still queued for them', async () => {
      const spaceId = gb.id('spaces', 'api-docs');
      for (let i = 0; i < 1050; i++) await t.call('admin', 'POST', `/v1/spaces/${spaceId}/git/export`, gitBody({ commitMessage: `Sync ${i}` }));
      const kept = gb.mock!.events.list();
      expect(kept).toHaveLength(2000);
      expect(calls).toHaveLength(1);
      release();
      await expect.poll(() => gb.mock!.events.list({ status: 'pending' }).length, { timeout: 15_000 }).toBe(0);
      // The held try, then each kept event once: the 99 others that went were never tried.
      expect(calls).toHaveLength(2001);
      expect(calls.slice(1)).toEqual(kept.map((item) => expect.stringContaining(JSON.stringify(item.payload))));
    }, 60_000);
  });

  it('reset and a scenario load forget the events', async () => {
    await mergeChangeRequest(t, gb.id('spaces', 'handbook'));
    expect(gb.mock!.events.list()).toHaveLength(1);
    await t.admin('POST', '/__admin/reset');
    expect(gb.mock!.events.list()).toHaveLength(0);
  });

  it('coverage counts the events sent, by type', async () => {
    await t.admin('DELETE', '/__admin/coverage'); // the coverage of this file's earlier tests
    const spaceId = gb.id('spaces', 'handbook');
    await mergeChangeRequest(t, spaceId);
    await mergeChangeRequest(t, spaceId);
    await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/export`, gitBody({ commitMessage: 'Sync' }));
    const { events } = (await t.admin('GET', '/__admin/coverage')).body;
    const sent = Object.fromEntries(events.items.map((e: { type: string; sent: number }) => [e.type, e.sent]));
    expect(sent).toMatchObject({ space_content_updated: 2, space_gitsync_started: 1, space_gitsync_completed: 1, space_visibility_updated: 0 });
    expect(events.sent).toBe(3);
    // The text and HTML reports list them too.
    const report = (await t.admin('GET', '/__admin/coverage')).body;
    const text = formatText(report);
    expect(text).toContain('Events sent to integrations');
    expect(text).toMatch(/^ {4,}2 {2}space_content_updated$/m);
    expect(text).toMatch(/^✗ {4,}0 {2}space_visibility_updated$/m);
    expect(formatHtml(report)).toContain('<h2>Events sent to integrations (3 of 12 types)</h2>');
  });
});

describe('mock.events.next', () => {
  it('waits for an event to come, hands each out once, and names what came when none does', async () => {
    const spaceId = gb.id('spaces', 'handbook');
    const waiting = gb.mock!.events.next('space_content_updated');
    const { revision } = await mergeChangeRequest(t, spaceId);
    expect((await waiting).revisionId).toBe(revision);
    await t.call('editor', 'POST', `/v1/spaces/${spaceId}/git/export`, gitBody({ commitMessage: 'Sync' }));
    await expect(gb.mock!.events.next('space_content_updated', { timeoutMs: 50 })).rejects.toThrow(
      'No space_content_updated event within 50 ms (events so far: space_content_updated, space_gitsync_started, space_gitsync_completed)',
    );
    expect((await gb.mock!.events.next()).type).toBe('space_gitsync_started');
    expect((await gb.mock!.events.next()).type).toBe('space_gitsync_completed');
  });
});
