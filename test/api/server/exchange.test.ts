/**
 * The request's exchange (src/sessions/exchange.ts) is made by the pipeline and ends with its
 * request: the session it opened is released, whatever answered.
 */
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
import { errors } from '../../../src/contract/errors.ts';

describe('the exchange of a request', () => {
  it('is the one the row is handed, and ends with the request, an error included', async () => {
    const mock = createMock({ scenario: 'empty' });
    const seen: boolean[] = [];
    mock.registrar.serve([{ operationId: 'probe', method: 'GET', path: '/__files/probe/{fail}', status: 200, access: 'public' }], (_c, _row, input, exchange) => {
      seen.push(exchange.runtime === mock.sessions.get('probing')?.runtime);
      if (input.params.fail === 'yes') throw errors.conflict('the probe fails');
      return { ok: true };
    });
    const headers = { 'x-mock-session': 'probing' };
    expect((await mock.fetch('http://localhost/__files/probe/no', { headers })).status).toBe(200);
    expect((await mock.fetch('http://localhost/__files/probe/yes', { headers })).status).toBe(409);
    expect(seen).toEqual([true, true]);
    expect(mock.sessions.get('probing')?.inFlight).toBe(0);
    expect(mock.sessions.get('probing')?.requests).toBe(2);
  });

  it('answers a GET that waits for nothing synchronously, and a write or a delayed answer with a promise', async () => {
    // @hono/node-server writes a Response handed back at once on its fast path (server/answer.ts).
    const mock = createMock({ scenario: 'starter' });
    const { tokens, ids } = mock.runtime.manifest;
    const headers = { authorization: `Bearer ${tokens.commenter}` };
    const space = `http://localhost/v1/spaces/${ids.spaces.handbook}`;
    const read = mock.app.fetch(new Request(space, { headers }));
    expect(read).toBeInstanceOf(Response);
    expect((read as Response).status).toBe(200);
    const refused = mock.app.fetch(new Request('http://localhost/v1/spaces/nope', { headers }));
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(404);
    const write = mock.app.fetch(new Request(`${space}/comments`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ body: { markdown: 'hi' } }) }));
    expect(write).toBeInstanceOf(Promise);
    expect((await write).status).toBe(200);
    const delayed = mock.app.fetch(new Request(space, { headers: { ...headers, prefer: 'delay=1' } }));
    expect(delayed).toBeInstanceOf(Promise);
    expect((await delayed).status).toBe(200);
    // Each was journaled once, in order, with the session released.
    const journal = await (await mock.fetch('http://localhost/__admin/requests')).json();
    expect(journal.items.map((r: { status: number }) => r.status)).toEqual([200, 404, 200, 200]);
    expect(mock.sessions.get('default')?.inFlight).toBe(0);
  });
});
