/**
 * A retry does not hold back an installation's later events: a receiver that refuses one event
 * gets the next as soon as it has answered, and the retry after it, when its delay is up.
 * Still one try at a time, first tries in commit order (docs/behaviour.md, "Delivery").
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, scenarioOptions } from '../../helpers/calls.ts';

describe('an installation whose receiver refuses its first event', () => {
  const tried: string[] = [];
  let refuse = true;
  const fetch = async (url: RequestInfo | URL, init?: RequestInit) => {
    const form = await new Request(url, init).formData();
    const event = JSON.parse(form.get('event') as string);
    tried.push(event.type);
    // Refuses the setup event the first time, as a handler that fails on it does.
    if (event.type === 'space_installation_setup' && refuse) {
      refuse = false;
      return new Response('{"error":"not ready"}', { status: 500 });
    }
    return new Response('OK');
  };
  const gb = useGitBookMock({ wallClock: () => 0, events: { fetch: fetch as typeof globalThis.fetch }, ...scenarioOptions('order', {
    description: 'starter, and an integration the test installs',
    extends: 'starter',
    integrations: [{ key: 'hook', title: 'Hook', owner: 'acme', url: 'http://hook.invalid/v1' }],
    installations: [{ key: 'hook-acme', integration: 'hook', organization: 'acme' }],
  }) });
  const t = callsOn(gb);

  it('gets its next event at once, and the retry when its delay is up', async () => {
    await t.admin('POST', '/__admin/clock', { frozen: true });
    const installation = gb.id('installations', 'hook-acme');
    const space = gb.id('spaces', 'handbook');
    expect((await t.call('admin', 'POST', `/v1/integrations/hook/installations/${installation}/spaces`, { space })).status).toBeLessThan(300);
    const cr = await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'Fix typo' });
    expect((await t.call('editor', 'POST', `/v1/spaces/${space}/change-requests/${cr.body.id}/merge`)).status).toBe(200);
    // The clock stands still: the merge's event goes without waiting for the setup's retry.
    await expect.poll(() => tried).toEqual(['space_installation_setup', 'space_content_updated']);
    const [setup, updated] = gb.mock!.events.list({ installationId: installation });
    expect(updated.deliveries[0]).toMatchObject({ status: 'delivered', attempts: [{ status: 200, at: setup.createdAt }] });
    expect(setup.deliveries[0]).toMatchObject({ status: 'pending', attempts: [{ status: 500 }] });
    await t.admin('POST', '/__admin/clock', { advance: 'PT1S' });
    await expect.poll(() => setup.deliveries[0].status).toBe('delivered');
    expect(tried).toEqual(['space_installation_setup', 'space_content_updated', 'space_installation_setup']);
  });
});
