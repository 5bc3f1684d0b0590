/**
 * Deliveries over real sockets: the mock on one port, receivers on others.
 * - A real integration built with @gitbook/runtime's createIntegration (from npm) gets the
 *   mock's events as GitBook's dispatcher hands them to an integration's script, checks the
 *   signature as GitBook's integrations do (test/helpers/integration-signature.ts), and its
 *   handler's own API calls, made with the installation token from the event's environment,
 *   are answered by the mock.
 * - The webhook format, checked as the Webhook integration's receivers do.
 * - Retries on the virtual clock (frozen: only moving it brings the next try), one delivery
 *   id and the same bytes on every try, the installation's later events tried meanwhile.
 * - A receiver that never answers delays no API request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GitBookAPI } from '@gitbook/api';
import type { AppOptions } from '../../../src/app.ts';
import { createScenarioMock, type TestMock } from '../../helpers/mock.ts';
import { formatErrors, officialComponent } from '../../helpers/official.ts';
import { loadRuntime } from '../../helpers/runtime.ts';
import { verifyIntegrationRequestSignature, verifyIntegrationSignature } from '../../helpers/integration-signature.ts';
import { expectOfficialEvent } from '../../helpers/events.ts';
import { closeAll, listen } from '../../helpers/listen.ts';

interface Received {
  headers: Headers;
  body: string;
}

afterEach(closeAll);

/** A receiver that records every request and answers with `answer` (the request's rank, from 0). */
async function receiver(answer: (n: number, request: Request) => Response | Promise<Response> = () => new Response('ok')) {
  const received: Received[] = [];
  const server = await listen(async (request) => {
    received.push({ headers: request.headers, body: await request.clone().text() });
    return answer(received.length - 1, request);
  });
  return { url: server.url, received };
}

/** Starter plus integration `hook` (its events to `url`) installed on acme's handbook; the mock served on a socket. */
async function servedMock(url: string, integration: Record<string, unknown> = {}, options: AppOptions = {}) {
  const t = createScenarioMock('delivery', {
    description: 'starter, and an integration whose events go to a test receiver',
    extends: 'starter',
    integrations: [{ key: 'hook', title: 'Hook', owner: 'acme', url, scopes: ['space:content:read', 'space:content:write', 'space:metadata:read'], ...integration }],
    installations: [{ key: 'hook-acme', integration: 'hook', organization: 'acme', spaces: ['handbook'] }],
  }, options);
  const server = await listen((request) => t.mock.app.fetch(request));
  const client = (user: string) => new GitBookAPI({ endpoint: server.url, authToken: t.manifest.tokens[user] });
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, { method, ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
    return res.status === 204 ? undefined : await res.json();
  };
  /** The events addressed to `hook` (starter's docs-bot hears the handbook too). */
  const events = (filter: Record<string, string> = {}) => t.mock.events.list({ ...filter, installationId: t.id('installations', 'hook-acme') });
  return { t, origin: server.url, client, admin, events };
}

/** A change request with an imported page in it, merged by `api`'s user: the space's content moves. */
async function mergeChangeRequest(api: GitBookAPI, spaceId: string): Promise<string> {
  const cr = (await api.spaces.createChangeRequest(spaceId, { subject: 'Fix typo' })).data;
  const imported = await fetch(`${api.endpoint}/v1/spaces/${spaceId}/change-requests/${cr.id}/content/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.authToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://example.com/typo', source: 'website' }),
  });
  expect(imported.status).toBeLessThan(300);
  return (await api.spaces.mergeChangeRequest(spaceId, cr.id)).data.revision;
}

/** Parses a multipart/form-data body the way the runtime does (Request.formData). */
async function formOf(r: Received) {
  const form = await new Request('http://x/', { method: 'POST', headers: r.headers, body: r.body }).formData();
  return { event: JSON.parse(form.get('event') as string), environment: JSON.parse(form.get('environment') as string) };
}

describe('an integration built with @gitbook/runtime', () => {
  it('accepts the mock events: signature verified, body parsed, its own API calls with the installation token answered', async () => {
    // The runtime checks the dispatcher's version path in production builds (MODE is defined by GitBook's build).
    (globalThis as { MODE?: string }).MODE = 'production';
    const handled: { type: string; revision?: string; externalIds?: string[]; environment: Record<string, unknown> }[] = [];
    const { createIntegration } = await loadRuntime();
    const integration = createIntegration({
      events: {
        space_content_updated: async (event, context) => {
          // What a real integration does next: read the new revision and note it on its installation.
          const revision = await context.api.spaces.getRevisionById(event.spaceId, event.revisionId);
          const updated = await context.api.integrations.updateIntegrationInstallation(context.environment.integration.name, event.installationId, {
            externalIds: [`revision:${revision.data.id}`],
          });
          handled.push({ type: event.type, revision: revision.data.id, externalIds: updated.data.externalIds, environment: context.environment as never });
        },
        space_installation_setup: async (event, context) => {
          handled.push({ type: event.type, environment: context.environment as never });
        },
      },
    });
    let secret = '';
    const refused: string[] = [];
    const server = await listen(async (request) => {
      // The receiver knows its own secret; it does not take it from the request.
      if (!(await verifyIntegrationRequestSignature(request, { signingSecrets: { integration: secret } }))) {
        refused.push(request.headers.get('x-gitbook-integration-signature') ?? '');
        return new Response('bad signature', { status: 401 });
      }
      return integration.fetch(request, {}, { waitUntil: () => {} });
    });
    const { t, origin, client, events } = await servedMock(`${server.url}/v1`);
    secret = t.manifest.signingSecrets.hook;
    expect(secret).toBeTruthy();
    const spaceId = t.id('spaces', 'handbook');
    const installationId = t.id('installations', 'hook-acme');

    const revision = await mergeChangeRequest(client('editor'), spaceId);
    await expect.poll(() => handled.length, { timeout: 10_000 }).toBe(1);
    expect(handled[0]).toMatchObject({ type: 'space_content_updated', revision, externalIds: [`revision:${revision}`] });
    // The environment it ran with: the official shape, this server's API, the installation's token.
    const environment = handled[0].environment as { apiEndpoint: string; apiTokens: { installation: string }; installation: { id: string } };
    const validate = officialComponent('IntegrationEnvironment');
    expect(validate(environment), formatErrors(validate)).toBe(true);
    expect(environment.apiEndpoint).toBe(origin);
    expect(environment.installation.id).toBe(installationId);
    expect(environment.apiTokens.installation).toBe(t.manifest.installationTokens['hook-acme']);
    // Its follow-up call changed the state, as the mock's API shows.
    const installation = await client('admin').integrations.getIntegrationInstallationById('hook', installationId);
    expect(installation.data.externalIds).toEqual([`revision:${revision}`]);
    // The delivery as the log has it: answered 200 by the runtime ("OK").
    const [item] = events({ type: 'space_content_updated' });
    expect(item.deliveries[0]).toMatchObject({ status: 'delivered', url: `${server.url}/v1`, format: 'runtime', attempts: [{ status: 200, excerpt: 'OK' }] });

    // A space installation set up: its event carries the space installation in the environment.
    await client('admin').integrations.installIntegrationOnSpace('hook', installationId, { space: t.id('spaces', 'api-docs') });
    await expect.poll(() => handled.length, { timeout: 10_000 }).toBe(2);
    expect(handled[1]).toMatchObject({ type: 'space_installation_setup', environment: { spaceInstallation: { space: t.id('spaces', 'api-docs') } } });
    expect(refused).toEqual([]);

    // An event the integration does not handle: the runtime answers 406 and the mock records it as failed tries.
    await client('admin').integrations.updateIntegrationInstallation('hook', installationId, { configuration: { a: 1 } });
    await expect.poll(() => events({ type: 'installation_setup' })[0]?.deliveries[0].attempts[0]?.status, { timeout: 10_000 }).toBe(406);
  });

  it('a wrong secret is refused by the same check', async () => {
    const seen: boolean[] = [];
    const server = await listen(async (request) => {
      seen.push(await verifyIntegrationRequestSignature(request, { signingSecrets: { integration: 'not-the-secret' } }));
      return new Response('no', { status: 401 });
    });
    const { t, client } = await servedMock(server.url);
    await mergeChangeRequest(client('editor'), t.id('spaces', 'handbook'));
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(seen).toEqual([false]);
  });

  it('the runtime body: the official event and environment, multipart, signed over the exact bytes', async () => {
    const { url, received } = await receiver();
    const { t, client } = await servedMock(url);
    const spaceId = t.id('spaces', 'handbook');
    const revision = await mergeChangeRequest(client('editor'), spaceId);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const [request] = received;
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await verifyIntegrationRequestSignature(new Request(url, { method: 'POST', headers: request.headers, body: request.body }), { signingSecrets: { integration: t.manifest.signingSecrets.hook } })).toBe(true);
    const { event, environment } = await formOf(request);
    expectOfficialEvent(event);
    expect(event).toMatchObject({ type: 'space_content_updated', spaceId, revisionId: revision, installationId: t.id('installations', 'hook-acme') });
    expect(environment.signingSecrets.integration).toBe(t.manifest.signingSecrets.hook);
    expect(environment.spaceInstallation).toMatchObject({ space: spaceId, installation: t.id('installations', 'hook-acme') });
  });
});

describe('the webhook format', () => {
  it('JSON event with X-GitBook-Signature t=,v1= as the Webhook integration sends it', async () => {
    const { url, received } = await receiver();
    // The wall clock reads a fixed moment, unlike the session's clock (2026-01-01).
    const WALL = 1_764_000_000_123;
    const { t, client } = await servedMock(url, { format: 'webhook' }, { wallClock: () => WALL });
    const spaceId = t.id('spaces', 'handbook');
    const revision = await mergeChangeRequest(client('editor'), spaceId);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);
    const [request] = received;
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(request.headers.get('user-agent')).toBe('GitBook-Webhook');
    const signature = request.headers.get('x-gitbook-signature')!;
    expect(await verifyIntegrationSignature(request.body, signature, t.manifest.signingSecrets.hook)).toBe(true);
    expect(await verifyIntegrationSignature(request.body, signature, 'another-secret')).toBe(false);
    expect(await verifyIntegrationSignature(`${request.body} `, signature, t.manifest.signingSecrets.hook)).toBe(false);
    // t is when the request was signed on the wall clock, in seconds: its receiver checks it against its own clock.
    const event = JSON.parse(request.body);
    expect(signature).toMatch(new RegExp(`^t=${Math.floor(WALL / 1000)},v1=[0-9a-f]{64}$`));
    expectOfficialEvent(event);
    expect(event).toMatchObject({ type: 'space_content_updated', spaceId, revisionId: revision });
  });
});

describe('retries', () => {
  it('500 twice then 200: three tries of one delivery id and the same bytes, on the frozen clock; the next event goes meanwhile', async () => {
    // The first event is refused twice; the second, tried between, is taken at once.
    const { url, received } = await receiver((n) => (n === 0 || n === 2 ? new Response('{"error":"busy"}', { status: 500 }) : new Response('done')));
    const { t, client, admin, events } = await servedMock(url);
    await admin('POST', '/__admin/clock', { frozen: true });
    const spaceId = t.id('spaces', 'handbook');
    const api = client('editor');
    const first = await mergeChangeRequest(api, spaceId);
    const second = await mergeChangeRequest(api, spaceId);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(2);
    const [a, b] = events();
    await expect.poll(() => b.deliveries[0].status).toBe('delivered');
    expect(a.deliveries[0]).toMatchObject({ status: 'pending', attempts: [{ status: 500, excerpt: '{"error":"busy"}' }] });
    expect(a.deliveries[0].nextAttemptAt).toBe(new Date(Date.parse(a.createdAt) + 1000).toISOString());

    // Frozen: no wall time brings the retry; half the wait is not enough either.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await admin('POST', '/__admin/clock', { advance: 'PT0.5S' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(2);

    await admin('POST', '/__admin/clock', { advance: 'PT0.5S' });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(3);
    await expect.poll(() => a.deliveries[0].attempts.length).toBe(2);
    expect(a.deliveries[0].nextAttemptAt).toBe(new Date(Date.parse(a.createdAt) + 3000).toISOString());
    await admin('POST', '/__admin/clock', { advance: 'PT2S' });
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(4);

    const ids = received.map((r) => JSON.parse(r.body.match(/name="event"\r\n\r\n(.*)\r\n/)![1]).eventId);
    expect(ids).toEqual([a.id, b.id, a.id, a.id]);
    const tries = [received[0], received[2], received[3]];
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    expect(new Set(tries.map((r) => r.headers.get('x-gitbook-integration-signature'))).size).toBe(1);
    expect(JSON.parse(received[1].body.match(/name="event"\r\n\r\n(.*)\r\n/)![1]).revisionId).toBe(second);
    expect(a.payload.revisionId).toBe(first);
    await expect.poll(() => a.deliveries[0].status).toBe('delivered');
    expect(a.deliveries[0]).toMatchObject({ status: 'delivered', attempts: [{ status: 500 }, { status: 500 }, { status: 200, excerpt: 'done' }] });
    expect(a.deliveries[0].attempts.map((x) => x.at)).toEqual([a.createdAt, new Date(Date.parse(a.createdAt) + 1000).toISOString(), new Date(Date.parse(a.createdAt) + 3000).toISOString()]);
  });

  it('gives up after four tries (1, 2, 4 s apart); a redelivery tries again with the same id', async () => {
    const { url, received } = await receiver(() => new Response('down', { status: 503 }));
    const { t, client, admin, events } = await servedMock(url);
    await admin('POST', '/__admin/clock', { frozen: true });
    await mergeChangeRequest(client('editor'), t.id('spaces', 'handbook'));
    const [item] = events();
    for (const [step, tries] of [['PT1S', 2], ['PT2S', 3], ['PT4S', 4]] as const) {
      await expect.poll(() => item.deliveries[0].attempts.length, { timeout: 10_000 }).toBe(tries - 1);
      await admin('POST', '/__admin/clock', { advance: step });
    }
    await expect.poll(() => item.deliveries[0].status, { timeout: 10_000 }).toBe('failed');
    expect(received).toHaveLength(4);
    expect((await admin('GET', '/__admin/events?status=failed')).items.map((e: { id: string }) => e.id)).toEqual([item.id]);
    await admin('POST', `/__admin/events/${item.id}/redeliver`);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(5);
    expect(received[4].body).toBe(received[0].body);
  });
});

describe('a receiver that never answers', () => {
  it('delays no API request: GET a space stays fast while deliveries hang, and the hung try is recorded as a timeout', async () => {
    const hung: Request[] = [];
    const silent = await listen((request) => {
      hung.push(request);
      return new Promise<Response>(() => {});
    });
    const { t, client, admin, events } = await servedMock(silent.url, {}, { events: { timeoutMs: 1500 } });
    const spaceId = t.id('spaces', 'handbook');
    const api = client('editor');
    for (let i = 0; i < 10; i++) await api.spaces.exportToGitRepository(spaceId, { url: 'https://github.com/acme/handbook.git', ref: 'refs/heads/main', commitMessage: `Sync ${i}` });
    await expect.poll(() => hung.length, { timeout: 10_000 }).toBe(1);
    expect(events({ status: 'pending' })).toHaveLength(20);

    const reader = client('reader');
    const took: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      expect((await reader.spaces.getSpaceById(spaceId)).status).toBe(200);
      took.push(performance.now() - started);
    }
    // Blocked, a GET would wait out the receiver's 1.5 s; it takes a few milliseconds.
    expect(Math.max(...took)).toBeLessThan(500);
    expect(hung).toHaveLength(1);

    const [first] = events();
    await expect.poll(() => first.deliveries[0].attempts.length, { timeout: 10_000 }).toBe(1);
    expect(first.deliveries[0]).toMatchObject({ status: 'pending', attempts: [{ error: 'no answer within 1500 ms' }] });
    expect(first.deliveries[0].attempts[0].durationMs).toBeGreaterThanOrEqual(1400);
    // The retry of a timeout comes on the virtual clock (this test's clock does not run), a second
    // later; meanwhile the next event is tried (a retry holds back no later event).
    const [, second] = events();
    await expect.poll(() => hung.length, { timeout: 10_000 }).toBe(2);
    expect(await hung[0].text()).toContain(`"eventId":"${first.id}"`);
    expect(await hung[1].text()).toContain(`"eventId":"${second.id}"`);
    expect(first.deliveries[0].attempts).toHaveLength(1);
    await admin('DELETE', '/__admin/events');
  });
});
