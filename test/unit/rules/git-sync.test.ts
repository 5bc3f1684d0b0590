import { describe, expect, it } from 'vitest';
import { commitUrl, isInOrder, providerOf, repoName, stripCredentials } from '../../../src/rules/git-sync.ts';

describe('git sync rules', () => {
  it('strips user and password from a URL', () => {
    expect(stripCredentials('https://bot:s3cret@github.com/acme/handbook.git')).toBe('https://github.com/acme/handbook.git');
  });

  it('leaves a URL without credentials alone', () => {
    expect(stripCredentials('https://github.com/acme/handbook')).toBe('https://github.com/acme/handbook');
  });

  it('names the repository owner/name without .git', () => {
    expect(repoName('https://token@gitlab.com/acme/docs/handbook.git')).toBe('acme/docs/handbook');
  });

  it('joins a commit URL prefix and the commit with one slash, with or without a trailing one', () => {
    const oid = 'a'.repeat(40);
    expect(commitUrl('https://github.com/acme/docs/commit', oid)).toBe(`https://github.com/acme/docs/commit/${oid}`);
    expect(commitUrl('https://github.com/acme/docs/commit/', oid)).toBe(`https://github.com/acme/docs/commit/${oid}`);
    expect(commitUrl('https://bot:pw@gitlab.com/acme/docs/-/commit', oid)).toBe(`https://gitlab.com/acme/docs/-/commit/${oid}`);
  });

  it('guesses the provider from the host', () => {
    expect([providerOf('https://gitlab.example.com/a/b'), providerOf('https://github.com/a/b')]).toEqual(['gitlab', 'github']);
  });

  it('strips credentials whose password holds an @', () => {
    expect(stripCredentials('https://bot:p@ss@github.com/acme/handbook.git')).toBe('https://github.com/acme/handbook.git');
    expect(stripCredentials('https://github.com/acme/@handbook')).toBe('https://github.com/acme/@handbook');
  });

  it('ignores an operation older than the last one applied', () => {
    const sync = { repoName: 'a/b', installationProvider: 'github', integration: 'github', url: 'u', updatedAt: 'x', lastOperationAt: '2026-01-02T00:00:00Z' };
    expect([isInOrder(sync, '2026-01-01T00:00:00Z'), isInOrder(sync, '2026-01-03T00:00:00Z'), isInOrder(sync, undefined)]).toEqual([false, true, true]);
  });
});
