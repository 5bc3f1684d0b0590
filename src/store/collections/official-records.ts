/** Records of the generic tier (src/resources/generic/), indexed by family and parent. */
import type { OfficialRecord } from '../records.ts';
import { defineCollection } from './define.ts';

/** The family of a site's context records: each names the connection it came from, and goes with it (resources/shared/context.ts). */
export const CONTEXT_RECORDS = '/v1/orgs/{}/sites/{}/context-records';

/** The collection each path segment before an id names (`/sites/{}` → sites). */
const PARENTS_BY_SEGMENT: Readonly<Record<string, string>> = {
  orgs: 'organizations',
  sites: 'sites',
  spaces: 'spaces',
  'change-requests': 'changeRequests',
  integrations: 'integrations',
  collections: 'collections',
};

/**
 * The collection of a record's parent, from its family's path: the segment before the path's
 * last id (`/v1/orgs/{}/sites/{}/findings` → sites; `/v1/orgs/{}/audit-events` → organizations).
 * Undefined for a parent of another kind (none of the tables').
 */
export function parentCollectionOf(family: string): string | undefined {
  const segment = /\/([^/{}]+)\/\{\}[^{}]*$/.exec(family)?.[1];
  return segment === undefined ? undefined : PARENTS_BY_SEGMENT[segment];
}

export const officialRecords = defineCollection<OfficialRecord>()({
  name: 'officialRecords',
  indexes: { family: (r) => `${r.family} ${r.parent}` },
  references: [
    { in: 'fields', key: 'connection', to: (r) => (r.family === CONTEXT_RECORDS ? 'officialRecords' : undefined), onDelete: 'cascade' },
    // A record goes with its parent (a site's findings with the site, an organization's audit events with it). Loose:
    // the importer checks nothing here, as before (a parent of a kind no table holds names no collection).
    { field: 'parent', to: (r) => parentCollectionOf(r.family), onDelete: 'cascade', loose: true },
  ],
  state: { record: 'OfficialRecord', rules: { $ref: '#/$defs/engine', required: ['family', 'fields'] } },
  scenario: {
    def: 'officialRecord',
    entry: {
      description:
        'A record of a generic family (src/resources/generic/): an official collection the mock serves from the official document. `family` is the operationId that lists it (listGlossaryEntries, listSiteTopics, ...), `parent` the key of the organization, site, space, change request or integration (its events: listIntegrationEvents) it belongs to, `fields` what its official object shows (laid over the generated object where they fit the official schema).',
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        id: {
          description: "The record's id, where its official object takes ids of a form of their own (an audit event's is a UUID); made from the key otherwise.",
          type: 'string',
          minLength: 1,
          maxLength: 256,
        },
        family: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]{0,99}$' },
        parent: { $ref: '#/$defs/key' },
        fields: { type: 'object' },
        refs: {
          description: 'Fields (a dotted path for a field of a field) set to the id of another entity of the scenario, named "collection.key" ("pages.welcome", "officialRecords.weekly-scan").',
          type: 'object',
          additionalProperties: { type: 'string', pattern: '^[a-zA-Z]+\\.[^.].*$' },
        },
      },
      required: ['key', 'family', 'parent'],
      additionalProperties: false,
    },
  },
  manifest: ['officialRecords'],
  params: ['glossaryEntryId', 'importRunId'],
});
