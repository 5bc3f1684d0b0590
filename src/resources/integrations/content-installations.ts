/**
 * An installation's presence on spaces and on sites: one set of rows built twice (the paths
 * differ by `spaces/{spaceId}` and `sites/{siteId}`), plus the integration-wide lists. The
 * space or site must be one of the installation's organization that the caller sees.
 */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate } from '../../contract/paginate.ts';
import type { ContentInstallationRecord, InstallationRecord } from '../../store/records.ts';
import { officialOp } from '../engine/operations.ts';
import { orgRole } from '../shared/access.ts';
import { requireContentInstallation, requireInstallation, requireIntegration } from '../shared/integration-access.ts';
import { presentContentInstallation } from '../shared/present-integration.ts';

type Kind = 'space' | 'site';

const OPERATIONS = {
  space: {
    list: 'listIntegrationInstallationSpaces',
    install: 'installIntegrationOnSpace',
    get: 'getIntegrationSpaceInstallation',
    update: 'updateIntegrationSpaceInstallation',
    uninstall: 'uninstallIntegrationFromSpace',
    all: 'listIntegrationSpaceInstallations',
  },
  site: {
    list: 'listIntegrationInstallationSites',
    install: 'installIntegrationOnSite',
    get: 'getIntegrationSiteInstallation',
    update: 'updateIntegrationSiteInstallation',
    uninstall: 'uninstallIntegrationFromSite',
    all: 'listIntegrationSiteInstallations',
  },
} as const;

const tableOf = (ctx: HandlerContext, kind: Kind) => (kind === 'space' ? ctx.db.spaceInstallations : ctx.db.siteInstallations);

/** The space or site a body names, if it is a live one of the installation's organization (400 naming the field otherwise). */
function targetOf(ctx: HandlerContext, kind: Kind, installation: InstallationRecord, id: string, field: string): string {
  const found = kind === 'space' ? ctx.db.spaces.get(id) : ctx.db.sites.get(id);
  const live = found && found.organization === installation.organization && !('deletedAt' in found && found.deletedAt);
  if (!live) throw errors.unknownReference(id, `${field}: no ${kind} "${id}" in the installation's organization`);
  return id;
}

function rowsFor(kind: Kind): Operation[] {
  const ids = OPERATIONS[kind];
  /** The space or site the path names. */
  const contentId = (params: { spaceId: string } | { siteId: string }) => ('spaceId' in params ? params.spaceId : params.siteId);
  const present = (ctx: HandlerContext, c: ContentInstallationRecord) => presentContentInstallation(ctx, kind, c);
  return [
    officialOp(ids.list, {
      handle: (ctx) => {
        const { installation } = requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId);
        return paginate(tableOf(ctx, kind).viewBy('installation', installation.id), ctx.query, (c) => present(ctx, c));
      },
    }),
    officialOp(ids.install, {
      handle: (ctx) => {
        const { integration, installation } = requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId, true);
        const field = kind === 'space' ? 'space' : 'siteId';
        const named = kind === 'space' ? ('space' in ctx.body ? ctx.body.space : undefined) : 'siteId' in ctx.body ? ctx.body.siteId : undefined;
        const target = targetOf(ctx, kind, installation, String(named), `body.${field}`);
        const id = `${installation.id}:${target}`;
        if (tableOf(ctx, kind).get(id)) throw errors.conflict(`The installation is already on ${kind} "${target}"`);
        const content = tableOf(ctx, kind).insert({
          id,
          installation: installation.id,
          integration: integration.id,
          target,
          status: 'active',
          configuration: {},
          externalIds: [],
          createdAt: ctx.now,
          updatedAt: ctx.now,
        });
        return present(ctx, content);
      },
    }),
    officialOp(ids.get, {
      handle: (ctx) => {
        const { installation } = requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId);
        return present(ctx, requireContentInstallation(ctx, kind, installation, contentId(ctx.params)));
      },
    }),
    officialOp(ids.update, {
      handle: (ctx) => {
        const { installation } = requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId, true);
        const content = requireContentInstallation(ctx, kind, installation, contentId(ctx.params));
        const { externalIds, configuration } = ctx.body;
        const next = tableOf(ctx, kind).update(content.id, {
          ...(externalIds !== undefined && { externalIds }),
          ...(configuration !== undefined && { configuration }),
          updatedAt: ctx.now,
        });
        return present(ctx, next);
      },
    }),
    officialOp(ids.uninstall, {
      handle: (ctx) => {
        const { installation } = requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId, true);
        removeWithDependents(ctx.db, kind === 'space' ? 'spaceInstallations' : 'siteInstallations', requireContentInstallation(ctx, kind, installation, contentId(ctx.params)).id);
        return reply(undefined, {});
      },
    }),
    officialOp(ids.all, {
      handle: (ctx) => {
        const integration = requireIntegration(ctx, ctx.params.integrationName);
        const itself = ctx.user.id === integration.user;
        const rows = ctx.db.installations.by('integration', integration.id).flatMap((i) => tableOf(ctx, kind).by('installation', i.id).map((c) => ({ c, i })));
        const { externalId } = ctx.query;
        const visible = rows.filter(({ c, i }) => (itself || i.user === ctx.user.id || orgRole(ctx.db, i.organization, ctx.user.id) !== undefined) && (!externalId || c.externalIds.includes(externalId)));
        return paginate(arrayView(visible.map(({ c }) => c)), ctx.query, (c) => present(ctx, c));
      },
    }),
  ];
}

export const contentInstallationOperations: Operation[] = [...rowsFor('space'), ...rowsFor('site')];
