/**
 * A minimal Space presenter, private to this group, for the items of
 * GET /orgs/{organizationId}/members/{userId}/spaces: what the official Space component
 * requires, derived from the record and the role of the member the list is about.
 */
import { can, type Role } from '../../auth/roles.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { apiUrl, appUrl } from '../shared/present.ts';
import type { Ctx } from './lookup.ts';

export function presentSpaceForMember(ctx: Ctx, space: SpaceRecord, role: Role) {
  const { comments, changeRequests } = ctx.rt.db;
  const crs = changeRequests.by('space', space.id);
  const open = space.visibility === 'public' || space.visibility === 'unlisted';
  const admin = can(role, 'admin');
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title.slice(0, 50),
    emoji: space.emoji,
    organization: space.organization,
    visibility: space.visibility,
    revision: space.revision,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.parent && { parent: space.parent }),
    ...(space.language && { language: space.language }),
    editMode: space.editMode,
    defaultLevel: space.defaultLevel ?? 'inherit',
    comments: comments.by('space', space.id).filter((c) => c.status === 'open').length,
    changeRequests: crs.length,
    changeRequestsOpen: crs.filter((cr) => cr.status === 'open').length,
    changeRequestsDraft: crs.filter((cr) => cr.status === 'draft').length,
    mergeRules: { type: 'inherit' as const },
    urls: {
      location: apiUrl(ctx, `/spaces/${space.id}`),
      app: appUrl(`/o/${space.organization}/s/${space.id}/`),
      ...(open && { published: appUrl(`/s/${space.id}/`) }),
      ...(space.visibility === 'public' && { public: appUrl(`/s/${space.id}/`) }),
    },
    permissions: {
      view: true,
      access: true,
      admin,
      viewInviteLinks: admin,
      edit: can(role, 'edit'),
      triggerGitSync: can(role, 'edit'),
      comment: can(role, 'comment'),
      merge: can(role, 'merge'),
      review: can(role, 'review'),
      installIntegration: admin,
    },
  };
}
