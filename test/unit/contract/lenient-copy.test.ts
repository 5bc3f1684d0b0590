/** The lenient copy of a request schema (contract/schemas.ts): fields named like keywords are schemas too. */
import { describe, expect, it } from 'vitest';
import { lenientCopy } from '../../../src/contract/schemas.ts';

describe('lenientCopy', () => {
  it('makes a field named "default" lenient like any other field', () => {
    const branch = { type: 'object', properties: { light: { type: 'string' } }, additionalProperties: false };
    const schema = {
      type: 'object',
      properties: {
        default: { oneOf: [branch, { type: 'string' }] },
        other: { oneOf: [branch, { type: 'string' }] },
      },
    };
    const copy = lenientCopy(schema) as { properties: Record<string, unknown> };
    const lenientBranch = { type: 'object', properties: { light: { type: 'string' } } };
    expect(copy.properties.other).toEqual({ anyOf: [lenientBranch, { type: 'string' }] });
    expect(copy.properties.default).toEqual(copy.properties.other);
  });

  it('keeps the values of keywords as they are, and treats definitions named like keywords as schemas', () => {
    const copy = lenientCopy({ default: { oneOf: [1] }, enum: ['a'], $defs: { enum: { oneOf: [{ type: 'string' }] } } });
    expect(copy).toEqual({ default: { oneOf: [1] }, enum: ['a'], $defs: { enum: { anyOf: [{ type: 'string' }] } } });
  });

  it('accepts unknown fields everywhere, not only inside alternatives (the body is pruned after: prune.ts)', () => {
    expect(lenientCopy({ type: 'object', properties: { a: { type: 'object', additionalProperties: false } }, additionalProperties: false })).toEqual({
      type: 'object',
      properties: { a: { type: 'object' } },
    });
  });
});
