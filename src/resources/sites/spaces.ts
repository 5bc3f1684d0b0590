/**
 * Spaces as sites see them: the space a body names (it must be a live space of the
 * site's organization), a blank space created for a site, and a small Space presenter
 * for SiteSpace.space. The presenter is private to this group: the spaces group owns
 * the full one (the integrator may swap this for it).
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../http/errors.ts';
import type { OrganizationRecord, SpaceRecord } from '../../store/records.ts';
import { spaceRole } from '../shared/access.ts';
import { apiUrl, appUrl } from '../shared/present.ts';
import { createSpace } from '../spaces/create.ts';
import type { Ctx } from './access.ts';

/** The space named by a body field; 400 naming the field if it is not a live space of `org`. */
export function spaceField(ctx: Ctx, org: OrganizationRecord, spaceId: string, field: string): SpaceRecord {
  const space = ctx.rt.db.spaces.get(spaceId);
  if (!space || space.organization !== org.id || space.deletedAt) {
    throw errors.badRequest(`${field}: no space "${spaceId}" in this organization`);
  }
  return space;
}

/** A new, empty, private space in `org` (what `spaces: "new"` and `spaceId: null` ask for). */
export function createBlankSpace(ctx: Ctx, org: OrganizationRecord, title: string): SpaceRecord {
  return createSpace(ctx, {
    organization: org.id,
    title: title.slice(0, 50),
    emoji: '1f4d8',
    visibility: 'private',
    editMode: 'live',
    defaultLevel: 'inherit',
    position: ctx.rt.db.spaces.countBy('organization', org.id),
  });
}

/** The official Space object, reduced to what it requires (and a few optional fields). */
export function presentSpaceSummary(ctx: Ctx, space: SpaceRecord) {
  const { comments, changeRequests } = ctx.rt.db;
  const role = spaceRole(ctx.rt, space, ctx.user.id);
  const crs = changeRequests.by('space', space.id);
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt && { deletedAt: space.deletedAt }),
    editMode: space.editMode,
    mergeRules: { type: 'inherit' as const },
    urls: {
      location: apiUrl(ctx, `/spaces/${space.id}`),
      app: appUrl(`/o/${space.organization}/s/${space.id}/`),
    },
    organization: space.organization,
    ...(space.parent && { parent: space.parent }),
    ...(space.language && { language: space.language }),
    revision: space.revision,
    defaultLevel: space.defaultLevel,
    comments: comments.by('space', space.id).filter((c) => c.status === 'open').length,
    changeRequests: crs.length,
    changeRequestsOpen: crs.filter((c) => c.status === 'open').length,
    changeRequestsDraft: crs.filter((c) => c.status === 'draft').length,
    permissions: {
      view: can(role, 'view'),
      access: can(role, 'view'),
      admin: can(role, 'admin'),
      viewInviteLinks: can(role, 'admin'),
      edit: can(role, 'edit'),
      triggerGitSync: can(role, 'edit'),
      comment: can(role, 'comment'),
      merge: can(role, 'merge'),
      review: can(role, 'review'),
      installIntegration: can(role, 'admin'),
    },
  };
}

/** A site space whose space record is gone altogether still presents as a placeholder. */
export function presentMissingSpace(ctx: Ctx, spaceId: string, organization: string) {
  const placeholder: SpaceRecord = {
    id: spaceId, organization, title: 'Deleted space', emoji: '1f5d1', visibility: 'private', editMode: 'locked',
    defaultLevel: 'inherit', revision: spaceId, position: 0, createdAt: ctx.now, updatedAt: ctx.now, deletedAt: ctx.now,
  };
  return presentSpaceSummary(ctx, placeholder);
}
