/**
 * Who sees and changes integrations and installations. The catalogue: public and unlisted
 * integrations to anyone, private ones to their owner's members. An installation: read by
 * its organization's members; installed, changed and removed by its admins. The
 * integration's own token and the installation's token also read and update it, as
 * GitBook's integrations do with theirs (for example to keep `externalIds`).
 */
import { can } from '../../auth/roles.ts';
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { ContentInstallationRecord, InstallationRecord, IntegrationRecord } from '../../store/records.ts';
import { membership, orgRole } from './access.ts';

/** Whether the caller finds the integration in the catalogue. */
export function seesIntegration(ctx: HandlerContext, integration: IntegrationRecord): boolean {
  if (integration.visibility !== 'private' || integration.user === ctx.user.id) return true;
  return membership(ctx.db, integration.owner, ctx.user.id) !== undefined;
}

export function requireIntegration(ctx: HandlerContext, name: string): IntegrationRecord {
  const integration = ctx.db.integrations.get(name);
  if (!integration || !seesIntegration(ctx, integration)) throw errors.notFound('Integration', name);
  return integration;
}

/** Whether the caller is the integration or this installation itself (their tokens). */
function isItself(ctx: HandlerContext, integration: IntegrationRecord, installation: InstallationRecord): boolean {
  return ctx.user.id === integration.user || ctx.user.id === installation.user;
}

/**
 * The installation the path names under its integration: 404 when the caller may not see it,
 * 403 when `write` and the caller is neither an admin of its organization nor the integration.
 */
export function requireInstallation(ctx: HandlerContext, name: string, installationId: string, write = false): { integration: IntegrationRecord; installation: InstallationRecord } {
  const integration = requireIntegration(ctx, name);
  const installation = ctx.db.installations.get(installationId);
  if (!installation || installation.integration !== integration.id) throw errors.notFound('Installation', installationId);
  if (isItself(ctx, integration, installation)) return { integration, installation };
  const role = orgRole(ctx.db, installation.organization, ctx.user.id);
  if (role === undefined) throw errors.notFound('Installation', installationId);
  if (write && !can(role, 'admin')) throw errors.forbidden('change the integrations installed in this organization');
  return { integration, installation };
}

/** The installation's presence on a space or site, or 404. */
export function requireContentInstallation(ctx: HandlerContext, kind: 'space' | 'site', installation: InstallationRecord, target: string): ContentInstallationRecord {
  const table = kind === 'space' ? ctx.db.spaceInstallations : ctx.db.siteInstallations;
  const content = table.get(`${installation.id}:${target}`);
  if (!content) throw errors.notFound(`Installation on ${kind}`, target);
  return content;
}
