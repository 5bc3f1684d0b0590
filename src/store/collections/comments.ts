/** Comments on a space or a change request, open ones indexed so that counts and `status=open` need no scan. */
import type { CommentRecord } from '../records.ts';
import { defineCollection, author, owner } from './define.ts';

export const comments = defineCollection<CommentRecord>()({
  name: 'comments',
  indexes: {
    space: (c) => (c.changeRequest ? undefined : c.space),
    changeRequest: (c) => c.changeRequest,
    /** Open comments only, so that open counts and `status=open` lists need no scan. */
    openInSpace: (c) => (c.changeRequest || c.status !== 'open' ? undefined : c.space),
    openInChangeRequest: (c) => (c.status === 'open' ? c.changeRequest : undefined),
  },
  references: [owner('space', 'spaces'), owner('changeRequest', 'changeRequests'), owner('revision', 'revisions'), author('postedBy'), author('resolvedBy')],
  state: { record: 'CommentRecord', rules: { $ref: '#/$defs/comment' }, required: true },
  scenario: {
    def: 'comment',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        space: { $ref: '#/$defs/key' },
        changeRequest: { $ref: '#/$defs/key' },
        page: { $ref: '#/$defs/key' },
        node: { type: 'string' },
        author: { $ref: '#/$defs/key' },
        body: { $ref: '#/$defs/markdown' },
        postedAt: { $ref: '#/$defs/time' },
        editedAt: { $ref: '#/$defs/time' },
        resolved: { type: 'object', properties: { by: { $ref: '#/$defs/key' }, at: { $ref: '#/$defs/time' } }, required: ['by'], additionalProperties: false },
        reactions: { $ref: '#/$defs/reactions' },
        replies: { type: 'array', items: { $ref: '#/$defs/reply' } },
      },
      required: ['key', 'space', 'author', 'body'],
      additionalProperties: false,
    },
  },
  manifest: ['comments'],
  params: ['commentId'],
});
