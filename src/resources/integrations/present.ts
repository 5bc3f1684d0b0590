/**
 * The official Integration, IntegrationInstallation and IntegrationSpace/SiteInstallation
 * objects. Public endpoints and app URLs point where GitBook puts them; nothing there is
 * served by the mock (its events go to the delivery URL the scenario or test gives).
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { ContentInstallationRecord, InstallationRecord, IntegrationRecord } from '../../store/records.ts';
import { presentOrganization } from '../organizations/present.ts';
import { apiUrl, appUrl } from '../shared/present.ts';
import { orgRole } from '../shared/access.ts';
import { can } from '../../auth/roles.ts';

const PUBLIC_ENDPOINT = 'https://integrations.gitbook.com/v1/integrations';

export function presentIntegration(ctx: HandlerContext, integration: IntegrationRecord) {
  // The state check keeps `owner` an organization id; a missing one cannot load.
  const owner = ctx.db.organizations.existing(integration.owner);
  const endpoint = `${PUBLIC_ENDPOINT}/${integration.id}/integration`;
  return {
    object: 'integration' as const,
    name: integration.id,
    version: integration.version,
    title: integration.title,
    ...(integration.description && { description: integration.description }),
    ...(integration.summary && { summary: integration.summary }),
    previewImages: [],
    target: integration.target,
    verified: false,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    externalLinks: [],
    owner: presentOrganization(ctx, owner),
    urls: {
      location: apiUrl(ctx, `/integrations/${integration.id}`),
      icon: `${endpoint}/icon.png`,
      app: appUrl(`/integrations/${integration.id}`),
      assets: `${endpoint}/assets`,
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
    permissions: { admin: can(orgRole(ctx.db, integration.owner, ctx.user.id), 'admin') },
  };
}

export function presentInstallation(ctx: Pick<HandlerContext, 'db' | 'origin'>, installation: InstallationRecord) {
  const path = `/integrations/${installation.integration}/installations/${installation.id}`;
  const endpoint = `${PUBLIC_ENDPOINT}/${installation.integration}/installations/${installation.id}`;
  return {
    id: installation.id,
    status: installation.status,
    space_selection: installation.spaceSelection,
    site_selection: installation.siteSelection,
    spaces: ctx.db.spaceInstallations.countBy('installation', installation.id),
    configuration: installation.configuration,
    createdAt: installation.createdAt,
    updatedAt: installation.updatedAt,
    urls: {
      location: apiUrl(ctx, path),
      app: appUrl(`/o/${installation.organization}/integrations/${installation.integration}`),
      publicEndpoint: endpoint,
      publicContentEndpoint: endpoint,
    },
    externalIds: installation.externalIds,
    target: { organization: installation.organization },
  };
}

/** A space or site installation; `kind` names the field (`space` or `site`) that holds its target's id. */
export function presentContentInstallation(ctx: Pick<HandlerContext, 'origin'>, kind: 'space' | 'site', content: ContentInstallationRecord) {
  const path = `/integrations/${content.integration}/installations/${content.installation}/${kind}s/${content.target}`;
  const endpoint = `${PUBLIC_ENDPOINT}/${content.integration}/installations/${content.installation}/${kind}s/${content.target}`;
  return {
    integration: content.integration,
    installation: content.installation,
    status: content.status,
    configuration: content.configuration,
    externalIds: content.externalIds,
    urls: { location: apiUrl(ctx, path), publicEndpoint: endpoint, publicContentEndpoint: endpoint },
    // The id form: the official document keeps it (deprecated) beside the object form.
    [kind]: content.target,
  };
}
