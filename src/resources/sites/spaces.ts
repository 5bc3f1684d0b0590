/**
 * Spaces as sites see them: the space a body names (it must be a live space of the
 * site's organization) and a blank space created for a site. SiteSpace.space is the
 * spaces group's Space (spaces/present.ts).
 */
import { errors } from '../../contract/errors.ts';
import type { OrganizationRecord, SpaceRecord } from '../../store/records.ts';
import { findLiveSpace } from '../shared/access.ts';
import { createSpace } from '../spaces/create.ts';
import type { HandlerContext } from '../../contract/operation.ts';

/** The space named by a body field; 400 naming the field if it is not a live space of `org`. */
export function spaceField(ctx: HandlerContext, org: OrganizationRecord, spaceId: string, field: string): SpaceRecord {
  const space = findLiveSpace(ctx, org.id, spaceId);
  if (!space) throw errors.unknownReference(spaceId, `${field}: no space "${spaceId}" in this organization`);
  return space;
}

/** A new, empty, private space in `org` (what `spaces: "new"` and `spaceId: null` ask for). */
export function createBlankSpace(ctx: HandlerContext, org: OrganizationRecord, title: string): SpaceRecord {
  return createSpace(ctx, {
    organization: org.id,
    title: title.slice(0, 50),
    emoji: '1f4d8',
    visibility: 'private',
    editMode: 'live',
    defaultLevel: 'inherit',
    position: ctx.db.spaces.countBy('organization', org.id),
  });
}
