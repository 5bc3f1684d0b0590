/**
 * A small integration of our own, written as GitBook's are (createIntegration of
 * @gitbook/runtime) and served on its own port, run against the mock on another, end to end
 * (docs/integrations.md): it is installed by a scenario with its secrets; it receives the
 * mock's events, signed, with those secrets, and reads the merge they tell of; a request to its
 * URL (the installation's `urls.publicEndpoint`, as a chat tool calls a Slack app) reaches its
 * `fetch` handler, which checks the caller's signature with its secret, as Slack's does, and
 * the caller gets its answer; the journal shows the request and the answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GitBookAPI } from '@gitbook/api';
import { createScenarioMock } from '../../helpers/mock.ts';
import { loadRuntime } from '../../helpers/runtime.ts';
import { verifyIntegrationRequestSignature } from '../../helpers/integration-signature.ts';
import { closeAll, listen } from '../../helpers/listen.ts';
import { hex, hmacSha256 } from '../../../src/text/digest.ts';

afterEach(closeAll);

/** The signature a chat tool puts on what it sends an app (Slack's `v0=` HMAC of `v0:<t>:<body>`). */
const chatSignature = (secret: string, t: string, body: string) => `v0=${hex(hmacSha256(new TextEncoder().encode(secret), `v0:${t}:${body}`))}`;

describe('an integration of our own, against the mock', () => {
  it('gets its events with its secrets, reads the merge, and answers a request made to its URL', async () => {
    (globalThis as { MODE?: string }).MODE = 'production';
    const { createIntegration } = await loadRuntime();
    const merges: { secrets: Record<string, string>; mergedFrom?: number }[] = [];
    const integration = createIntegration({
      events: {
        space_content_updated: async (event, context) => {
          const changes = await context.api.spaces.getRevisionSemanticChanges(event.spaceId, event.revisionId);
          merges.push({ secrets: context.environment.secrets, mergedFrom: changes.data.mergedFrom?.number });
        },
      },
      // Routed under the installation's URL, as Slack's app routes `/events`.
      fetch: async (request, { environment }) => {
        const base = new URL(environment.installation!.urls.publicEndpoint).pathname;
        const url = new URL(request.url);
        if (url.pathname !== `${base}/events` || request.method !== 'POST') return new Response('not here', { status: 404 });
        const body = await request.text();
        const t = request.headers.get('x-chat-timestamp') ?? '';
        if (request.headers.get('x-chat-signature') !== chatSignature(environment.secrets.SIGNING_SECRET, t, body)) return new Response('bad signature', { status: 401 });
        return Response.json({ ok: true, heard: JSON.parse(body).text, installation: environment.installation!.id }, { headers: { 'x-answered-by': 'own' } });
      },
    });
    let signingSecret = '';
    const script = await listen(async (request) => {
      if (!(await verifyIntegrationRequestSignature(request, { signingSecrets: { integration: signingSecret } }))) return new Response('bad signature', { status: 401 });
      return integration.fetch(request, {}, { waitUntil: () => {} });
    });
    const t = createScenarioMock('own-integration', {
      description: 'starter, and an integration of our own on the handbook',
      extends: 'starter',
      integrations: [{ key: 'own', title: 'Own', owner: 'acme', url: `${script.url}/v1`, events: ['space_content_updated'], secrets: ['SIGNING_SECRET', 'BOT_TOKEN'] }],
      installations: [{ key: 'own-acme', integration: 'own', organization: 'acme', spaces: ['handbook'] }],
    });
    signingSecret = t.manifest.signingSecrets.own;
    const server = await listen((request) => t.mock.app.fetch(request));
    const api = (user: string) => new GitBookAPI({ endpoint: server.url, authToken: t.manifest.tokens[user] });

    // An event: its secrets, and the change request the merge names.
    const spaceId = t.id('spaces', 'handbook');
    const cr = (await api('editor').spaces.createChangeRequest(spaceId, { subject: 'Travel' })).data;
    await api('editor').spaces.mergeChangeRequest(spaceId, cr.id);
    await expect.poll(() => merges.length, { timeout: 10_000 }).toBe(1);
    expect(merges[0]).toEqual({ secrets: t.manifest.secrets.own, mergedFrom: cr.number });

    // A request to its URL, signed by the outside service with the secret they share.
    const installation = (await api('admin').integrations.getIntegrationInstallationById('own', t.id('installations', 'own-acme'))).data;
    expect(installation.urls.publicEndpoint).toBe(`${server.url}/__integrations/v1/integrations/own/installations/${installation.id}`);
    const body = JSON.stringify({ type: 'message', text: 'hello' });
    const sent = { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-chat-timestamp': '1700000000' } };
    const signed = await fetch(`${installation.urls.publicEndpoint}/events`, { ...sent, headers: { ...sent.headers, 'x-chat-signature': chatSignature(t.manifest.secrets.own.SIGNING_SECRET, '1700000000', body) } });
    expect(signed.status).toBe(200);
    expect(signed.headers.get('x-answered-by')).toBe('own');
    expect(await signed.json()).toEqual({ ok: true, heard: 'hello', installation: installation.id });
    const forged = await fetch(`${installation.urls.publicEndpoint}/events`, { ...sent, headers: { ...sent.headers, 'x-chat-signature': 'v0=00' } });
    expect(forged.status).toBe(401);

    // The journal: each request to the URL, with what the integration answered.
    const journal = (await (await fetch(`${server.url}/__admin/requests?path=/__integrations`)).json()).items;
    expect(journal.map((e: { method: string; status: number; response: { body: unknown } }) => [e.method, e.status, e.response.body])).toEqual([
      ['POST', 200, { ok: true, heard: 'hello', installation: installation.id }],
      ['POST', 401, 'bad signature'],
    ]);
  });
});
