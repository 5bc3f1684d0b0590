/**
 * Git Sync installations (official GitSyncInstallation) on a space or a site: installed by an
 * admin of the target (a space admin, a site's organization admin), read by whoever sees the
 * target (404 otherwise), set up with PATCH, removed with DELETE (205). One installation per
 * target (409). An installation is `pending` until its provider settings name a repository
 * (GitHub `repositoryId`, GitLab `projectId`) and a branch, then `active`.
 */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { GitSyncInstallationRecord } from '../../store/records.ts';
import { requireSpace } from '../shared/access.ts';
import { apiUrl } from '../shared/present.ts';
import { requireSite } from '../shared/site-access.ts';
import { officialOp } from '../engine/operations.ts';

type Target = GitSyncInstallationRecord['target'];
type Provider = GitSyncInstallationRecord['provider'];
interface Setup {
  provider?: Provider;
  providerConfiguration?: Record<string, unknown>;
  projectDirectory?: string;
  commitMessageTemplate?: string;
  previewExternalBranches?: boolean;
  agentInstructions?: string[];
  priority?: 'git' | 'gitbook';
}

const COMMON = ['projectDirectory', 'commitMessageTemplate', 'previewExternalBranches', 'agentInstructions', 'priority'] as const;

/** The target's organization, checked for the caller: seen (404 otherwise), and administered when `write` (403). */
function checkTarget(ctx: HandlerContext, target: Target, write: boolean, field?: string): string {
  if (target.type === 'site') {
    const site = ctx.db.sites.get(target.siteId);
    if (!site) throw errors.notFound('Site', target.siteId);
    return requireSite(ctx, site.organization, site.id, write).org.id;
  }
  const { space } = requireSpace(ctx, target.spaceId, write ? 'admin' : 'view', { action: 'set up Git Sync on this space' });
  if (target.siteId !== undefined && !ctx.db.siteSpaces.by('site', target.siteId).some((ss) => ss.space === space.id)) {
    throw errors.badRequest(`${field ?? 'target'}.siteId: space "${space.id}" is not in site "${target.siteId}"`);
  }
  return space.organization;
}

/** The installation by id, its target seen by the caller (404 otherwise), administered when `write`. */
export function requireInstallation(ctx: HandlerContext, id: string, write = false): GitSyncInstallationRecord {
  const found = ctx.db.gitSyncInstallations.get(id);
  if (!found) throw errors.notFound('Git Sync installation', id);
  try {
    checkTarget(ctx, found.target, false);
  } catch {
    throw errors.notFound('Git Sync installation', id);
  }
  if (write) checkTarget(ctx, found.target, true);
  return found;
}

function isActive(i: GitSyncInstallationRecord): boolean {
  const c = i.providerConfiguration;
  const repo = i.provider === 'github' ? c.repositoryId : c.projectId;
  return typeof repo === 'number' && typeof c.branch === 'string';
}

export function presentInstallation(ctx: HandlerContext, i: GitSyncInstallationRecord) {
  // A GitLab access token is a secret: kept, never answered.
  const { accessToken: _secret, ...configuration } = i.providerConfiguration;
  return {
    object: 'git-sync-installation' as const,
    id: i.id,
    provider: i.provider,
    providerConfiguration: configuration,
    ...i.setup,
    target: i.target,
    status: isActive(i) ? ('active' as const) : ('pending' as const),
    createdAt: i.createdAt,
    createdBy: i.createdBy,
    updatedAt: i.updatedAt,
    urls: { location: apiUrl(ctx, `/git/installations/${i.id}`) },
  };
}

function setupOf(body: Setup): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of COMMON) if (body[key] !== undefined) out[key] = body[key];
  return out;
}

const sameTarget = (a: Target, b: Target) => (a.type === 'space' && b.type === 'space' ? a.spaceId === b.spaceId : a.type === 'site' && b.type === 'site' && a.siteId === b.siteId);

export const gitSyncInstallationOperations: Operation[] = [
  officialOp('installGitSyncProviderOnTarget', {
    handle: (ctx) => {
      const { provider, target } = ctx.body;
      const organization = checkTarget(ctx, target, true, 'target');
      if (ctx.db.gitSyncInstallations.by('organization', organization).some((i) => sameTarget(i.target, target))) {
        throw errors.conflict(`Git Sync is already installed on this ${target.type}`);
      }
      const kept: Target = target.type === 'space'
        ? { type: 'space', spaceId: target.spaceId, ...(target.siteId !== undefined && { siteId: target.siteId }) }
        : { type: 'site', siteId: target.siteId };
      const record = ctx.db.gitSyncInstallations.insert({
        id: ctx.ids.next('gitSyncInstallation'),
        organization,
        target: kept,
        provider,
        providerConfiguration: {},
        setup: {},
        createdBy: ctx.user.id,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      return presentInstallation(ctx, record);
    },
  }),
  officialOp('getGitSyncInstallationById', {
    handle: (ctx) => presentInstallation(ctx, requireInstallation(ctx, ctx.params.installationId)),
  }),
  officialOp('updateGitSyncInstallationById', {
    handle: (ctx) => {
      const found = requireInstallation(ctx, ctx.params.installationId, true);
      const body = ctx.body;
      // A new provider starts its settings over; the same one merges them (null clears a GitLab instance URL).
      const base = body.provider !== undefined && body.provider !== found.provider ? {} : found.providerConfiguration;
      const merged: Record<string, unknown> = { ...base, ...body.providerConfiguration };
      for (const [key, value] of Object.entries(merged)) if (value === null) delete merged[key];
      const next = ctx.db.gitSyncInstallations.update(found.id, {
        provider: body.provider ?? found.provider,
        providerConfiguration: merged,
        setup: { ...found.setup, ...setupOf(body) },
        updatedAt: ctx.now,
      });
      return presentInstallation(ctx, next);
    },
  }),
  officialOp('uninstallGitSyncInstallation', {
    handle: (ctx) => {
      removeWithDependents(ctx.db, 'gitSyncInstallations', requireInstallation(ctx, ctx.params.installationId, true).id);
      return reply(undefined, {});
    },
  }),
  officialOp('listSiteGitSyncInstallations', {
    handle: (ctx) => {
      const { org, site } = requireSite(ctx, ctx.params.organizationId, ctx.params.siteId);
      const spaces = new Set(ctx.db.siteSpaces.by('site', site.id).map((ss) => ss.space));
      const items = ctx.db.gitSyncInstallations
        .by('organization', org.id)
        .filter((i) => (i.target.type === 'site' ? i.target.siteId === site.id : spaces.has(i.target.spaceId)));
      return { items: items.map((i) => presentInstallation(ctx, i)) };
    },
  }),
];
