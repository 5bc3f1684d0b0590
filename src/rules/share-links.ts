/**
 * The share-link state machine: a link is active or inactive; PATCH `active` moves it
 * either way (and back). Only an active link's key resolves a share-link site.
 */
import { defineMachine } from '../state-machine.ts';

/** An inactive link is `revoked` in the coverage report. */
export const SHARE_LINK_MACHINE = defineMachine('share-link', [
  ['active', 'revoked'],
  ['revoked', 'active'],
]);

export interface ShareLinkState {
  name: string;
  active: boolean;
  key: string;
}

export type ShareLinkChange = { active?: boolean; name?: string };

/** The link after a change; setting the state it already has is a no-op, not an error. */
export function applyShareLinkChange<T extends ShareLinkState>(link: T, change: ShareLinkChange): T {
  return {
    ...link,
    ...(change.name !== undefined && { name: change.name }),
    ...(change.active !== undefined && { active: change.active }),
  };
}

export type ShareKeyResolution = { kind: 'absent' } | { kind: 'active'; key: string } | { kind: 'inactive' } | { kind: 'unknown' };

/** What a `shareKey` query parameter resolves to among a site's links; an empty key is none (docs/behaviour.md). */
export function resolveShareKey(links: readonly ShareLinkState[], key: string | undefined): ShareKeyResolution {
  if (!key) return { kind: 'absent' };
  const link = links.find((l) => l.key === key);
  if (!link) return { kind: 'unknown' };
  return link.active ? { kind: 'active', key } : { kind: 'inactive' };
}
