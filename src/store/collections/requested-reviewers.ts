/** The reviewers requested on a change request (scenario: a change request's `reviewers`). */
import type { RequestedReviewerRecord } from '../records.ts';
import { defineCollection, author, owner } from './define.ts';

export const requestedReviewers = defineCollection<RequestedReviewerRecord>()({
  name: 'requestedReviewers',
  indexes: {
    changeRequest: (r) => r.changeRequest,
  },
  references: [owner('changeRequest', 'changeRequests'), owner('user', 'users'), author('requestedBy'), owner('revision', 'revisions')],
  state: { record: 'RequestedReviewerRecord', rules: { $ref: '#/$defs/owned', required: ['changeRequest', 'user'] } },
});
