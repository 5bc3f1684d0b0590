/**
 * Channels of a site's assistant (Slack, Linear, GitHub, Discord): a family of the engine and
 * nothing else (parent: the site; any member reads, admins write, as for the site's redirects
 * and MCP servers). A channel is `active` from its creation: the mock has no integration on the
 * other side to wait for. `answers` stays 0, as no one asks the assistant here.
 */
import type { SiteChannelRecord } from '../../store/records.ts';
import { apiUrl } from '../shared/present.ts';
import { defineFamily } from '../engine/family.ts';

type Role = SiteChannelRecord['role'];
interface Setup {
  type?: string;
  setupSettings?: Record<string, unknown>;
  role?: Role;
}

/** The one setting each type has (the official SiteChannelSetup closes setupSettings to it). */
const SETTING: Record<string, string> = {
  'builtin:slack': 'allowedChannels',
  'builtin:linear': 'allowedTeams',
  'builtin:github': 'allowedRepositories',
  'builtin:discord': 'allowedChannels',
};

function settingsFor(type: string, settings: Record<string, unknown> | undefined): Record<string, unknown> {
  const key = SETTING[type];
  return key && settings && Array.isArray(settings[key]) ? { [key]: settings[key] } : {};
}

export const siteChannels = defineFamily<SiteChannelRecord, Required<Pick<Setup, 'type' | 'setupSettings'>> & Setup, Setup>({
  collection: 'siteChannels',
  table: (db) => db.siteChannels,
  label: 'Site channel',
  idKind: 'siteChannel',
  parent: 'site',
  access: { read: 'view', write: 'admin' },
  operations: {
    list: 'listSiteChannels',
    create: 'createSiteChannel',
    get: 'getSiteChannelById',
    update: 'updateSiteChannelById',
    delete: 'deleteSiteChannelById',
  },
  deleteStatus: 205,
  example: {
    create: { type: 'builtin:slack', setupSettings: { allowedChannels: ['support', 'help-*'] }, role: 'support' },
    update: { role: 'collaborator' },
  },
  create: (body) => ({ type: body.type, setupSettings: settingsFor(body.type, body.setupSettings), role: body.role ?? 'support' }),
  // A new type comes with its own settings (the official body is the whole setup, or the role, or both).
  update: (record, body) => ({
    ...(body.type !== undefined && { type: body.type, setupSettings: settingsFor(body.type, body.setupSettings) }),
    ...(body.type === undefined && body.setupSettings !== undefined && { setupSettings: settingsFor(record.type, body.setupSettings) }),
    ...(body.role !== undefined && { role: body.role }),
  }),
  // {"key", "site", "type", "setupSettings"?, "role"?}
  scenario: {
    parentField: 'site',
    build: (e) => {
      const type = String(e.type);
      return { type, setupSettings: settingsFor(type, e.setupSettings as Record<string, unknown> | undefined), role: e.role === 'collaborator' ? 'collaborator' : 'support' };
    },
  },
  // The engine found the site for the request (its organization is in scope): no second lookup.
  present: (c, ctx, scope) => ({
    object: 'site-channel' as const,
    id: c.id,
    type: c.type,
    setupSettings: c.setupSettings,
    status: 'active' as const,
    role: c.role,
    answers: 0,
    createdAt: c.createdAt,
    urls: { location: apiUrl(ctx, `/orgs/${scope.organization}/sites/${c.parent}/channels/${c.id}`) },
  }),
});
