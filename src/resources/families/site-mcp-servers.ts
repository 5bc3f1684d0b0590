/**
 * MCP servers of a site: a family of the engine and nothing else (parent: the site; any
 * member reads, admins write, as for the site's share links and redirects). A `condition`
 * of null removes it.
 */
import type { SiteMcpServerRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import { defineFamily } from '../engine/family.ts';

interface Body {
  name?: string;
  url?: string;
  transport?: 'sse' | 'http';
  headers?: Record<string, string>;
  condition?: string | null;
}

export const siteMcpServers = defineFamily<SiteMcpServerRecord, Required<Pick<Body, 'name' | 'url' | 'headers'>> & Body, Body>({
  collection: 'siteMcpServers',
  table: (db) => db.siteMcpServers,
  label: 'MCP server',
  idKind: 'siteMcpServer',
  parent: 'site',
  access: { read: 'view', write: 'admin' },
  operations: {
    list: 'listSiteMcpServers',
    create: 'createSiteMcpServer',
    get: 'getSiteMcpServerById',
    update: 'updateSiteMcpServerById',
    delete: 'deleteSiteMcpServerById',
  },
  deleteStatus: 205,
  example: {
    create: { name: 'Support tools', url: 'https://mcp.example.com/sse', headers: { 'X-Team': 'support' } },
    update: { name: 'Support tools (v2)', transport: 'http' },
  },
  create: (body) => ({
    name: body.name,
    url: body.url,
    transport: body.transport ?? 'sse',
    headers: body.headers,
    ...(typeof body.condition === 'string' && { condition: body.condition }),
  }),
  update: (_record, body) => ({
    ...(body.name !== undefined && { name: body.name }),
    ...(body.url !== undefined && { url: body.url }),
    ...(body.transport !== undefined && { transport: body.transport }),
    ...(body.headers !== undefined && { headers: body.headers }),
    ...(body.condition !== undefined && { condition: body.condition ?? undefined }),
  }),
  // {"key", "site", "name", "url", "transport"?, "headers"?}
  scenario: {
    parentField: 'site',
    build: (e) => ({
      name: String(e.name ?? e.key),
      url: String(e.url),
      transport: e.transport === 'http' ? 'http' : 'sse',
      headers: (e.headers as Record<string, string> | undefined) ?? {},
    }),
  },
  // The engine found the site for the request (its organization is in scope): no second lookup.
  present: (m, ctx, scope) => ({
    object: 'site-mcp-server' as const,
    id: m.id,
    name: m.name,
    url: m.url,
    transport: m.transport,
    headers: m.headers,
    ...(m.condition !== undefined && { condition: m.condition }),
    urls: { location: apiUrl(ctx, `/orgs/${scope.organization}/sites/${m.parent}/mcp-servers/${m.id}`) },
  }),
});
