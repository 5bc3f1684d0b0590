/**
 * Admin input that would be half ignored is refused or flagged, never passed in silence
 * (issue 44): a fault rule whose answer names both a status and a fault, and a clock moved back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn, clearKept } from '../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
beforeEach(() => clearKept(t));

describe('a fault rule that could not send all it says', () => {
  it.each([
    [{ operationId: 'getSpaceById', status: 503, fault: 'reset' }, /^body\.status cannot go with body\.fault "reset"/],
    [{ operationId: 'getSpaceById', body: { oops: true }, fault: 'empty' }, /^body\.body cannot go with body\.fault "empty"/],
    [{ operationId: 'getSpaceById', delay: 10, body: { oops: true } }, /^body\.body is sent only with body\.status/],
    [{ operationId: 'getSpaceById', delay: 10, headers: { 'x-why': 'test' } }, /^body\.headers is sent only with body\.status/],
  ])('%j is a 400 naming the field, and no rule is kept', async (rule, message) => {
    const res = await t.admin('POST', '/__admin/faults', rule);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(message);
    expect((await t.admin('GET', '/__admin/faults')).body.items).toEqual([]);
  });
});

describe('the clock moved back', () => {
  it('{"advance": "-P1D"} moves it, with X-Mock-Warning saying it went back and from when', async () => {
    const before = (await t.admin('GET', '/__admin/clock')).body.now;
    const res = await t.admin('POST', '/__admin/clock', { advance: '-P1D' });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.now)).toBe(Date.parse(before) - 86_400_000);
    expect(res.headers.get('x-mock-warning')).toBe(`the clock moved back by 86400000 ms, from ${before} to ${res.body.now}: times written since then (records, events, the journal) are later than the clock now`);
    // Forward, no warning.
    expect((await t.admin('POST', '/__admin/clock', { advance: 'P2D' })).headers.get('x-mock-warning')).toBeNull();
    // A `now` before the clock is a move back too.
    expect((await t.admin('POST', '/__admin/clock', { now: '2020-01-01T00:00:00.000Z' })).headers.get('x-mock-warning')).toMatch(/^the clock moved back by/);
  });
});
