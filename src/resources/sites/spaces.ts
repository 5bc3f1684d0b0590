/**
 * Spaces as sites see them: the space a body names (it must be a live space of the site's
 * organization). SiteSpace.space is the official Space (shared/present-space.ts); a blank
 * space for a site is made by shared/create-space.ts (createBlankSpace).
 */
import { errors } from '../../contract/errors.ts';
import type { OrganizationRecord, SpaceRecord } from '../../store/records.ts';
import { findLiveSpace } from '../shared/access.ts';
import type { HandlerContext } from '../../contract/operation.ts';

/** The space named by a body field; 400 naming the field if it is not a live space of `org`. */
export function spaceField(ctx: HandlerContext, org: OrganizationRecord, spaceId: string, field: string): SpaceRecord {
  const space = findLiveSpace(ctx, org.id, spaceId);
  if (!space) throw errors.unknownReference(spaceId, `${field}: no space "${spaceId}" in this organization`);
  return space;
}
