/**
 * Comment lists are the busiest reads, and most of their time goes into presenting and
 * serializing the same comments again. This keeps the JSON of recently served comments in
 * the session's caches (cache/caches.ts): its key is what presenting a comment takes (the
 * row, the caller's origin and id, the scope's role, path and revision, the body format),
 * and it is computed again once a table it read (replies, users, revisions) changes. The
 * number of kept comments is bounded.
 */
import type { Role } from '../../auth/roles.ts';
import { derived } from '../../cache/caches.ts';
import { jsonReply, type HandlerContext, type Reply } from '../../contract/operation.ts';
import type { ListEnvelope } from '../../contract/paginate.ts';
import type { CommentRecord } from '../../store/records.ts';
import type { BodyFormat } from './body.ts';
import { presentComment } from './present.ts';
import type { CommentScope } from './scope.ts';

const KEPT = 2000;

const keptJson = derived(
  'comment JSON',
  (db, c: CommentRecord, origin: string, userId: string, role: Role | null, path: string, revision: string, format: BodyFormat | undefined) =>
    JSON.stringify(presentComment({ db, origin, user: { id: userId } }, { role, path, revision }, c, format)),
  KEPT,
);

/** The comment as JSON text, from the kept copy when nothing it depends on has changed. */
export function commentJson(ctx: HandlerContext, scope: CommentScope, c: CommentRecord, format: BodyFormat | undefined): string {
  return keptJson(ctx, c, ctx.origin, ctx.user.id, scope.role, scope.path, scope.revision, format);
}

/** A list envelope whose items are already JSON text, as the registrar's ready JSON reply. */
export function listReply(envelope: ListEnvelope<string>): Reply {
  const next = envelope.next ? `,"next":${JSON.stringify(envelope.next)}` : '';
  return jsonReply(`{"items":[${envelope.items.join(',')}],"count":${envelope.count}${next}}`);
}
