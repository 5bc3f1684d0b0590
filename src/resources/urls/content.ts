/**
 * An app URL to the content it names (getContentByUrl): `https://app.gitbook.com/o/<org>/s/<space>`
 * (or the older `/s/<space>`), then `~/changes/<number or id>` for a change request, then a page
 * path; `/o/<org>/c/<collection>` for a collection. These are the `urls.app` the mock hands out.
 * Only what the caller may see resolves.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { ChangeRequestRecord, CollectionRecord, SpaceRecord } from '../../store/records.ts';
import { APP_ORIGIN } from '../shared/present.ts';
import { pageEntries, type PageEntry } from '../shared/page-tree.ts';
import { orgRole, spaceRole } from '../shared/access.ts';

export type AppContent =
  | { collection: CollectionRecord }
  | { space: SpaceRecord; changeRequest?: ChangeRequestRecord; page?: PageEntry };

function visibleSpace(ctx: HandlerContext, id: string): SpaceRecord | undefined {
  const space = ctx.db.spaces.get(id);
  // A deleted space is hidden, purged or not.
  if (!space || space.deletedAt) return undefined;
  return spaceRole(ctx.db, space, ctx.user.id) === null ? undefined : space;
}

export function contentOfAppUrl(ctx: HandlerContext, input: string): AppContent | undefined {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return undefined;
  }
  if (url.origin !== APP_ORIGIN) return undefined;
  let segments: string[];
  try {
    segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return undefined;
  }
  const [first, second] = segments[0] === 'o' ? [segments[2], segments[3]] : [segments[0], segments[1]];
  const rest = segments[0] === 'o' ? segments.slice(4) : segments.slice(2);
  if (first === 'c' && segments[0] === 'o') {
    const collection = second ? ctx.db.collections.get(second) : undefined;
    if (!collection || collection.parent !== segments[1] || orgRole(ctx.db, collection.parent, ctx.user.id) === undefined) return undefined;
    return { collection };
  }
  if (first !== 's' || !second) return undefined;
  const space = visibleSpace(ctx, second);
  if (!space || (segments[0] === 'o' && space.organization !== segments[1])) return undefined;
  let revision = space.revision;
  let changeRequest: ChangeRequestRecord | undefined;
  if (rest[0] === '~' && rest[1] === 'changes' && rest[2]) {
    const ref = rest[2];
    changeRequest = ctx.db.changeRequests.by('space', space.id).find((cr) => cr.id === ref || String(cr.number) === ref);
    if (!changeRequest) return undefined;
    revision = changeRequest.revision;
    rest.splice(0, 3);
  }
  const path = rest.join('/').toLowerCase();
  if (!path) return { space, ...(changeRequest && { changeRequest }) };
  const page = pageEntries(ctx.db.revisions.get(revision)?.pages ?? []).find((e) => e.path.toLowerCase() === path);
  if (!page) return undefined;
  return { space, ...(changeRequest && { changeRequest }), page };
}
