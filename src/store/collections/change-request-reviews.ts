/** The reviews submitted on a change request (scenario: a change request's `reviews`). */
import type { ChangeRequestReviewRecord } from '../records.ts';
import { defineCollection, author, optional, owner } from './define.ts';

export const changeRequestReviews = defineCollection<ChangeRequestReviewRecord>()({
  name: 'changeRequestReviews',
  indexes: {
    changeRequest: (r) => r.changeRequest,
  },
  references: [
    owner('changeRequest', 'changeRequests'),
    owner('space', 'spaces'),
    author('reviewer'),
    author('requestedBy'),
    owner('revision', 'revisions'),
    // The review stays when the comment posted with it is deleted.
    optional('comment', 'comments'),
  ],
  state: {
    record: 'ChangeRequestReviewRecord',
    rules: {
      $ref: '#/$defs/owned',
      properties: { status: { enum: ['approved', 'changes-requested'] }, reviewer: { $ref: '#/$defs/id' } },
      required: ['changeRequest', 'space', 'reviewer', 'revision', 'status', 'createdAt', 'updatedAt'],
    },
  },
  manifest: ['changeRequestReviews'],
  params: ['reviewId'],
});
