/** A space's change requests. */
import type { ChangeRequestRecord } from '../records.ts';
import { defineCollection, author, owner } from './define.ts';

export const changeRequests = defineCollection<ChangeRequestRecord>()({
  name: 'changeRequests',
  indexes: { space: (c) => c.space },
  references: [
    owner('space', 'spaces'),
    author('createdBy'),
    owner('revision', 'revisions'),
    owner('revisionInitial', 'revisions'),
    owner('revisionMergedAncestor', 'revisions'),
    owner('revisionMerged', 'revisions'),
    author('mergedBy'),
    author('contributors'),
  ],
  state: { record: 'ChangeRequestRecord', rules: { $ref: '#/$defs/changeRequest' }, required: true },
  scenario: {
    def: 'changeRequest',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        space: { $ref: '#/$defs/key' },
        subject: { type: 'string', maxLength: 100 },
        status: { enum: ['draft', 'open', 'archived', 'merged'] },
        number: { type: 'integer', minimum: 1, description: "Pins the number in its space (one more than the space's previous change request without it)." },
        revision: { $ref: '#/$defs/id', description: "Pins the id of the change request's revision." },
        revisionMerged: { $ref: '#/$defs/id', description: "A merged change request: pins the id of the merge revision (the space's revision after it)." },
        mergedAt: { $ref: '#/$defs/time' },
        mergedBy: { $ref: '#/$defs/key' },
        createdBy: { $ref: '#/$defs/key' },
        createdAt: { $ref: '#/$defs/time' },
        updatedAt: { $ref: '#/$defs/time' },
        outdated: { type: 'boolean', description: 'Make the primary content move on after the change request was created.' },
        reviewers: {
          type: 'array',
          items: {
            type: 'object',
            properties: { user: { $ref: '#/$defs/key' }, requestedBy: { $ref: '#/$defs/key' } },
            required: ['user'],
            additionalProperties: false,
          },
        },
        reviews: {
          type: 'array',
          description: 'Reviews submitted on the change request, against its revision (a day before now unless `createdAt` says).',
          items: {
            type: 'object',
            properties: {
              key: { $ref: '#/$defs/key' },
              reviewer: { $ref: '#/$defs/key' },
              status: { enum: ['approved', 'changes-requested'] },
              createdAt: { $ref: '#/$defs/time' },
            },
            required: ['key', 'reviewer', 'status'],
            additionalProperties: false,
          },
        },
        changes: {
          type: 'array',
          description: 'Pages the change request edits or adds, by page key.',
          items: {
            type: 'object',
            properties: { page: { $ref: '#/$defs/key' }, title: { type: 'string' }, markdown: { $ref: '#/$defs/markdown' } },
            required: ['page'],
            additionalProperties: false,
          },
        },
      },
      required: ['key', 'space', 'createdBy'],
      additionalProperties: false,
    },
  },
  manifest: ['changeRequests'],
  params: ['changeRequestId'],
});
