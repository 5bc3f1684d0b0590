/**
 * An organization's OpenAPI spec and its versions as a request reads them: the spec of a path
 * (a site's visitor reads one a page of the site is generated from), and the version the path
 * names or the latest. The spec operations and the computed content of a space read the same way.
 */
import { errors } from '../../contract/errors.ts';
import type { HandlerContext } from '../../contract/operation.ts';
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord } from '../../store/records.ts';
import { requireOrg } from './access.ts';
import { findOrThrow } from './find.ts';
import { requireOrgReader, requireSpec } from './org-lookup.ts';
import { siteEmbedsSpec, visitorSite } from './site-visitor.ts';

export type SpecParams = { organizationId: string; specSlug: string };

export function versionsOf(ctx: HandlerContext, spec: OpenApiSpecRecord): OpenApiSpecVersionRecord[] {
  return ctx.db.openapiSpecVersions.by('spec', spec.id);
}

function requireVersion(ctx: HandlerContext, spec: OpenApiSpecRecord, versionId: string) {
  return findOrThrow(ctx.db.openapiSpecVersions, versionId, 'OpenAPI spec version', (v) => v.spec === spec.id);
}

function latestVersion(ctx: HandlerContext, spec: OpenApiSpecRecord) {
  const versions = versionsOf(ctx, spec);
  if (versions.length === 0) throw errors.notFound(`Version of OpenAPI spec "${spec.slug}"`);
  return versions[versions.length - 1];
}

/** The organization (reader) and the spec of the path. */
export function readSpec(ctx: HandlerContext, params: SpecParams) {
  // A site's visitor reads a spec that a page of the site is generated from (site-visitor.ts).
  if (visitorSite(ctx) !== undefined) {
    const org = requireOrg(ctx, params.organizationId);
    const spec = requireSpec(ctx, org, params.specSlug);
    if (siteEmbedsSpec(ctx, spec)) return spec;
  }
  const org = requireOrgReader(ctx, params.organizationId);
  return requireSpec(ctx, org, params.specSlug);
}

/** The spec of the path and its version: the one the path names, or the latest (`/versions/latest`). */
export function readVersion(ctx: HandlerContext, params: SpecParams & { versionId?: string }) {
  const spec = readSpec(ctx, params);
  const version = params.versionId === undefined ? latestVersion(ctx, spec) : requireVersion(ctx, spec, params.versionId);
  return { spec, version };
}
