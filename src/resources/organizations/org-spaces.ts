/**
 * An organization's spaces: the list (the spaces the caller may see, deleted ones left out, in
 * creation order) and creating one (create role), which shares the one space insert with
 * duplicates and blank site sections, so a new space shows in every list at once.
 */
import { reply, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import { spaceRole, requireOrg } from '../shared/access.ts';
import { createSpace } from '../shared/create-space.ts';
import { presentSpace } from '../shared/present-space.ts';
import { requireOrgReader } from '../shared/org-lookup.ts';
import type { SpaceRecord } from '../../store/records.ts';
import { officialOp } from '../engine/operations.ts';

export const orgSpaceOperations: Operation[] = [
  officialOp('listSpacesInOrganizationById', {
    query: 'common/pagination-query',
    response: 'spaces/space-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      const visible = (space: SpaceRecord) => !space.deletedAt && spaceRole(ctx.db, space, ctx.user.id) !== null;
      return paginate(
        ctx.db.spaces.viewBy('organization', org.id),
        ctx.query,
        (space) => presentSpace(ctx, space, spaceRole(ctx.db, space, ctx.user.id)),
        visible,
      );
    },
  }),
  officialOp('createSpace', {
    body: 'spaces/space-create',
    response: 'spaces/space',
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId, 'createContent', 'create spaces in this organization');
      const { title, emoji, parent, language, editMode } = ctx.body;
      const space = createSpace(ctx, {
        organization: org.id,
        title: title?.trim() || 'Untitled',
        emoji: emoji ?? '',
        visibility: 'private',
        editMode: editMode ?? 'live',
        defaultLevel: 'inherit',
        position: ctx.db.spaces.countBy('organization', org.id),
        ...(parent && { parent }),
        ...(language && { language }),
      });
      const presented = presentSpace(ctx, space, spaceRole(ctx.db, space, ctx.user.id));
      return reply(presented, { headers: { Location: presented.urls.location } });
    },
  }),
];
