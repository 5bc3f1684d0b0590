/**
 * Comment lists are the busiest reads, and most of their time goes into presenting and
 * serializing the same comments again. This keeps, in the session's caches (cache/caches.ts):
 * - the JSON of recently served comments: its key is what presenting a comment takes (the
 *   row, the caller's origin and id, the scope's role, path and revision, the body format);
 * - the JSON of recently served whole pages: its key is what a page takes (the scope's rows
 *   and role, the caller, the query and the list's name, which its `next` cursor holds).
 * Each is computed again once a table it read (comments, replies, users, revisions) changes,
 * and the number of kept values is bounded.
 */
import type { Role } from '../../auth/roles.ts';
import { derived, type Caches, type CacheSession } from '../../cache/caches.ts';
import { jsonReply, type HandlerContext, type Reply } from '../../contract/operation.ts';
import { LIST_NAME, paginate, type ListEnvelope, type PageRequest } from '../../contract/paginate.ts';
import type { ChangeRequestRecord, CommentRecord, SpaceRecord } from '../../store/records.ts';
import type { BodyFormat } from '../shared/comment-body.ts';
import type { RequestTypes } from '../../contract/request-types.ts';
import { presentComment } from '../shared/present-comment.ts';
import { commentScope, type CommentScope } from '../shared/comment-scope.ts';

export type ListQuery = RequestTypes['comments/comment-list-query'] & PageRequest;

const KEPT = 2000;
/** Pages are longer (up to 1,000 comments), and a write to the comments makes them all stale. */
const KEPT_PAGES = 20;

const keptJson = derived(
  'comment JSON',
  (db, c: CommentRecord, origin: string, userId: string, role: Role | null, path: string, revision: string, format: BodyFormat | undefined) =>
    JSON.stringify(presentComment({ db, origin, user: { id: userId } }, { role, path, revision }, c, format)),
  KEPT,
);

function listFilter(q: ListQuery): ((c: CommentRecord) => boolean) | undefined {
  const authors = q.authors?.length ? new Set(q.authors) : undefined;
  const checks: ((c: CommentRecord) => boolean)[] = [];
  if (q.status === 'resolved') checks.push((c) => c.status === 'resolved');
  if (q.targetPage !== undefined) checks.push((c) => c.target.page === q.targetPage);
  if (authors) checks.push((c) => authors.has(c.postedBy));
  return checks.length ? (c) => checks.every((check) => check(c)) : undefined;
}

/**
 * A page as JSON text. `caches` is the session's (constant for it), so that the page's
 * comments come from the kept comment JSON; `query` is the checked query as JSON text.
 * A page served again costs the cache's lookup instead of walking the list, looking up 20
 * comments, joining 14 KB of text and collecting it as garbage: the server's CPU for a page of
 * 20 comments over a socket went from 173 to 99 µs a request (the floor: 53 µs; issue 25,
 * docs/benchmarks.md).
 */
const keptPage = derived(
  'comment page',
  (db, space: SpaceRecord, changeRequest: ChangeRequestRecord | undefined, role: Role | null, caches: Caches, origin: string, userId: string, query: string, list: string | undefined) => {
    const scope = commentScope(db, space, role, changeRequest);
    const q: ListQuery = { ...(JSON.parse(query) as ListQuery), [LIST_NAME]: list };
    const session: CacheSession = { db, caches };
    const view = q.status === 'open' ? scope.openView() : scope.view();
    const page = paginate(view, q, (c) => keptJson(session, c, origin, userId, role, scope.path, scope.revision, q.format), listFilter(q), 'desc');
    return listJson(page);
  },
  KEPT_PAGES,
);

/** The page of the scope's comments that `query` asks for, as the registrar's ready JSON reply. */
export function commentPage(ctx: HandlerContext<unknown, ListQuery>, scope: CommentScope, query: ListQuery): Reply {
  const named = query[LIST_NAME];
  const list = typeof named === 'function' ? named() : named;
  const text = keptPage(ctx, scope.space, scope.changeRequest, scope.role, ctx.caches, ctx.origin, ctx.user.id, JSON.stringify(query), list);
  return jsonReply(text);
}

/** A list envelope whose items are already JSON text, as JSON text. */
function listJson(envelope: ListEnvelope<string>): string {
  const next = envelope.next ? `,"next":${JSON.stringify(envelope.next)}` : '';
  return `{"items":[${envelope.items.join(',')}],"count":${envelope.count}${next}}`;
}
