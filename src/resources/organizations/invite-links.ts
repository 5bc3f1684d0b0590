/**
 * Invite links of an organization: to the organization with a role, or to a space or a
 * collection with a level. Its admins list, create, read, change and delete them (members 403,
 * others 404); anyone with a link's id joins with it (joinOrganizationWithInvite), while the
 * organization has invite links on. The list is of organization invites, as the official list
 * types it; links to a space or a collection are read by id.
 */
import { rank, type Role } from '../../auth/roles.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { InviteLinkRecord, OrganizationRecord } from '../../store/records.ts';
import { MEMBER_ROLE_MACHINE } from '../../rules/member-role.ts';
import { officialSchema } from '../engine/family.ts';
import { presentCollection } from '../shared/present-collection.ts';
import { findIn } from '../shared/find.ts';
import { orgRole, spaceRole } from '../shared/access.ts';
import { presentSpaceToCaller } from '../shared/present-space.ts';
import { callerRole, requireInviteLink, requireOrgAdmin } from '../shared/org-lookup.ts';
import { officialOp } from '../engine/operations.ts';

type CreateBody = { role?: Role | null; level?: Role | null; space?: string; collection?: string };

const ACTION = 'manage the invite links of this organization';

/** Whether the caller already has what the link gives (the official `redundant`). */
function redundant(ctx: HandlerContext, link: InviteLinkRecord): boolean {
  const held = (role: Role | null | undefined) => role !== undefined && (link.role === null || (role !== null && rank(role) >= rank(link.role)));
  if (link.target?.kind === 'space') {
    const space = ctx.db.spaces.get(link.target.id);
    return space !== undefined && held(spaceRole(ctx.db, space, ctx.user.id));
  }
  return held(orgRole(ctx.db, link.organization, ctx.user.id));
}

function present(ctx: HandlerContext, link: InviteLinkRecord) {
  const head = { object: 'invite' as const, id: link.id, redundant: redundant(ctx, link) };
  const { target } = link;
  if (target?.kind === 'space') {
    const space = ctx.db.spaces.get(target.id);
    if (space) return { ...head, level: link.role, space: presentSpaceToCaller(ctx, space) };
  }
  if (target?.kind === 'collection') {
    const collection = ctx.db.collections.get(target.id);
    const role = callerRole(ctx, link.organization);
    if (collection) return { ...head, level: link.role, collection: presentCollection(collection, ctx, { role: role ?? null }) };
  }
  return { ...head, role: link.role };
}

/** What a create body invites to: the organization, or a space or collection of it (400 naming the field). */
function targetOf(ctx: HandlerContext, org: OrganizationRecord, body: CreateBody): InviteLinkRecord['target'] {
  if (body.space !== undefined) {
    if (!findIn(ctx.db.spaces, body.space, (s) => s.organization === org.id && !s.deletedAt)) throw errors.unknownReference(body.space, `space: no space "${body.space}" in this organization`);
    return { kind: 'space', id: body.space };
  }
  if (body.collection !== undefined) {
    if (!findIn(ctx.db.collections, body.collection, (c) => c.parent === org.id)) throw errors.unknownReference(body.collection, `collection: no collection "${body.collection}" in this organization`);
    return { kind: 'collection', id: body.collection };
  }
  return undefined;
}

/** Joining by a link: the caller becomes a member (a guest for a space or collection link, with a grant there). */
function join(ctx: HandlerContext, org: OrganizationRecord, link: InviteLinkRecord): void {
  const memberId = `${org.id}:${ctx.user.id}`;
  const member = ctx.db.members.get(memberId);
  const role = link.target ? null : link.role;
  if (!member) {
    // Joining is no move of the member-role machine (its moves start from a member).
    ctx.db.members.insert({ id: memberId, organization: org.id, user: ctx.user.id, role, joinedAt: ctx.now, sso: false, disabled: false });
  } else if (!link.target && role !== null && (member.role === null || rank(role) > rank(member.role))) {
    // A link never lowers a member's role; a higher one raises it.
    ctx.coverage.transition(MEMBER_ROLE_MACHINE, member.role ?? 'guest', role);
    ctx.db.members.update(memberId, { role });
  }
  if (!link.target) return;
  const table = link.target.kind === 'space' ? ctx.db.spacePermissions : ctx.db.collectionPermissions;
  const grant = `${link.target.id}:user:${ctx.user.id}`;
  const level = link.role ?? 'read';
  const held = table.get(grant);
  if (!held) table.insert({ id: grant, parent: link.target.id, user: ctx.user.id, role: level, createdAt: ctx.now });
  else if (rank(level) > rank(held.role)) table.update(grant, { role: level, updatedAt: ctx.now });
}

export const inviteLinkOperations: Operation[] = [
  officialOp('listOrganizationInviteLinks', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, ACTION);
      return paginate(ctx.db.inviteLinks.viewBy('organization', org.id), ctx.query, (l) => present(ctx, l), (l) => l.target === undefined);
    },
  }),
  officialOp('createOrganizationInvite', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, ACTION);
      const target = targetOf(ctx, org, ctx.body);
      // An organization link's body names `role`; a space or collection link's, `level`.
      const role = (target ? ('level' in ctx.body ? ctx.body.level : undefined) : 'role' in ctx.body ? ctx.body.role : undefined) ?? null;
      const link = ctx.db.inviteLinks.insert({ id: ctx.ids.next('invite'), organization: org.id, role, ...(target && { target }), createdAt: ctx.now });
      return present(ctx, link);
    },
  }),
  officialOp('getOrganizationInviteLink', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, ACTION);
      return present(ctx, requireInviteLink(ctx, org, ctx.params.inviteId));
    },
  }),
  officialOp('updateOrganizationInviteById', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, ACTION);
      const link = requireInviteLink(ctx, org, ctx.params.inviteId);
      // `role` for an organization link, `level` for a space or collection link; either is taken for either.
      const role = 'role' in ctx.body && ctx.body.role !== undefined ? ctx.body.role : 'level' in ctx.body ? ctx.body.level : undefined;
      return present(ctx, role === undefined ? link : ctx.db.inviteLinks.update(link.id, { role }));
    },
  }),
  officialOp('deleteOrganizationInviteById', {
    status: 205,
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'delete invite links');
      removeWithDependents(ctx.db, 'inviteLinks', requireInviteLink(ctx, org, ctx.params.inviteId).id);
    },
  }),
  officialOp('joinOrganizationWithInvite', {
    // The official operation takes no body: the schema is an empty object's.
    body: officialSchema.body('joinOrganizationWithInvite'),
    handle: (ctx) => {
      // The link's id is what lets an outsider in: no membership is needed to see the organization here.
      const org = ctx.db.organizations.get(ctx.params.organizationId);
      const link = ctx.db.inviteLinks.get(ctx.params.inviteId);
      if (!org || !link || link.organization !== org.id) throw errors.notFound('Invite', ctx.params.inviteId);
      if (!org.inviteLinks) throw errors.forbidden('join with an invite link: invite links are off in this organization');
      if (orgRole(ctx.db, org.id, ctx.user.id) === undefined && ctx.db.members.get(`${org.id}:${ctx.user.id}`)?.disabled) {
        throw errors.forbidden('join this organization: your membership is disabled');
      }
      join(ctx, org, link);
      return {};
    },
  }),
];

