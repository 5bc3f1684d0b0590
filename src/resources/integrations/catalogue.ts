/**
 * The integrations catalogue: every integration the caller may see (resources/integrations/
 * access.ts), with the official filters, and the integrations installed on an organization,
 * a space or a site. The catalogue holds what the scenario declares and what is published
 * through the API (publishing.ts).
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { arrayView, paginate, type PageRequest } from '../../contract/paginate.ts';
import type { IntegrationRecord } from '../../store/records.ts';
import { requireOrg, requireSpace } from '../shared/access.ts';
import { requireSite } from '../shared/site-access.ts';
import { requireIntegration, seesIntegration } from '../shared/integration-access.ts';
import { presentIntegration } from '../shared/present-integration.ts';
import { officialOp } from '../engine/operations.ts';

interface Search extends PageRequest {
  search?: string;
  category?: string;
  owner?: string;
  scope?: string;
  target?: string;
}

/** Whether an integration passes the official catalogue filters. */
function matches(integration: IntegrationRecord, q: Search): boolean {
  if (q.search && !`${integration.id} ${integration.title}`.toLowerCase().includes(q.search.toLowerCase())) return false;
  if (q.category && !integration.categories.includes(q.category)) return false;
  if (q.owner && integration.owner !== q.owner) return false;
  if (q.scope && !integration.scopes.includes(q.scope)) return false;
  if (q.target && integration.target !== q.target && integration.target !== 'all') return false;
  return true;
}

/** A page of the integrations of `names` (in catalogue order) that the caller sees and the query keeps. */
function listOf(ctx: HandlerContext<unknown, Search>, rows: readonly IntegrationRecord[]) {
  return paginate(arrayView(rows), ctx.query, (i) => presentIntegration(ctx, i), (i) => seesIntegration(ctx, i) && matches(i, ctx.query));
}

/** The integrations with an installation that `installed` keeps (one row per integration). */
function installedWhere(ctx: HandlerContext, keep: (installationId: string) => boolean, organization: string): IntegrationRecord[] {
  const names = new Set(ctx.db.installations.by('organization', organization).filter((i) => keep(i.id)).map((i) => i.integration));
  return ctx.db.integrations.list().filter((i) => names.has(i.id));
}

export const catalogueOperations: Operation[] = [
  officialOp('listIntegrations', {
    handle: (ctx) => paginate(ctx.db.integrations.view(), ctx.query, (i) => presentIntegration(ctx, i), (i) => seesIntegration(ctx, i) && matches(i, ctx.query)),
  }),
  officialOp('getIntegrationByName', {
    handle: (ctx) => presentIntegration(ctx, requireIntegration(ctx, ctx.params.integrationName)),
  }),
  officialOp('listOrganizationIntegrations', {
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      return listOf(ctx, installedWhere(ctx, () => true, org.id));
    },
  }),
  officialOp('getOrganizationIntegrationStatus', {
    handle: (ctx) => {
      const org = requireOrg(ctx, ctx.params.organizationId);
      const integration = requireIntegration(ctx, ctx.params.integrationName);
      const installation = ctx.db.installations.by('integration', integration.id).find((i) => i.organization === org.id);
      if (!installation) throw errors.notFound(`Installation of "${integration.id}" in organization`, org.id);
      return { status: installation.status };
    },
  }),
  officialOp('listSpaceIntegrations', {
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
      const on = new Set(ctx.db.spaceInstallations.by('target', space.id).map((s) => s.installation));
      return listOf(ctx, installedWhere(ctx, (id) => on.has(id), space.organization));
    },
  }),
  officialOp('listSiteIntegrations', {
    handle: (ctx) => {
      const { org, site } = requireSite(ctx, ctx.params.organizationId, ctx.params.siteId);
      const on = new Set(ctx.db.siteInstallations.by('target', site.id).map((s) => s.installation));
      return listOf(ctx, installedWhere(ctx, (id) => on.has(id), org.id));
    },
  }),
];
