/**
 * The role model, as pure data and functions (no Hono, no store). Organization roles are
 * ordered; each capability needs a least role. `docs/behaviour.md` has the same table.
 */
export const ROLES = ['read', 'comment', 'review', 'edit', 'create', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** 0 for guests and strangers, then 1 (read) to 6 (admin). */
export function rank(role: Role | null | undefined): number {
  return role ? ROLES.indexOf(role) + 1 : 0;
}

export function atLeast(role: Role | null | undefined, needed: Role): boolean {
  return rank(role) >= rank(needed);
}

/** The lower of two roles (null, no access, is the lowest). */
export function lowest(a: Role | null, b: Role | null): Role | null {
  return rank(a) <= rank(b) ? a : b;
}

/** What a role allows, and the least role that allows it. */
export const CAPABILITIES = {
  /** Read content, list comments, change requests, members, teams and sites. */
  view: 'read',
  /** Post comments and replies, react. */
  comment: 'comment',
  /** Review change requests, resolve comments of others. */
  review: 'review',
  /** Edit live content and change requests, create change requests, git sync. */
  edit: 'edit',
  /** Merge a change request. */
  merge: 'edit',
  /** Create spaces and other content; duplicate spaces. */
  createContent: 'create',
  /** Administer: space settings, delete and restore, transfer, organization settings,
   * members, teams, SAML, sites, OpenAPI specs, translations. */
  admin: 'admin',
} as const satisfies Record<string, Role>;

export type Capability = keyof typeof CAPABILITIES;

export function can(role: Role | null | undefined, capability: Capability): boolean {
  return atLeast(role, CAPABILITIES[capability]);
}
