/**
 * Every state-machine transition the coverage report knows, so that its `total` means
 * something: a transition never exercised is listed with count 0. The machines are the
 * pure rules of src/rules/; a `to` of `refused` marks a move the rule turns down.
 */
import { ROLES } from '../auth/roles.ts';
import { STATUS_MOVES } from '../rules/change-request.ts';

export interface TransitionKey {
  machine: string;
  from: string;
  to: string;
}

/** `null` organization role (a guest) is written `guest`; a removed member is `none`. */
export const MEMBER_STATES = [...ROLES, 'guest'] as const;

function memberRoleMoves(): TransitionKey[] {
  const moves: TransitionKey[] = [];
  for (const from of MEMBER_STATES) {
    for (const to of MEMBER_STATES) if (from !== to) moves.push({ machine: 'member-role', from, to });
    moves.push({ machine: 'member-role', from, to: 'none' });
  }
  return moves;
}

function changeRequestMoves(): TransitionKey[] {
  const moves: TransitionKey[] = [];
  for (const [from, targets] of Object.entries(STATUS_MOVES)) {
    for (const to of targets) moves.push({ machine: 'change-request', from, to });
  }
  moves.push({ machine: 'change-request', from: 'draft', to: 'merged' }, { machine: 'change-request', from: 'open', to: 'merged' });
  return moves;
}

export const KNOWN_TRANSITIONS: readonly TransitionKey[] = [
  // Space lifecycle (src/rules/space-lifecycle.ts): delete, restore within 7 days, restore past them.
  { machine: 'space', from: 'active', to: 'deleted' },
  { machine: 'space', from: 'deleted', to: 'active' },
  { machine: 'space', from: 'purged', to: 'refused' },
  // Comment resolution (src/rules/comment-status.ts).
  { machine: 'comment', from: 'open', to: 'resolved' },
  { machine: 'comment', from: 'resolved', to: 'open' },
  // Change-request status moves and merge (src/rules/change-request.ts).
  ...changeRequestMoves(),
  // Change-request base: outdated when the primary content moves on; current again by update.
  { machine: 'change-request-base', from: 'current', to: 'outdated' },
  { machine: 'change-request-base', from: 'outdated', to: 'current' },
  { machine: 'change-request-base', from: 'current', to: 'current' },
  // Team membership (src/rules/team-membership.ts); `removed-wins`: a user both added and removed.
  { machine: 'team-membership', from: 'none', to: 'member' },
  { machine: 'team-membership', from: 'none', to: 'owner' },
  { machine: 'team-membership', from: 'member', to: 'owner' },
  { machine: 'team-membership', from: 'owner', to: 'member' },
  { machine: 'team-membership', from: 'member', to: 'none' },
  { machine: 'team-membership', from: 'owner', to: 'none' },
  { machine: 'team-membership', from: 'added', to: 'removed-wins' },
  // Share links (src/rules/share-links.ts).
  { machine: 'share-link', from: 'active', to: 'revoked' },
  { machine: 'share-link', from: 'revoked', to: 'active' },
  // Organization member roles (src/rules/member-role.ts); the last admin cannot go.
  ...memberRoleMoves(),
  { machine: 'member-role', from: 'admin', to: 'refused' },
];

export function transitionId(key: TransitionKey): string {
  return `${key.machine}\u0000${key.from}\u0000${key.to}`;
}
