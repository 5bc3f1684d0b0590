/** An organization's spaces; their pages and files live in their revisions. */
import type { SpaceRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const spaces = defineCollection<SpaceRecord>()({
  name: 'spaces',
  indexes: { organization: (s) => s.organization },
  references: [
    owner('organization', 'organizations'),
    owner('revision', 'revisions'),
    // moveSpace takes any parent id; a removed collection's spaces move to the top level.
    { field: 'parent', to: 'collections', onDelete: 'clear', loose: true },
  ],
  state: { record: 'SpaceRecord', rules: { $ref: '#/$defs/space' }, required: true },
  scenario: {
    def: 'space',
    entry: {
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: { $ref: '#/$defs/id' },
        organization: { $ref: '#/$defs/key' },
        title: { type: 'string', minLength: 1, maxLength: 50 },
        emoji: { type: 'string', maxLength: 50 },
        visibility: { enum: ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] },
        editMode: { enum: ['live', 'locked'] },
        defaultLevel: { enum: ['admin', 'create', 'edit', 'review', 'comment', 'read', 'inherit', null] },
        createdAt: { $ref: '#/$defs/time' },
        updatedAt: { $ref: '#/$defs/time' },
        deletedAt: { $ref: '#/$defs/time' },
        revision: { $ref: '#/$defs/id', description: "Pins the id of the space's first revision (derived without it)." },
        pages: { type: 'array', items: { $ref: '#/$defs/page' } },
        files: { type: 'array', items: { $ref: '#/$defs/file' } },
        reusableContents: { type: 'array', items: { $ref: '#/$defs/reusableContent' } },
        variables: { type: 'object', additionalProperties: { type: 'string' } },
        gitSync: {
          description:
            'The space is synced with a Git repository: a Git Sync installation on it (its key in the manifest under gitSyncInstallations, made by `createdBy`, the organization\'s first admin without it) and the space\'s Git info.',
          type: 'object',
          properties: {
            key: { $ref: '#/$defs/key' },
            id: { $ref: '#/$defs/id', description: "Pins the installation's id (a recorded scenario keeps the upstream's)." },
            provider: { enum: ['github', 'gitlab'] },
            url: { type: 'string', pattern: '^https://[^\\s]+$' },
            ref: { type: 'string', pattern: '^refs/heads/[^\\s]+$' },
            createdBy: { $ref: '#/$defs/key' },
          },
          required: ['key', 'provider', 'url'],
          additionalProperties: false,
        },
      },
      required: ['key', 'organization'],
      additionalProperties: false,
    },
  },
  manifest: ['spaces'],
  params: ['spaceId'],
});
