/** The versions of an OpenAPI specification (scenario: a spec's `versions`). */
import type { OpenApiSpecVersionRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const openapiSpecVersions = defineCollection<OpenApiSpecVersionRecord>()({
  name: 'openapiSpecVersions',
  indexes: { spec: (v) => v.spec },
  references: [owner('spec', 'openapiSpecs')],
  state: { record: 'OpenApiSpecVersionRecord', rules: { $ref: '#/$defs/owned', required: ['spec', 'url'] } },
});
