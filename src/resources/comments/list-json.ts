/**
 * Comment lists are the busiest reads, and most of their time goes into presenting and
 * serializing the same comments again. This keeps the JSON of recently served comments,
 * keyed by the comment row (rows are immutable: an edit is a new row) and by everything
 * else a presented comment depends on: the caller's origin, role and authorship, the
 * scope, the body format, and the versions of the replies, users and revisions tables
 * (any write to those starts afresh). The number of kept comments is bounded.
 */
import { jsonReply, type HandlerContext, type Reply } from '../../http/operation.ts';
import type { ListEnvelope } from '../../http/paginate.ts';
import type { CommentRecord } from '../../store/records.ts';
import type { BodyFormat } from './body.ts';
import { presentComment } from './present.ts';
import type { CommentScope } from './scope.ts';

const KEPT = 2000;

interface Kept {
  key: string;
  json: string;
}

/** Per app (runtime): comment row → its JSON for one set of inputs, oldest first. */
const keptByApp = new WeakMap<object, Map<CommentRecord, Kept>>();

function inputsKey(ctx: HandlerContext, scope: CommentScope, c: CommentRecord, format: BodyFormat | undefined): string {
  const { db } = ctx;
  return [
    ctx.origin,
    format ?? '',
    scope.role ?? '',
    c.postedBy === ctx.user.id ? 'author' : '',
    scope.path,
    scope.revision,
    db.commentReplies.version,
    db.users.version,
    db.revisions.version,
  ].join('|');
}

/** The comment as JSON text, from the kept copy when nothing it depends on has changed. */
export function commentJson(ctx: HandlerContext, scope: CommentScope, c: CommentRecord, format: BodyFormat | undefined): string {
  let kept = keptByApp.get(ctx.db);
  if (!kept) {
    kept = new Map();
    keptByApp.set(ctx.db, kept);
  }
  const key = inputsKey(ctx, scope, c, format);
  const hit = kept.get(c);
  if (hit && hit.key === key) return hit.json;
  const json = JSON.stringify(presentComment(ctx, scope, c, format));
  kept.delete(c);
  kept.set(c, { key, json });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return json;
}

/** A list envelope whose items are already JSON text, as the registrar's ready JSON reply. */
export function listReply(envelope: ListEnvelope<string>): Reply {
  const next = envelope.next ? `,"next":${JSON.stringify(envelope.next)}` : '';
  return jsonReply(`{"items":[${envelope.items.join(',')}],"count":${envelope.count}${next}}`);
}
