/**
 * The scripts a published site loads for its integrations (listSiteIntegrationScripts, and the
 * `scripts` of its published view): one for each integration installed on the site, active there
 * and in its organization, whose scopes let it inject a script (`site:script:inject`). The
 * script is reached at the site installation's public URL (the mock's integration URLs,
 * events/fetch-event.ts: a request there goes to the integration as a `fetch` event);
 * `cookies` says whether the integration may set cookies (`site:script:cookies`).
 */
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import type { SiteRecord } from '../../store/records.ts';
import { presentContentInstallation } from '../shared/present-integration.ts';
import { siteOf } from '../shared/site-access.ts';
import { officialOp } from '../engine/operations.ts';

export function siteIntegrationScripts(ctx: HandlerContext, site: SiteRecord) {
  return ctx.db.siteInstallations.by('target', site.id).flatMap((content) => {
    const integration = ctx.db.integrations.get(content.integration);
    const installation = ctx.db.installations.get(content.installation);
    if (!integration || installation?.status !== 'active' || content.status !== 'active' || !integration.scopes.includes('site:script:inject')) return [];
    const { publicEndpoint } = presentContentInstallation(ctx, 'site', content).urls;
    return [{ script: `${publicEndpoint}/script.js`, cookies: integration.scopes.includes('site:script:cookies') }];
  });
}

export const integrationScriptOperations: Operation[] = [
  officialOp('listSiteIntegrationScripts', {
    handle: (ctx) => siteIntegrationScripts(ctx, siteOf(ctx).site),
  }),
];
