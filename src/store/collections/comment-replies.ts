/** A comment's replies (scenario: a comment's `replies`). */
import type { CommentReplyRecord } from '../records.ts';
import { defineCollection, author, owner } from './define.ts';

export const commentReplies = defineCollection<CommentReplyRecord>()({
  name: 'commentReplies',
  indexes: { comment: (r) => r.comment },
  references: [owner('comment', 'comments'), owner('space', 'spaces'), owner('changeRequest', 'changeRequests'), author('postedBy')],
  state: { record: 'CommentReplyRecord', rules: { $ref: '#/$defs/reply' }, required: true },
  manifest: ['commentReplies'],
  params: ['commentReplyId'],
});
