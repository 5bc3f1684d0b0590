/**
 * Installations of an integration on organizations: list, install, read, update, uninstall,
 * and installation tokens. Each installation authenticates as a user of its own, whose
 * token (what createIntegrationInstallationToken answers) acts in the organization with the
 * installation's scopes (rules/installation-scopes.ts). Setting one up, changing its status
 * or configuration, and removing it send the installation events (src/events/).
 */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { paginate } from '../../contract/paginate.ts';
import type { InstallationRecord, IntegrationRecord } from '../../store/records.ts';
import { officialSchema } from '../engine/family.ts';
import { orgRole, requireOrg } from '../shared/access.ts';
import { requireInstallation, requireIntegration } from '../shared/integration-access.ts';
import { presentInstallation, presentIntegration } from '../shared/present-integration.ts';
import { officialOp } from '../engine/operations.ts';

/** A new installation and the user its tokens authenticate as. */
export function install(ctx: HandlerContext, integration: IntegrationRecord, organization: string): InstallationRecord {
  const id = ctx.ids.next('installation');
  const user = ctx.db.users.insert({
    id: ctx.ids.next('user'),
    displayName: integration.title,
    email: `${integration.id}.${id.toLowerCase()}@installations.gitbook.invalid`,
    token: ctx.ids.token('installation', 'gb_inst_', (token) => ctx.db.users.countBy('token', token) > 0),
    createdAt: ctx.now,
  });
  return ctx.db.installations.insert({
    id,
    integration: integration.id,
    organization,
    status: 'active',
    configuration: {},
    spaceSelection: 'selected',
    siteSelection: 'selected',
    externalIds: [],
    user: user.id,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
}

/**
 * Removes an installation, its space and site installations, and its user (whose tokens then
 * act on nothing); a user that wrote something (a comment, a change request) stays its author.
 */
function uninstall(ctx: HandlerContext, installation: InstallationRecord): void {
  removeWithDependents(ctx.db, 'installations', installation.id);
  removeWithDependents(ctx.db, 'users', installation.user);
}

export const installationOperations: Operation[] = [
  officialOp('listIntegrationInstallations', {
    handle: (ctx) => {
      const integration = requireIntegration(ctx, ctx.params.integrationName);
      const itself = ctx.user.id === integration.user;
      const { externalId } = ctx.query;
      return paginate(ctx.db.installations.viewBy('integration', integration.id), ctx.query, (i) => presentInstallation(ctx, i), (i) =>
        (itself || i.user === ctx.user.id || orgRole(ctx.db, i.organization, ctx.user.id) !== undefined) && (!externalId || i.externalIds.includes(externalId)),
      );
    },
  }),
  officialOp('installIntegration', {
    handle: (ctx) => {
      const integration = requireIntegration(ctx, ctx.params.integrationName);
      const org = requireOrg(ctx, ctx.body.organization, 'admin', 'install integrations in this organization');
      if (ctx.db.installations.by('integration', integration.id).some((i) => i.organization === org.id)) {
        throw errors.conflict(`Integration "${integration.id}" is already installed in organization "${org.id}"`);
      }
      return presentInstallation(ctx, install(ctx, integration, org.id));
    },
  }),
  officialOp('getIntegrationInstallationById', {
    handle: (ctx) => presentInstallation(ctx, requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId).installation),
  }),
  officialOp('updateIntegrationInstallation', {
    handle: (ctx) => {
      const { installation } = requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId, true);
      const { externalIds, configuration, space_selection, site_selection } = ctx.body;
      const next = ctx.db.installations.update(installation.id, {
        ...(externalIds !== undefined && { externalIds }),
        ...(configuration !== undefined && { configuration }),
        ...(space_selection !== undefined && { spaceSelection: space_selection }),
        ...(site_selection !== undefined && { siteSelection: site_selection }),
        updatedAt: ctx.now,
      });
      return presentInstallation(ctx, next);
    },
  }),
  officialOp('uninstallIntegration', {
    handle: (ctx) => {
      uninstall(ctx, requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId, true).installation);
      return reply(undefined, {});
    },
  }),
  officialOp('createIntegrationInstallationToken', {
    // The official operation takes no body: its schema is an open object's.
    body: officialSchema.body('createIntegrationInstallationToken'),
    handle: (ctx) => {
      const { installation } = requireInstallation(ctx, ctx.params.integrationName, ctx.params.installationId, true);
      // The installation's user exists as long as the installation (the state check holds it).
      return { token: ctx.db.users.existing(installation.user).token };
    },
  }),
  officialOp('listOrganizationInstallations', {
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId, 'admin', 'list the integrations installed in this organization');
      const search = ctx.query.search?.toLowerCase();
      return paginate(
        ctx.db.installations.viewBy('organization', org.id),
        ctx.query,
        (i) => ({ installation: presentInstallation(ctx, i), integration: presentIntegration(ctx, ctx.db.integrations.existing(i.integration)) }),
        (i) => !search || `${i.integration} ${ctx.db.integrations.get(i.integration)?.title ?? ''}`.toLowerCase().includes(search),
      );
    },
  }),
];
