/** `gb.events.waitFor` against a running server: it polls the file's session's `/__admin/events`. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { createMock } from '../../../src/app.ts';
import { useGitBookMock } from '../../../src/vitest/index.ts';

const server = createMock({ scenario: 'starter' });
const http = await new Promise<Server>((resolve) => {
  const s = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
});
afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

const gb = useGitBookMock({ url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });

describe('gb.events over HTTP', () => {
  it('waits for the event of a merge in this file\'s session, hands it out once, and lists it', async () => {
    const space = gb.id('spaces', 'handbook');
    const api = gb.client('editor');
    const waiting = gb.events.waitFor('space_content_updated');
    const { data: cr } = await api.spaces.createChangeRequest(space, { subject: 'Typo' });
    const { data: merged } = await api.spaces.mergeChangeRequest(space, cr.id);
    const event = await waiting;
    expect(event).toMatchObject({ type: 'space_content_updated', spaceId: space, revisionId: merged.revision });
    await expect(gb.events.waitFor('space_content_updated', { timeoutMs: 100 })).rejects.toThrow(/no space_content_updated event within 100 ms/);
    const items = await gb.events.list({ type: 'space_content_updated' });
    expect(items.map((item) => item.id)).toEqual([event.eventId]);
    // The default session of the server saw none of it.
    expect(server.events.list()).toEqual([]);
  });
});
