/**
 * Git Sync rules, pure: how credentials are kept out of what we store, how the repository is
 * named, and the ordering of operations by their timestamp. Any ref is accepted, as the
 * official document allows.
 */
import type { GitSyncRecord } from '../store/records.ts';

/** The URL without `user:password@` (credentials are never stored nor echoed). */
export function stripCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/]*@/i, '$1');
}

/** `https://github.com/acme/handbook.git` → `acme/handbook`. */
export function repoName(url: string): string {
  const clean = stripCredentials(url).replace(/[?#].*$/, '');
  const path = clean.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*\/?/i, '').replace(/^[^@/]*@[^:]*:/, '');
  return path.replace(/\.git$/, '').replace(/\/+$/, '') || clean;
}

/** The provider, from the declared one or the repository's host. */
export function providerOf(url: string, declared?: string): 'github' | 'gitlab' {
  if (declared === 'github' || declared === 'gitlab') return declared;
  return /gitlab/i.test(stripCredentials(url)) ? 'gitlab' : 'github';
}

/**
 * Whether an operation triggered at `timestamp` still applies: one older than the last
 * operation applied is out of order and ignored. Without a timestamp, it applies.
 */
export function isInOrder(sync: GitSyncRecord | undefined, timestamp: string | undefined): boolean {
  if (!timestamp || !sync?.lastOperationAt) return true;
  return Date.parse(timestamp) >= Date.parse(sync.lastOperationAt);
}

/**
 * A commit's URL from the `repoCommitURL` prefix: GitBook's GitHub and GitLab integrations
 * send the prefix without a trailing slash (`https://github.com/owner/repo/commit`), so a
 * slash is put between them unless the prefix ends with one. Credentials are never kept.
 */
export function commitUrl(prefix: string, oid: string): string {
  const base = stripCredentials(prefix);
  return base.endsWith('/') ? `${base}${oid}` : `${base}/${oid}`;
}
