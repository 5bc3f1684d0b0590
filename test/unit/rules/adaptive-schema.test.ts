import { describe, expect, it } from 'vitest';
import { claimsOf, templateConditions } from '../../../src/rules/adaptive-schema.ts';

const schema = {
  type: 'object',
  properties: {
    isBetaUser: { type: 'boolean', description: 'Joined the beta' },
    'has-plan': { type: 'boolean', description: '' },
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { prefersDark: { type: 'boolean', description: 'Likes dark mode' } },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

describe('adaptive schema', () => {
  it('lists signed claims, then unsigned ones', () => {
    expect(claimsOf(schema).map((c) => [c.name, c.signed])).toEqual([
      ['isBetaUser', true],
      ['has-plan', true],
      ['prefersDark', false],
    ]);
  });

  it('derives one condition per claim', () => {
    expect(templateConditions(schema).map((c) => c.condition)).toEqual([
      'visitor.claims.isBetaUser === true',
      'visitor.claims["has-plan"] === true',
      'visitor.claims.unsigned.prefersDark === true',
    ]);
  });

  it('describes each condition with the claim description', () => {
    expect(templateConditions(schema)[0].description).toContain('Joined the beta');
  });

  it('derives nothing without a schema', () => {
    expect(templateConditions(undefined)).toEqual([]);
  });
});
