/**
 * What a scenario gives an integration, as its manifest would: its secrets, handed over in every
 * event's `environment.secrets` and named in the scenario manifest, and the event types it
 * subscribes to, any the official Event union has that GitBook sends to subscribers.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, scenarioOptions } from '../../helpers/calls.ts';
import { formatErrors, officialComponent } from '../../helpers/official.ts';

/** Takes every delivery: the requests the mock would send. */
function receiver() {
  const sent: Request[] = [];
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(url, init));
    return new Response('OK');
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

async function read(request: Request) {
  const form = await request.formData();
  return { event: JSON.parse(form.get('event') as string), environment: JSON.parse(form.get('environment') as string) };
}

const pageView = {
  type: 'page_view',
  session: { visitorId: 'v', sessionId: 's', cookies: {}, userAgent: 'UA', language: null, referrer: null },
  location: { url: 'https://acme.test/docs', siteSection: null, siteSpace: null, siteShareKey: null, space: null, revision: null, page: null },
};

describe('secrets', () => {
  const { sent, fetch } = receiver();
  const scenario = {
    description: 'starter, and two integrations with secrets',
    extends: 'starter',
    integrations: [
      { key: 'discord', title: 'Discord', owner: 'acme', url: 'http://discord.invalid/v1', secrets: { BOT_TOKEN: 'bot-token-of-the-test', CLIENT_ID: '1234' } },
      { key: 'slack', title: 'Slack', owner: 'acme', url: 'http://slack.invalid/v1', secrets: ['SIGNING_SECRET', 'CLIENT_SECRET'] },
    ],
    installations: [
      { key: 'discord-acme', integration: 'discord', organization: 'acme', spaces: ['handbook'] },
      { key: 'slack-acme', integration: 'slack', organization: 'acme', spaces: ['handbook'] },
    ],
  };
  const gb = useGitBookMock({ wallClock: () => 0, events: { fetch }, ...scenarioOptions('secrets', scenario) });
  const t = callsOn(gb);

  it('names them in the manifest: the values given, and values drawn from the seed for names given alone', async () => {
    expect(gb.manifest.secrets.discord).toEqual({ BOT_TOKEN: 'bot-token-of-the-test', CLIENT_ID: '1234' });
    const drawn = gb.manifest.secrets.slack;
    expect(Object.keys(drawn)).toEqual(['SIGNING_SECRET', 'CLIENT_SECRET']);
    expect(drawn.SIGNING_SECRET).toMatch(/^\w{32}$/);
    expect(drawn.SIGNING_SECRET).not.toBe(drawn.CLIENT_SECRET);
    // The same seed draws the same values.
    expect((await t.admin('POST', '/__admin/scenarios/secrets')).body.secrets.slack).toEqual(drawn);
  });

  it('hands them over in environment.secrets of every event, each integration its own', async () => {
    const space = gb.id('spaces', 'handbook');
    const cr = await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Fix typo' });
    expect((await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.body.id}/merge`)).status).toBe(200);
    await expect.poll(() => sent.length).toBe(2);
    const validEnvironment = officialComponent('IntegrationEnvironment');
    for (const request of sent) {
      const { event, environment } = await read(request);
      expect(event.type).toBe('space_content_updated');
      expect(validEnvironment(environment), formatErrors(validEnvironment)).toBe(true);
      const key = new URL(request.url).hostname.split('.')[0];
      expect(environment.secrets).toEqual(gb.manifest.secrets[key]);
    }
  });
});

describe('subscriptions', () => {
  const { sent, fetch } = receiver();
  const gb = useGitBookMock({ wallClock: () => 0, events: { fetch }, ...scenarioOptions('subscribed', {
    description: 'starter, and a webhook that hears site views and feedback only',
    extends: 'starter',
    integrations: [{ key: 'webhook', title: 'Webhook', owner: 'acme', url: 'http://hooks.invalid/v1', events: ['site_view', 'page_feedback'] }],
    installations: [{ key: 'webhook-acme', integration: 'webhook', organization: 'acme', spaces: ['handbook'], sites: ['docs-site'] }],
  }) });
  const t = callsOn(gb);

  it('takes every type the mock sends to subscribers (site_view, page_feedback), and sends only those', async () => {
    const space = gb.id('spaces', 'handbook');
    const cr = await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Fix typo' });
    await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.body.id}/merge`);
    const views = await t.call('reader', 'POST', '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/insights/events', { events: [pageView] });
    expect(views.status).toBe(204);
    await expect.poll(() => sent.length).toBe(1);
    expect((await read(sent[0])).event).toMatchObject({ type: 'site_view', siteId: gb.id('sites', 'docs-site') });
    expect(gb.mock!.events.list({ installationId: gb.id('installations', 'webhook-acme') }).map((e) => e.type)).toEqual(['site_view']);
  });

  describe.each([
    ['a misspelt type', 'site_veiw', 'scenario.integrations[0].events[1]: "site_veiw" is not an event type an integration subscribes to; did you mean "site_view"?'],
    ['a type GitBook sends on a request of its own', 'fetch', 'scenario.integrations[0].events[1]: "fetch" is not an event type an integration subscribes to'],
  ])('%s', (_name, type, message) => {
    const { scenariosDirs } = scenarioOptions('misspelt', {
      description: 'an integration subscribing to a type there is not',
      extends: 'starter',
      integrations: [{ key: 'webhook', owner: 'acme', events: ['page_feedback', type] }],
    });
    const t = callsOn(useGitBookMock({ wallClock: () => 0, scenariosDirs }));

    it('is refused naming it, with the nearest types', async () => {
      const res = await t.admin('POST', '/__admin/scenarios/misspelt');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
      expect(res.body.error.message).toContain('(types: installation_setup, ');
    });
  });
});

describe('the configuration of a space or site installation', () => {
  const { sent, fetch } = receiver();
  const gb = useGitBookMock({ wallClock: () => 0, events: { fetch }, ...scenarioOptions('configured', {
    description: 'starter, and a webhook told which events of the handbook and the docs site to forward',
    extends: 'starter',
    integrations: [{ key: 'webhook', title: 'Webhook', owner: 'acme', url: 'http://hooks.invalid/v1', events: ['space_content_updated', 'site_view'] }],
    installations: [{
      key: 'webhook-acme', integration: 'webhook', organization: 'acme', spaces: ['handbook', 'api-docs'], sites: ['docs-site'],
      configuration: { webhookUrl: 'http://receiver.invalid/hook' },
      spaceConfigurations: { handbook: { space_content_updated: true } },
      siteConfigurations: { 'docs-site': { site_view: true } },
    }],
  }) });
  const t = callsOn(gb);
  const installation = () => gb.id('installations', 'webhook-acme');

  it('is what the API shows, `{}` for a space the scenario gives none', async () => {
    const handbook = await t.call('admin', 'GET', `/v1/integrations/webhook/installations/${installation()}/spaces/{spaces.handbook}`);
    expect(handbook.body.configuration).toEqual({ space_content_updated: true });
    const apiDocs = await t.call('admin', 'GET', `/v1/integrations/webhook/installations/${installation()}/spaces/{spaces.api-docs}`);
    expect(apiDocs.body.configuration).toEqual({});
    const site = await t.call('admin', 'GET', `/v1/integrations/webhook/installations/${installation()}/sites/{sites.docs-site}`);
    expect(site.body.configuration).toEqual({ site_view: true });
  });

  it('is handed over with the installation in the environment of its events', async () => {
    const space = gb.id('spaces', 'handbook');
    const cr = await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Fix typo' });
    await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.body.id}/merge`);
    await t.call('reader', 'POST', '/v1/orgs/{organizations.acme}/sites/{sites.docs-site}/insights/events', { events: [pageView] });
    await expect.poll(() => sent.length).toBe(2);
    const [merged, viewed] = await Promise.all(sent.map(read));
    expect(merged.event.type).toBe('space_content_updated');
    expect(merged.environment.installation.configuration).toEqual({ webhookUrl: 'http://receiver.invalid/hook' });
    expect(merged.environment.spaceInstallation.configuration).toEqual({ space_content_updated: true });
    expect(viewed.event.type).toBe('site_view');
    expect(viewed.environment.siteInstallation.configuration).toEqual({ site_view: true });
  });

  describe('for a space the installation is not on', () => {
    const { scenariosDirs } = scenarioOptions('elsewhere', {
      description: 'a configuration for a space the installation is not on',
      extends: 'starter',
      integrations: [{ key: 'webhook', owner: 'acme' }],
      installations: [{ key: 'webhook-acme', integration: 'webhook', organization: 'acme', spaces: ['handbook'], spaceConfigurations: { 'api-docs': { space_content_updated: true } } }],
    });
    const t = callsOn(useGitBookMock({ wallClock: () => 0, scenariosDirs }));

    it('is refused naming it and the installation\'s spaces', async () => {
      const res = await t.admin('POST', '/__admin/scenarios/elsewhere');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain('scenario.installations[0].spaceConfigurations.api-docs: "api-docs" is not one of the installation\'s spaces (spaces: handbook)');
    });
  });
});
