/**
 * Publishing integrations through the API (what `gitbook publish`, `unpublish` and `dev` call),
 * queued tasks, the installations' statuses and a block's UI.
 */
import { describe, expect, it } from 'vitest';
import { compressToEncodedURIComponent } from 'lz-string';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';
import { expectOfficial, officialComponent, formatErrors } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);

const manifest = (extra: object = {}) => ({
  runtime: 'v2',
  organization: gb.id('organizations', 'acme'),
  title: 'Status page',
  description: 'Shows the status of our services',
  scopes: ['space:content:read'],
  blocks: [{ id: 'status-card', title: 'Status card', description: 'The current status' }],
  externalLinks: [{ label: 'Home', url: 'https://status.acme.test/' }],
  script: 'export default {};',
  ...extra,
});

describe('publishIntegration', () => {
  it('creates the catalogue entry from the body; it shows in the catalogue and its get', async () => {
    const res = await t.call('admin', 'POST', '/v1/integrations/status-page', manifest());
    expect(res.status).toBe(200);
    expectOfficial('publishIntegration', 200, res.body);
    expect(res.body).toMatchObject({
      name: 'status-page',
      title: 'Status page',
      description: 'Shows the status of our services',
      version: 1,
      scopes: ['space:content:read'],
      blocks: [{ id: 'status-card', title: 'Status card' }],
      externalLinks: [{ label: 'Home', url: 'https://status.acme.test/' }],
      owner: { id: gb.id('organizations', 'acme'), title: 'Acme Corporation' },
    });
    const { data } = await gb.client('reader').integrations.getIntegrationByName('status-page');
    expect(data).toMatchObject({ name: 'status-page', title: 'Status page', version: 1 });
    const list = await t.call('reader', 'GET', '/v1/integrations?search=status');
    expect(list.body.items.map((i: { name: string }) => i.name)).toEqual(['status-page']);
  });

  it('publishing again replaces what the body gives and bumps the version; the organization may be named by its subdomain', async () => {
    await t.call('admin', 'POST', '/v1/integrations/status-page', manifest());
    const again = await t.call('admin', 'POST', '/v1/integrations/status-page', manifest({ organization: 'acme', title: 'Status board', scopes: ['space:content:read', 'space:metadata:read'], blocks: [] }));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ title: 'Status board', version: 2, scopes: ['space:content:read', 'space:metadata:read'], blocks: [] });
    const got = await t.call('reader', 'GET', '/v1/integrations/status-page');
    expect(got.body).toMatchObject({ title: 'Status board', version: 2 });
  });

  it('refuses a non-admin (403), an organization the caller is not in (404), a name another organization publishes (409), a body without title (400)', async () => {
    expect((await t.call('reader', 'POST', '/v1/integrations/status-page', manifest())).status).toBe(403);
    expect((await t.call('outsider', 'POST', '/v1/integrations/status-page', manifest())).status).toBe(404);
    expect((await t.call('admin', 'POST', '/v1/integrations/docs-bot', manifest({ organization: gb.id('organizations', 'globex') }))).status).toBe(409);
    const { title: _t, ...untitled } = manifest();
    expect((await t.call('admin', 'POST', '/v1/integrations/status-page', untitled)).status).toBe(400);
    expect((await t.call('admin', 'GET', '/v1/integrations/status-page')).status).toBe(404);
    expect((await t.call('admin', 'GET', '/v1/integrations/docs-bot')).body.title).toBe('Docs bot');
  });
});

describe('unpublishIntegration', () => {
  it('removes the entry and its installations (205); the get is then 404, and a second unpublish 204', async () => {
    const org = gb.id('organizations', 'acme');
    expect((await t.call('admin', 'GET', `/v1/orgs/${org}/installations`)).body.items).toHaveLength(1);
    expect((await t.call('reader', 'DELETE', '/v1/integrations/docs-bot')).status).toBe(403);
    const res = await t.call('admin', 'DELETE', '/v1/integrations/docs-bot');
    expect(res.status).toBe(205);
    expect((await t.call('admin', 'GET', '/v1/integrations/docs-bot')).status).toBe(404);
    expect((await t.call('admin', 'GET', `/v1/orgs/${org}/installations`)).body.items).toEqual([]);
    expect((await t.call('admin', 'DELETE', '/v1/integrations/docs-bot')).status).toBe(204);
  });
});

describe('development mode', () => {
  it('keeps the tunnel URL until disabled (the exported state holds it)', async () => {
    const dev = async () => ((await t.admin('GET', '/__admin/state')).body.integrations as { id: string; development?: unknown }[]).find((i) => i.id === 'docs-bot')?.development;
    expect((await t.call('admin', 'PUT', '/v1/integrations/docs-bot/dev', { tunnelUrl: 'https://tunnel.acme.test/x' })).status).toBe(204);
    expect(await dev()).toEqual({ tunnelUrl: 'https://tunnel.acme.test/x', all: false });
    expect((await t.call('reader', 'PUT', '/v1/integrations/docs-bot/dev', { tunnelUrl: 'https://t.test' })).status).toBe(403);
    expect((await t.call('admin', 'PUT', '/v1/integrations/docs-bot/dev', {})).status).toBe(400);
    expect((await t.call('admin', 'DELETE', '/v1/integrations/docs-bot/dev')).status).toBe(205);
    expect(await dev()).toBeUndefined();
  });
});

describe('queueIntegrationTask', () => {
  it('keeps the task among the integration events (list and get) and sends it to the integration as a task event', async () => {
    const res = await t.call(gb.manifest.integrationTokens['docs-bot'], 'POST', '/v1/integrations/docs-bot/tasks', { task: { kind: 'sync', page: 3 } });
    expect(res.status).toBe(204);
    const list = await t.call('admin', 'GET', '/v1/integrations/docs-bot/events');
    expect(list.status).toBe(200);
    expectOfficial('listIntegrationEvents', 200, list.body);
    // Newest first: the task, then the installation event the starter's installation was sent.
    expect(list.body.items.map((e: any) => e.payload.type)).toEqual(['task', 'installation_setup']);
    const [event] = list.body.items;
    expect(event).toMatchObject({ integrationId: 'docs-bot', status: 'success', payload: { type: 'task', task: { kind: 'sync', page: 3 }, eventId: event.id } });
    const got = await t.call('admin', 'GET', `/v1/integrations/docs-bot/events/${event.id}`);
    expect(got.body.event).toEqual(event);
    const sent = gb.mock!.events.list({ type: 'task' });
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toEqual({ eventId: event.id, type: 'task', task: { kind: 'sync', page: 3 } });
    const validate = officialComponent('TaskEvent');
    expect(validate(sent[0].payload), formatErrors(validate)).toBe(true);
  });

  it('refuses a reader (403), an unknown integration (404) and a body without task (400)', async () => {
    expect((await t.call('reader', 'POST', '/v1/integrations/docs-bot/tasks', { task: {} })).status).toBe(403);
    expect((await t.call('admin', 'POST', '/v1/integrations/nope/tasks', { task: {} })).status).toBe(404);
    expect((await t.call('admin', 'POST', '/v1/integrations/docs-bot/tasks', {})).status).toBe(400);
    expect(gb.mock!.events.list({ type: 'task' })).toEqual([]);
  });
});

describe('listOrganizationIntegrationsStatus', () => {
  it('lists the installations of the organization, its spaces or its sites, with their status', async () => {
    const org = gb.id('organizations', 'acme');
    const all = await t.call('reader', 'GET', `/v1/orgs/${org}/integrations/installations-status`);
    expect(all.status).toBe(200);
    expectOfficial('listOrganizationIntegrationsStatus', 200, all.body);
    expect(all.body.items).toHaveLength(1);
    expect(all.body.items[0]).toMatchObject({ status: 'active', integration: { name: 'docs-bot' }, target: { type: 'organization', organizationId: org } });
    const spaces = await t.call('reader', 'GET', `/v1/orgs/${org}/integrations/installations-status?target=space`);
    expect(spaces.body.items.map((i: { target: unknown }) => i.target)).toEqual([{ type: 'space', spaceId: gb.id('spaces', 'handbook') }]);
    const site = await t.call('reader', 'GET', `/v1/orgs/${org}/integrations/installations-status?target=site&site=${gb.id('sites', 'docs-site')}`);
    expect(site.body.items.map((i: { target: unknown }) => i.target)).toEqual([{ type: 'site', siteId: gb.id('sites', 'docs-site') }]);
    expect((await t.call('admin', 'GET', `/v1/orgs/${gb.id('organizations', 'globex')}/integrations/installations-status`)).body.items).toEqual([]);
    expect((await t.call('outsider', 'GET', `/v1/orgs/${org}/integrations/installations-status`)).status).toBe(404);
  });
});

describe('renderIntegrationUIWithPost', () => {
  it('answers the published block, and 404 for a component the integration does not have', async () => {
    await t.call('admin', 'POST', '/v1/integrations/status-page', manifest());
    const body = { componentId: 'status-card', props: {}, context: { type: 'document', spaceId: gb.id('spaces', 'handbook'), editable: true, theme: 'light' } };
    const res = await t.call('reader', 'POST', '/v1/integrations/status-page/render', body);
    expect(res.status).toBe(200);
    expectOfficial('renderIntegrationUIWithPost', 200, res.body);
    expect(res.body).toEqual({ type: 'element', element: { type: 'block', children: [{ type: 'markdown', content: 'Status card\n\nThe current status' }] }, props: {}, state: {} });
    expect((await t.call('reader', 'POST', '/v1/integrations/status-page/render', { ...body, componentId: 'other' })).status).toBe(404);
  });
});

describe('renderIntegrationUIWithGet', () => {
  const context = () => ({ type: 'document', spaceId: gb.id('spaces', 'handbook'), editable: false, theme: 'light' });
  const render = (request: unknown, name = 'docs-bot') => t.call('reader', 'GET', `/v1/integrations/${name}/render?request=${encodeURIComponent(typeof request === 'string' ? request : compressToEncodedURIComponent(JSON.stringify(request)))}`);

  it('answers the block the starter integration published, as the POST does, from the request packed with lz-string', async () => {
    const request = { componentId: 'page-status', props: { page: gb.id('pages', 'welcome') }, state: { open: true }, context: context() };
    const res = await render(request);
    expect(res.status).toBe(200);
    expectOfficial('renderIntegrationUIWithGet', 200, res.body);
    expect(res.body).toEqual({ type: 'element', element: { type: 'block', children: [{ type: 'markdown', content: 'Page status\n\nWho last reviewed the page, and when.' }] }, props: request.props, state: { open: true } });
    expect((await t.call('reader', 'POST', '/v1/integrations/docs-bot/render', request)).body).toEqual(res.body);
  });

  it('is 404 for a block or an integration there is not, and 400 for a request that is not a packed render request', async () => {
    expect((await render({ componentId: 'other', props: {}, context: context() })).status).toBe(404);
    expect((await render({ componentId: 'page-status', props: {}, context: context() }, 'nope')).status).toBe(404);
    const unpacked = await render('{"componentId":"page-status"}');
    expect(unpacked.status).toBe(400);
    expect(unpacked.body.error.message).toMatch(/^query\.request/);
    const incomplete = await render({ componentId: 'page-status' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.message).toContain('query.request.props');
  });
});
