import { describe, expect, it } from 'vitest';
import { installationRole, roleOfScopes } from '../../../src/rules/installation-scopes.ts';

describe('roleOfScopes: the least role that allows the scopes', () => {
  it.each([
    [[], 'read'],
    [['space:content:read'], 'read'],
    [['space:content:read', 'space:metadata:read', 'site:metadata:read'], 'read'],
    [['space:content:write'], 'edit'],
    [['space:metadata:write'], 'edit'],
    [['space:git:sync'], 'edit'],
    [['site:adaptive:write'], 'edit'],
    [['openapi:write'], 'edit'],
    [['space:content:read', 'openapi:write'], 'edit'],
    [['space:content:writer'], 'read'],
  ])('%j → %s', (scopes, role) => {
    expect(roleOfScopes(scopes)).toBe(role);
  });
});

describe('installationRole: only an active installation acts', () => {
  it.each([
    ['active', ['space:content:write'], 'edit'],
    ['active', ['space:content:read'], 'read'],
    ['pending', ['space:content:write'], undefined],
    ['paused', ['space:content:write'], undefined],
    ['paused', [], undefined],
  ] as const)('%s with %j → %s', (status, scopes, role) => {
    expect(installationRole(status, scopes)).toBe(role);
  });
});
