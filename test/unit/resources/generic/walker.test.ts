/**
 * The schema walker keeps a given value that one alternative of a `oneOf` takes as it is: the
 * official ContextConnector is an `integration:` pattern or an enum of builtin connectors, and
 * a record's `builtin:email` must come back as `builtin:email`, not as a sample of the first.
 */
import { describe, expect, it } from 'vitest';
import { walk } from '../../../../src/resources/generic/walker.ts';

const connector = {
  oneOf: [
    { type: 'string', pattern: '^integration:[^:]+$' },
    { type: 'string', enum: ['builtin:email', 'builtin:api'] },
  ],
};
const record = { type: 'object', properties: { connector: { $ref: '#/$defs/ContextConnector' } }, required: ['connector'] };
const options = { defs: { ContextConnector: connector }, seed: 'walker-test' };

describe('walk: a value given for a oneOf', () => {
  it.each(['builtin:email', 'integration:zendesk'])('keeps %s, which one alternative takes', (given) => {
    expect(walk(record, { connector: given }, options)).toEqual({ connector: given });
  });

  it('replaces a value no alternative takes, with one that fits the first', () => {
    const { connector: made } = walk(record, { connector: 'builtin:fax' }, options) as { connector: string };
    expect(made).not.toBe('builtin:fax');
    expect(made).toMatch(/^integration:[^:]+$/);
  });
});
