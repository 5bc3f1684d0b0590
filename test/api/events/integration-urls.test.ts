/**
 * The integration URLs: the public endpoints the API presents are the mock's, and a request
 * there reaches the integration as GitBook's dispatcher hands it over, a signed `fetch` event
 * (the official FetchEvent, the body in `fetch-body`, the environment of the installation),
 * whose answer is the caller's. In-process: the integration's script is the test's `fetch`.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, scenarioOptions } from '../../helpers/calls.ts';
import { formatErrors, officialComponent } from '../../helpers/official.ts';
import { verifyIntegrationRequestSignature } from '../../helpers/integration-signature.ts';

const sent: Request[] = [];
let answer: () => Response | Promise<Response> = () => new Response('{"ok":true}', { status: 201, headers: { 'content-type': 'application/json', 'x-from': 'script' } });
const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
  sent.push(new Request(url, init));
  return answer();
};
const gb = useGitBookMock({ wallClock: () => 0, events: { fetch: fetch as typeof globalThis.fetch }, ...scenarioOptions('urls', {
  description: 'starter, and an integration whose script the test plays',
  extends: 'starter',
  integrations: [{ key: 'chat', title: 'Chat', owner: 'acme', url: 'http://chat.invalid/v1', events: ['installation_setup'], secrets: { SIGNING_SECRET: 'chat-secret' } }],
  installations: [{ key: 'chat-acme', integration: 'chat', organization: 'acme', spaces: ['handbook'] }],
}) });
const t = callsOn(gb);

async function forwarded(request: Request) {
  expect(await verifyIntegrationRequestSignature(request.clone(), { signingSecrets: { integration: gb.manifest.signingSecrets.chat } })).toBe(true);
  const form = await request.formData();
  return { event: JSON.parse(form.get('event') as string), environment: JSON.parse(form.get('environment') as string), body: form.get('fetch-body') };
}

describe('integration URLs', () => {
  it('are what the API presents as public endpoints', async () => {
    const installation = gb.id('installations', 'chat-acme');
    const base = `${gb.url}/__integrations/v1/integrations/chat`;
    expect((await t.call('admin', 'GET', '/v1/integrations/chat')).body.urls).toMatchObject({ publicEndpoint: `${base}/integration` });
    expect((await t.call('admin', 'GET', `/v1/integrations/chat/installations/${installation}`)).body.urls).toMatchObject({ publicEndpoint: `${base}/installations/${installation}` });
  });

  it("hand a request to an installation's URL to the integration as a fetch event, and answer what it answers", async () => {
    sent.length = 0;
    const installation = gb.id('installations', 'chat-acme');
    const url = `${gb.url}/__integrations/v1/integrations/chat/installations/${installation}/events?team=T1`;
    const res = await gb.fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-chat-signature': 'v0=abc' }, body: '{"text":"hello"}' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-from')).toBe('script');
    expect(await res.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('http://chat.invalid/v1');
    const { event, environment, body } = await forwarded(sent[0]);
    const validEvent = officialComponent('FetchEvent');
    expect(validEvent(event), formatErrors(validEvent)).toBe(true);
    expect(event).toMatchObject({ type: 'fetch', installationId: installation, request: { method: 'post', url, headers: { 'x-chat-signature': 'v0=abc', 'content-type': 'application/json' } } });
    expect(body).toBe('{"text":"hello"}');
    const validEnvironment = officialComponent('IntegrationEnvironment');
    expect(validEnvironment(environment), formatErrors(validEnvironment)).toBe(true);
    expect(environment).toMatchObject({ apiEndpoint: gb.url, installation: { id: installation }, secrets: { SIGNING_SECRET: 'chat-secret' }, apiTokens: { installation: gb.token('chat-acme') } });

    // The journal shows the request and the integration's answer.
    const [entry] = (await t.admin('GET', '/__admin/requests?path=/__integrations')).body.items;
    expect(entry).toMatchObject({ method: 'POST', status: 201, operationId: 'installationUrlPostPath', body: { text: 'hello' }, response: { status: 201, body: { ok: true } } });
  });

  it("name the space installation a path under the installation's URL names, and send no body for a GET", async () => {
    sent.length = 0;
    const installation = gb.id('installations', 'chat-acme');
    const space = gb.id('spaces', 'handbook');
    const res = await gb.fetch(`${gb.url}/__integrations/v1/integrations/chat/installations/${installation}/spaces/${space}/oauth?code=1`);
    expect(res.status).toBe(201);
    const { event, environment, body } = await forwarded(sent[0]);
    expect(event).toMatchObject({ type: 'fetch', installationId: installation, spaceId: space, request: { method: 'get' } });
    expect(body).toBeNull();
    expect(environment.spaceInstallation).toMatchObject({ space });
  });

  it("hand a request to the integration's own URL over without an installation", async () => {
    sent.length = 0;
    expect((await gb.fetch(`${gb.url}/__integrations/v1/integrations/chat/integration`, { method: 'DELETE' })).status).toBe(201);
    const { event, environment } = await forwarded(sent[0]);
    expect(event).toMatchObject({ type: 'fetch', request: { method: 'delete' } });
    expect(event).not.toHaveProperty('installationId');
    expect(environment).not.toHaveProperty('installation');
    expect(environment.apiTokens).toEqual({ integration: gb.manifest.integrationTokens.chat });
  });

  it('answer 404 for an integration or installation there is not, 502 for an integration without a script or that does not answer', async () => {
    const cases = [
      ['/__integrations/v1/integrations/nope/integration', 404, 'Integration "nope" not found'],
      [`/__integrations/v1/integrations/docs-bot/installations/${gb.id('installations', 'chat-acme')}/x`, 404, 'not found'],
      ['/__integrations/v1/integrations/docs-bot/integration/events', 502, 'its events go to mock:events'],
    ] as const;
    for (const [path, status, message] of cases) {
      const res = await gb.fetch(`${gb.url}${path}`, { method: 'POST', body: 'x' });
      expect(res.status).toBe(status);
      expect((await res.json()).error.message).toContain(message);
    }
    answer = () => Promise.reject(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }));
    const res = await gb.fetch(`${gb.url}/__integrations/v1/integrations/chat/integration`);
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toBe('Integration "chat" did not answer at http://chat.invalid/v1: ECONNREFUSED');
  });
});
