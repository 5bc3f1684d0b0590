/** The integrations of the catalogue (src/resources/integrations/), whose events src/events/ sends. */
import type { IntegrationRecord } from '../records.ts';
import { defineCollection, author, owner } from './define.ts';

export const integrations = defineCollection<IntegrationRecord>()({
  name: 'integrations',
  indexes: { user: (i) => i.user },
  references: [owner('owner', 'organizations'), author('user')],
  state: { record: 'IntegrationRecord', rules: { $ref: '#/$defs/integration' } },
  scenario: {
    def: 'integration',
    entry: {
      description: 'An integration of the catalogue (src/resources/integrations/). Its events go to `url` in `format` (docs/behaviour.md, "Events").',
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        name: { type: 'string', pattern: '^[a-z0-9][a-z0-9-_]{0,99}$' },
        title: { type: 'string', minLength: 2, maxLength: 30 },
        description: { type: 'string', maxLength: 4096 },
        owner: { $ref: '#/$defs/key' },
        scopes: {
          type: 'array',
          items: {
            enum: [
              'space:content:read',
              'space:content:write',
              'space:metadata:read',
              'space:metadata:write',
              'space:git:sync',
              'page:feedback:read',
              'site:metadata:read',
              'site:views:read',
              'site:script:inject',
              'site:script:cookies',
              'site:visitor:auth',
              'site:visitor:claims',
              'site:adaptive:read',
              'site:adaptive:write',
              'conversations:ingest',
              'openapi:read',
              'openapi:write',
            ],
          },
        },
        categories: { type: 'array', items: { enum: ['analytics', 'collaboration', 'content', 'marketing', 'visitor-auth', 'other'] } },
        visibility: { enum: ['public', 'private', 'unlisted'] },
        target: { enum: ['all', 'site', 'space', 'organization'] },
        blocks: {
          description: "The custom blocks it published (its manifest's `blocks`): what renderIntegrationUI renders.",
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string', minLength: 1 }, title: { type: 'string', minLength: 2, maxLength: 40 }, description: { type: 'string', maxLength: 150 } },
            required: ['id', 'title'],
            additionalProperties: false,
          },
        },
        events: {
          description:
            "The event types it subscribes to (its manifest's `events`; default: every type the mock sends): any type of the official Event union but those GitBook sends on a request of its own (fetch, task, ...), checked when the scenario is built (src/events/types.ts), a wrong name refused with the nearest ones.",
          type: 'array',
          items: { type: 'string', maxLength: 100 },
        },
        url: { type: 'string', pattern: '^(https?://[^\\s]+|mock:events)$' },
        format: { enum: ['runtime', 'webhook'] },
        signingSecret: { type: 'string', minLength: 8, maxLength: 200 },
        secrets: {
          description:
            "What its manifest's `secrets` hold, handed over in every event's `environment.secrets`: values by name, or names alone, each value then drawn from the seed. The manifest's `secrets` shows them.",
          oneOf: [
            {
              type: 'object',
              maxProperties: 20,
              propertyNames: { pattern: '^[A-Za-z0-9_.-]{1,100}$' },
              additionalProperties: { type: 'string', maxLength: 4096 },
            },
            { type: 'array', maxItems: 20, uniqueItems: true, items: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,100}$' } },
          ],
        },
      },
      required: ['key', 'owner'],
      additionalProperties: false,
    },
  },
  manifest: ['integrations'],
  params: ['integrationName'],
});
