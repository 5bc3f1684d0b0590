/** What the change-request operations share: loading a change request, making revisions. */
import type { Capability, Role } from '../../auth/roles.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { ChangeRequestRecord, RevisionRecord, SpaceRecord } from '../../store/records.ts';
import { requireChangeRequest, requireSpace } from './access.ts';
import type { Content } from '../../rules/content-merge.ts';


export interface ChangeRequestAccess {
  space: SpaceRecord;
  role: Role | null;
  cr: ChangeRequestRecord;
}

/** The space (with the capability checked) and the change request named by the path. */
export function loadChangeRequest(ctx: HandlerContext<{ spaceId: string; changeRequestId: string }>, capability: Capability = 'view', action?: string): ChangeRequestAccess {
  const { space, role } = requireSpace(ctx, ctx.params.spaceId, capability, { action });
  const cr = requireChangeRequest(ctx, space, ctx.params.changeRequestId);
  return { space, role, cr };
}

export function revisionOf(ctx: HandlerContext, id: string): RevisionRecord {
  const revision = ctx.db.revisions.get(id);
  if (!revision) throw new Error(`revision ${id} is missing from the store`);
  return revision;
}

export function contentOf(revision: RevisionRecord): Content {
  const { pages, files, reusableContents, variables } = revision;
  return { pages, files, reusableContents, variables };
}

/** Stores a new revision of the space made now, with a fresh id. */
export function createRevision(
  ctx: HandlerContext,
  space: SpaceRecord,
  fields: Content & Pick<RevisionRecord, 'parents' | 'type'> & Partial<Pick<RevisionRecord, 'changeRequest' | 'git'>>,
): RevisionRecord {
  return ctx.db.revisions.insert({ id: ctx.ids.next('revision'), space: space.id, createdAt: ctx.now, ...fields });
}

/** The contributors of a change request after `userId` changed its content. */
export function withContributor(cr: ChangeRequestRecord, userId: string): Pick<ChangeRequestRecord, 'contributors'> | Record<string, never> {
  const current = cr.contributors ?? [];
  if (userId === cr.createdBy || current.includes(userId)) return {};
  return { contributors: [...current, userId] };
}

export function isContributor(cr: ChangeRequestRecord, userId: string): boolean {
  return cr.createdBy === userId || (cr.contributors ?? []).includes(userId);
}
