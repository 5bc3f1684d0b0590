/**
 * Agent conversations of a change request (listChangeRequestConversations,
 * updateChangeRequestConversation, deleteChangeRequestConversation), kept in
 * `officialRecords` under the family the generic tier gave them, so scenarios and state
 * imports hold them as before. A conversation shows what it keeps (its title once it has
 * one, whether it is shared, its times) and nothing made up; the official API starts none.
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { OfficialRecord } from '../../store/records.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { loadChangeRequest } from '../shared/revisions.ts';
import { officialOp } from '../engine/operations.ts';

/** The family the generic tier kept them under (scenarios name it by listChangeRequestConversations). */
export const CONVERSATION_FAMILY = '/v1/spaces/{}/change-requests/{}/conversations';

function present(r: OfficialRecord) {
  const { title, shared } = r.fields as { title?: unknown; shared?: unknown };
  return {
    object: 'agent-conversation' as const,
    id: r.id,
    ...(typeof title === 'string' && { title }),
    shared: typeof shared === 'boolean' ? shared : true,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
  };
}

function requireConversation(ctx: HandlerContext, changeRequest: string, id: string): OfficialRecord {
  const found = ctx.db.officialRecords.get(id);
  if (!found || found.family !== CONVERSATION_FAMILY || found.parent !== changeRequest) throw errors.notFound('Conversation', id);
  return found;
}

export const conversationOperations: Operation[] = [
  officialOp('listChangeRequestConversations', {
    handle: (ctx) => {
      const { cr } = loadChangeRequest(ctx);
      return paginate(ctx.db.officialRecords.viewBy('family', `${CONVERSATION_FAMILY} ${cr.id}`), ctx.query, present);
    },
  }),
  officialOp('updateChangeRequestConversation', {
    handle: (ctx) => {
      const { cr } = loadChangeRequest(ctx, 'edit', 'rename conversations of change requests in this space');
      const found = requireConversation(ctx, cr.id, ctx.params.conversationId);
      return present(ctx.db.officialRecords.update(found.id, { fields: { ...found.fields, title: ctx.body.title }, updatedAt: ctx.now }));
    },
  }),
  officialOp('deleteChangeRequestConversation', {
    handle: (ctx) => {
      const { cr } = loadChangeRequest(ctx, 'edit', 'delete conversations of change requests in this space');
      removeWithDependents(ctx.db, 'officialRecords', requireConversation(ctx, cr.id, ctx.params.conversationId).id);
    },
  }),
];
