/**
 * The request's exchange (src/sessions/exchange.ts) is made by the pipeline and ends with its
 * request: the session it opened is released and the exchange forgotten, whatever answered.
 */
import { describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import { createMock } from '../../../src/app.ts';
import { registerRows } from '../../../src/server/registrar.ts';
import { errors } from '../../../src/contract/errors.ts';
import { exchangeOf } from '../../../src/sessions/exchange.ts';

describe('the exchange of a request', () => {
  it('is the one the row is handed, and ends with the request, an error included', async () => {
    const mock = createMock({ scenario: 'empty' });
    const seen: { c: Context; same: boolean }[] = [];
    registerRows(mock.app, [{ operationId: 'probe', method: 'GET', path: '/__files/probe/{fail}', status: 200, access: 'public' }], (c, _row, input, exchange) => {
      seen.push({ c, same: exchangeOf(c) === exchange && exchange.runtime === mock.sessions.get('probing')?.runtime });
      if (input.params.fail === 'yes') throw errors.conflict('the probe fails');
      return { ok: true };
    });
    const headers = { 'x-mock-session': 'probing' };
    expect((await mock.fetch('http://localhost/__files/probe/no', { headers })).status).toBe(200);
    expect((await mock.fetch('http://localhost/__files/probe/yes', { headers })).status).toBe(409);
    expect(seen.map((s) => s.same)).toEqual([true, true]);
    for (const { c } of seen) expect(exchangeOf(c)).toBeUndefined();
    expect(mock.sessions.get('probing')?.inFlight).toBe(0);
    expect(mock.sessions.get('probing')?.requests).toBe(2);
  });
});
