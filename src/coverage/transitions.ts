/**
 * Every state-machine transition the coverage report knows, so that its `total` means
 * something: a transition never exercised is listed with count 0. The machines are declared
 * beside their pure rules of src/rules/ (`defineMachine`, state-machine.ts); a `to` of
 * `refused` marks a move the rule turns down.
 */
import { REFUSED, type Machine } from '../state-machine.ts';
import { SPACE_MACHINE } from '../rules/space-lifecycle.ts';
import { COMMENT_MACHINE } from '../rules/comment-status.ts';
import { CHANGE_REQUEST_BASE_MACHINE, CHANGE_REQUEST_MACHINE } from '../rules/change-request.ts';
import { TEAM_MEMBERSHIP_MACHINE } from '../rules/team-membership.ts';
import { SHARE_LINK_MACHINE } from '../rules/share-links.ts';
import { MEMBER_ROLE_MACHINE } from '../rules/member-role.ts';

export interface TransitionKey {
  machine: string;
  from: string;
  to: string;
}

/** The machines of the rules, in the order the report lists them. */
export const MACHINES: readonly Machine[] = [
  SPACE_MACHINE,
  COMMENT_MACHINE,
  CHANGE_REQUEST_MACHINE,
  CHANGE_REQUEST_BASE_MACHINE,
  TEAM_MEMBERSHIP_MACHINE,
  SHARE_LINK_MACHINE,
  MEMBER_ROLE_MACHINE,
];

/** A machine's moves, then the moves it refuses. */
function transitionsOf(machine: Machine): TransitionKey[] {
  return [
    ...machine.moves.map(([from, to]) => ({ machine: machine.name, from, to })),
    ...machine.refused.map((from) => ({ machine: machine.name, from, to: REFUSED })),
  ];
}

export const KNOWN_TRANSITIONS: readonly TransitionKey[] = MACHINES.flatMap(transitionsOf);

export function transitionId(key: TransitionKey): string {
  return `${key.machine}\u0000${key.from}\u0000${key.to}`;
}
