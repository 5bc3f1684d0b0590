import { describe, expect, it } from 'vitest';
import { conditionHolds } from '../../../src/rules/adaptive-condition.ts';

const claims = { isPartner: true, plan: 'pro', seats: 12, tags: ['beta', 'eu'], unsigned: { prefersDark: false, region: 'eu-west' } };

describe('adaptive-content conditions', () => {
  it.each([
    ['visitor.claims.isPartner', true],
    ['visitor.claims.isPartner === true', true],
    ['visitor.claims.isPartner !== true', false],
    ['visitor.claims.isBetaUser', false],
    ['visitor.claims.isBetaUser == true', false],
    ['!visitor.claims.isBetaUser', true],
    ['visitor.claims.plan == "pro"', true],
    ["visitor.claims.plan != 'pro'", false],
    ['visitor.claims.seats > 10 && visitor.claims.seats <= 12', true],
    ['visitor.claims.seats < 10 || visitor.claims.seats >= 20', false],
    ['(visitor.claims.seats < 10 || visitor.claims.isPartner) && visitor.claims.plan === "pro"', true],
    ['visitor.claims.tags.includes("beta")', true],
    ['visitor.claims.tags.includes("us")', false],
    ['visitor.claims.unsigned.region.includes("eu")', true],
    ['visitor.claims.unsigned.prefersDark', false],
    ['visitor.claims["plan"] === "pro"', true],
    ['true', true],
    // The forms of the template conditions derived from a visitor schema (rules/adaptive-schema.ts).
    ['Boolean(visitor.claims.plan)', true],
    ['Boolean(visitor.claims.unsigned.missing)', false],
    ['(visitor.claims.tags ?? []).includes("eu")', true],
    ['(visitor.claims.missing ?? []).length > 0', false],
    ['visitor.claims.tags.length > 0', true],
    ['!(visitor.claims.missing ?? []).length', true],
    ['["pro", "team"].includes(visitor.claims.plan)', true],
    ['false', false],
  ])('%s is %s', (condition, expected) => {
    expect(conditionHolds(condition, claims)).toBe(expected);
  });

  it.each([
    ['a parse error', 'visitor.claims.isPartner ==='],
    ['an unknown root', 'process.env.HOME'],
    ['a call other than includes', 'visitor.claims.plan.toString()'],
    ['an operator outside the subset', 'visitor.claims.seats + 1'],
    ['a member read on nothing', 'visitor.claims.missing.deeper'],
    ['a negated failure', '!visitor.claims.missing.deeper'],
    ['an ordering of an array', 'visitor.claims.tags > 1'],
    ['an inherited member', 'visitor.claims.constructor'],
    ['the empty expression', ''],
  ])('%s is false', (_what, condition) => {
    expect(conditionHolds(condition, claims)).toBe(false);
  });

  it('reads no claim a visitor without claims lacks', () => {
    expect(conditionHolds('visitor.claims.isPartner', {})).toBe(false);
    expect(conditionHolds('!visitor.claims.isPartner', {})).toBe(true);
  });
});
