import { describe, expect, it } from 'vitest';
import { refuse, type Decision } from '../../../src/rules/decision.ts';

describe('refuse: the one shape of a refusal', () => {
  it.each([
    [403, 'remove a member', undefined, { ok: false, status: 403, reason: 'remove a member' }],
    [404, 'purged', undefined, { ok: false, status: 404, reason: 'purged' }],
    [409, 'The organization must keep at least one admin', undefined, { ok: false, status: 409, reason: 'The organization must keep at least one admin' }],
    [400, 'must be a colour', 'styling.primaryColor', { ok: false, status: 400, reason: 'must be a colour', field: 'styling.primaryColor' }],
  ] as const)('%i %s (field %s)', (status, reason, field, expected) => {
    expect(refuse(status, reason, field)).toStrictEqual(expected);
  });

  it('names no field unless one is to blame (no `field: undefined` key)', () => {
    expect(Object.keys(refuse(409, 'merged'))).toEqual(['ok', 'status', 'reason']);
  });

  it('is told apart from an allowed decision by `ok`', () => {
    const decisions: Decision<{ patch: string }>[] = [{ ok: true, patch: 'x' }, refuse(409, 'no')];
    expect(decisions.map((d) => (d.ok ? d.patch : d.status))).toEqual(['x', 409]);
  });
});
