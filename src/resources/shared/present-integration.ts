/**
 * The official Integration, IntegrationInstallation and IntegrationSpace/SiteInstallation
 * objects. Their public endpoints are the mock's integration URLs: GitBook's
 * (`https://integrations.gitbook.com/v1/integrations/{name}/...`) with the mock's origin and
 * `/__integrations` in place of GitBook's host, which forward a request to the integration as
 * a `fetch` event (events/fetch-event.ts). Icons, assets and app URLs point where GitBook puts
 * them; the mock serves nothing there.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { ContentInstallationRecord, InstallationRecord, IntegrationRecord } from '../../store/records.ts';
import { presentOrganization } from './present-organization.ts';
import { apiUrl, appUrl } from './present.ts';
import { orgRole } from './access.ts';
import { can } from '../../auth/roles.ts';

const PUBLIC_ENDPOINT = 'https://integrations.gitbook.com/v1/integrations';

/** Where the mock serves the integration URLs (events/fetch-event.ts): GitBook's path after it. */
export const INTEGRATION_URLS = '/__integrations';

/** The mock's integration URL of `path` (`{name}/integration`, `{name}/installations/{id}`, ...). */
function publicUrl(ctx: Pick<HandlerContext, 'origin'>, path: string): string {
  return `${ctx.origin}${INTEGRATION_URLS}/v1/integrations/${path}`;
}

export function presentIntegration(ctx: HandlerContext, integration: IntegrationRecord) {
  // The state check keeps `owner` an organization id; a missing one cannot load.
  const owner = ctx.db.organizations.existing(integration.owner);
  const endpoint = `${PUBLIC_ENDPOINT}/${integration.id}/integration`;
  const served = publicUrl(ctx, `${integration.id}/integration`);
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
    ...(integration.blocks && { blocks: integration.blocks }),
    externalLinks: integration.externalLinks ?? [],
    owner: presentOrganization(ctx, owner),
    urls: {
      location: apiUrl(ctx, `/integrations/${integration.id}`),
      icon: `${endpoint}/icon.png`,
      app: appUrl(`/integrations/${integration.id}`),
      assets: `${endpoint}/assets`,
      publicEndpoint: served,
      publicContentEndpoint: served,
    },
    permissions: { admin: can(orgRole(ctx.db, integration.owner, ctx.user.id), 'admin') },
  };
}

export function presentInstallation(ctx: Pick<HandlerContext, 'db' | 'origin'>, installation: InstallationRecord) {
  const path = `/integrations/${installation.integration}/installations/${installation.id}`;
  const endpoint = publicUrl(ctx, `${installation.integration}/installations/${installation.id}`);
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
  const endpoint = publicUrl(ctx, `${content.integration}/installations/${content.installation}/${kind}s/${content.target}`);
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
