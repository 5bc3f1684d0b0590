/** A site's MCP servers: a family of the resource engine (src/resources/families/site-mcp-servers.ts). */
import type { SiteMcpServerRecord } from '../records.ts';
import { defineCollection, owner } from './define.ts';

export const siteMcpServers = defineCollection<SiteMcpServerRecord>()({
  name: 'siteMcpServers',
  indexes: { parent: (r) => r.parent },
  references: [owner('parent', 'sites')],
  state: { record: 'SiteMcpServerRecord', rules: { $ref: '#/$defs/engine' } },
  scenario: {
    def: 'siteMcpServer',
    entry: {
      description: 'An MCP server of a site (resource engine, src/resources/families/site-mcp-servers.ts).',
      type: 'object',
      properties: {
        key: { $ref: '#/$defs/key' },
        site: { $ref: '#/$defs/key' },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        url: { type: 'string', format: 'uri', maxLength: 2048 },
        transport: { enum: ['sse', 'http'] },
        headers: { type: 'object', additionalProperties: { type: 'string', minLength: 1, maxLength: 512 } },
      },
      required: ['key', 'site', 'url'],
      additionalProperties: false,
    },
  },
  manifest: ['siteMcpServers'],
  params: ['siteMcpServerId'],
});
