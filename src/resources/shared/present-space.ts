/**
 * The Space object, the one presenter for every response that has a Space (the spaces
 * group's own, SiteSpace.space, a member's spaces, link locations): counts, permissions
 * and URLs derived from the store and the role given.
 */
import { can, type Role } from '../../auth/roles.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { spaceRole } from './access.ts';
import { presentGitSync } from './git-sync.ts';
import { apiUrl, appUrl, type Presenting } from './present.ts';
import { derived } from '../../cache/caches.ts';
import { publishedUrls } from './space-urls.ts';

export function spacePermissions(role: Role | null) {
  const admin = can(role, 'admin');
  return {
    view: can(role, 'view'),
    access: can(role, 'view'),
    admin,
    viewInviteLinks: admin,
    edit: can(role, 'edit'),
    triggerGitSync: can(role, 'edit'),
    comment: can(role, 'comment'),
    merge: can(role, 'merge'),
    review: can(role, 'review'),
    installIntegration: admin,
  };
}

function changeRequestCounts(ctx: Pick<Presenting, 'db'>, spaceId: string) {
  let open = 0;
  let draft = 0;
  const view = ctx.db.changeRequests.viewBy('space', spaceId);
  for (let i = 0; i < view.length; i++) {
    const status = view.at(i).status;
    if (status === 'open') open++;
    else if (status === 'draft') draft++;
  }
  return { changeRequests: view.length, changeRequestsOpen: open, changeRequestsDraft: draft };
}

export function presentSpace(ctx: Presenting, space: SpaceRecord, role: Role | null, shareKey?: string) {
  const { comments } = ctx.db;
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
    mergeRules: space.mergeRules ?? { type: 'inherit' as const },
    urls: {
      location: apiUrl(ctx, `/spaces/${space.id}`),
      app: appUrl(`/o/${space.organization}/s/${space.id}/`),
      ...publishedUrls(ctx, space, shareKey),
      ...(space.icon && { icon: space.icon }),
    },
    organization: space.organization,
    ...(space.parent && { parent: space.parent }),
    ...(space.language && { language: space.language }),
    ...(space.gitSync && { gitSync: presentGitSync(space) }),
    revision: space.revision,
    defaultLevel: space.defaultLevel,
    comments: comments.countBy('openInSpace', space.id),
    ...changeRequestCounts(ctx, space.id),
    permissions: spacePermissions(role),
  };
}

/**
 * GET a space is the busiest single read: its JSON is kept in the session's caches, keyed by
 * what presenting takes (the immutable row, the origin, the role, the share key) and computed
 * again once a table it read changes (comments and change requests for the counts, sites,
 * site spaces and share links for the URLs). Measured under GET a space: presenting and
 * serializing were about 7 % of the server's CPU (--cpu-prof).
 */
const keptSpaceJson = derived('space JSON', (db, space: SpaceRecord, origin: string, role: Role | null, shareKey: string | undefined) =>
  JSON.stringify(presentSpace({ db, origin }, space, role, shareKey)),
);

/** presentSpace as JSON text, from the kept copy when nothing it depends on has changed. */
export function spaceJson(ctx: HandlerContext, space: SpaceRecord, role: Role | null, shareKey?: string): string {
  return keptSpaceJson(ctx, space, ctx.origin, role, shareKey);
}

/** The Space as the caller sees it: with the caller's own role on it. */
export function presentSpaceToCaller(ctx: HandlerContext, space: SpaceRecord) {
  return presentSpace(ctx, space, spaceRole(ctx.db, space, ctx.user.id));
}

/** A space whose record is gone altogether (a site space may still name it) presents as a placeholder. */
export function presentMissingSpace(ctx: HandlerContext, spaceId: string, organization: string) {
  const placeholder: SpaceRecord = {
    id: spaceId, organization, title: 'Deleted space', emoji: '1f5d1', visibility: 'private', editMode: 'locked',
    defaultLevel: 'inherit', revision: spaceId, position: 0, createdAt: ctx.now, updatedAt: ctx.now, deletedAt: ctx.now,
  };
  return presentSpaceToCaller(ctx, placeholder);
}
