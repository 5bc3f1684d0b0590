/**
 * `gitbook-mock/integration` (issue 44): an integration written with `createIntegration` of
 * @gitbook/runtime, served by `serveIntegration` with nothing else around it, receives the
 * mock's signed events and calls the mock back with its installation's token; what is not
 * signed with its secret never reaches it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GitBookAPI } from '@gitbook/api';
import { serveIntegration, type ServedIntegration } from '../../../src/integration/index.ts';
import { createScenarioMock } from '../../helpers/mock.ts';
import { loadRuntime } from '../../helpers/runtime.ts';
import { closeAll, listen } from '../../helpers/listen.ts';

let served: ServedIntegration | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
  await closeAll();
});

describe('serveIntegration', () => {
  it('serves a createIntegration script: signed events reach it, it calls the mock back, the rest is refused', async () => {
    const { createIntegration } = await loadRuntime();
    const seen: { type: string; title?: string }[] = [];
    served = await serveIntegration(
      createIntegration({
        events: {
          space_content_updated: async (event, context) => {
            // Called back with the installation's token, handed over in the event's environment.
            const space = await context.api.spaces.getSpaceById(event.spaceId);
            seen.push({ type: event.type, title: space.data.title });
          },
        },
      }),
    );
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);

    const t = createScenarioMock('served-integration', {
      description: 'starter, and an integration served by gitbook-mock/integration',
      extends: 'starter',
      integrations: [{ key: 'mine', title: 'Mine', owner: 'acme', url: served.url, events: ['space_content_updated'] }],
      installations: [{ key: 'mine-acme', integration: 'mine', organization: 'acme', spaces: ['handbook'] }],
    });
    const server = await listen((request) => t.mock.app.fetch(request));
    const editor = new GitBookAPI({ endpoint: server.url, authToken: t.manifest.tokens.editor });
    const spaceId = t.id('spaces', 'handbook');
    const merge = async () => {
      const cr = (await editor.spaces.createChangeRequest(spaceId, { subject: 'Typo' })).data;
      await editor.spaces.mergeChangeRequest(spaceId, cr.id);
    };
    const deliveries = () => t.mock.events.list({ installationId: t.id('installations', 'mine-acme') }).flatMap((e) => e.deliveries);

    // Before its secret is set, every request is refused with a message that says what to do.
    await merge();
    await expect.poll(() => deliveries()[0]?.attempts.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(deliveries()[0].attempts[0]).toMatchObject({ status: 401, excerpt: expect.stringContaining('no signing secret yet') });
    expect(seen).toEqual([]);

    served.signingSecret = t.manifest.signingSecrets.mine;
    // The refused event is forgotten (its retries with it): only the next merge's is counted.
    t.mock.events.clear();
    await merge();
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    await served.settled();
    expect(seen).toEqual([{ type: 'space_content_updated', title: 'Employee Handbook' }]);
    expect(served.errors).toEqual([]);

    // A request signed with another secret, or not at all, never reaches the script.
    const body = JSON.stringify({ type: 'space_content_updated', spaceId });
    const forged = await fetch(served.url, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-gitbook-integration-signature': '00'.repeat(32) } });
    expect(forged.status).toBe(401);
    expect((await forged.json()).error.message).toMatch(/HMAC-SHA-256/);
    expect((await fetch(served.url, { method: 'POST', body })).status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it('refuses what is not a script, and a port that is not one, naming the argument', async () => {
    await expect(serveIntegration({} as never)).rejects.toThrow(/serveIntegration\(script\)/);
    await expect(serveIntegration({ fetch: () => new Response() }, { port: -1 })).rejects.toThrow(/options\.port/);
  });
});
