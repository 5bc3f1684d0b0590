/**
 * The parents a family's records live under, and who the caller is there. Each parent finds
 * itself from the path (`/orgs/{organizationId}/sites/{siteId}/...`) or from a record's
 * `parent` (items addressed by their own id alone, like `/collections/{collectionId}`), with
 * the seed operations' rule: a parent the caller may not see answers 404, and the caller's
 * role there decides what they may do (403 otherwise).
 */
import type { Role } from '../../auth/roles.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import { orgRole, requireOrg, requireSpace } from '../shared/access.ts';
import { findOrThrow } from '../shared/find.ts';
import { requireSite } from '../shared/site-access.ts';

export interface Scope {
  /** The parent's id: records' `parent`. */
  id: string;
  organization: string;
  /** The caller's role under the parent (null: a guest). */
  role: Role | null;
}

export interface Parent {
  /** The path parameters that name it, outermost first. */
  params: readonly string[];
  fromPath(ctx: HandlerContext, params: Record<string, string>): Scope;
  /** From a record's `parent`: 404 naming `what` when the caller may not see it. */
  fromId(ctx: HandlerContext, id: string): Scope;
}

const roleIn = (ctx: HandlerContext, organization: string) => orgRole(ctx.db, organization, ctx.user.id) ?? null;

const organization: Parent = {
  params: ['organizationId'],
  fromPath: (ctx, p) => organization.fromId(ctx, p.organizationId),
  fromId: (ctx, id) => {
    const org = requireOrg(ctx, id);
    return { id: org.id, organization: org.id, role: roleIn(ctx, org.id) };
  },
};

const site: Parent = {
  params: ['organizationId', 'siteId'],
  fromPath: (ctx, p) => {
    const { org, site: s } = requireSite(ctx, p.organizationId, p.siteId);
    return { id: s.id, organization: org.id, role: roleIn(ctx, org.id) };
  },
  fromId: (ctx, id) => {
    const s = findOrThrow(ctx.db.sites, id, 'Site');
    return site.fromPath(ctx, { organizationId: s.organization, siteId: s.id });
  },
};

const space: Parent = {
  params: ['spaceId'],
  fromPath: (ctx, p) => space.fromId(ctx, p.spaceId),
  fromId: (ctx, id) => {
    const access = requireSpace(ctx, id);
    return { id: access.space.id, organization: access.space.organization, role: access.role };
  },
};

export const PARENTS = { organization, site, space } as const;
export type ParentName = keyof typeof PARENTS;

/** The manifest collection of each parent (scenario entries name their parent by its key). */
export const PARENT_COLLECTIONS = { organization: 'organizations', site: 'sites', space: 'spaces' } as const satisfies Record<ParentName, string>;
