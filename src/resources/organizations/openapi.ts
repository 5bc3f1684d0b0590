/** OpenAPI specs and their versions (document 002). */
import { errors } from '../../contract/errors.ts';
import { removeWithDependents } from '../../store/removal.ts';
import { reply, type HandlerContext, type Operation } from '../../contract/operation.ts';
import { apiUrl } from '../shared/present.ts';
import { paginate } from '../../contract/paginate.ts';
import type { OpenApiSpecRecord, OrganizationRecord } from '../../store/records.ts';
import { findSpec, requireOrgAdmin, requireOrgReader, requireSpec } from '../shared/org-lookup.ts';
import { DEFAULT_SPEC_FIXTURE, presentContent, rawContent, readContent, textVersionUrl } from '../shared/openapi-content.ts';
import { presentSpec, presentSpecVersion } from './present-org-settings.ts';
import { readSpec, readVersion, versionsOf, type SpecParams } from '../shared/openapi-versions.ts';
import { officialOp } from '../engine/operations.ts';

type Source = { url: string } | { text: string };

const SPEC_PARAMS = 'organizations/openapi-spec-params';

/** Adds a version made from `source` and points the spec at it. */
function addVersion(ctx: HandlerContext, spec: OpenApiSpecRecord, source: Source): OpenApiSpecRecord {
  const id = ctx.ids.next('openapi-version');
  const fromUrl = 'url' in source;
  ctx.db.openapiSpecVersions.insert({
    id,
    spec: spec.id,
    url: fromUrl ? source.url : textVersionUrl(ctx, spec, id),
    fixture: DEFAULT_SPEC_FIXTURE,
    ...(!fromUrl && { text: source.text }),
    createdAt: ctx.now,
  });
  return ctx.db.openapiSpecs.update(spec.id, { sourceURL: fromUrl ? source.url : undefined, updatedAt: ctx.now });
}

function createSpec(ctx: HandlerContext, org: OrganizationRecord, slug: string, source: Source): OpenApiSpecRecord {
  const spec = ctx.db.openapiSpecs.insert({ id: ctx.ids.next('openapi-spec'), organization: org.id, slug, createdAt: ctx.now, updatedAt: ctx.now });
  return addVersion(ctx, spec, source);
}

/** Whether `source` differs from what the latest version was made from. */
function sourceChanged(ctx: HandlerContext, spec: OpenApiSpecRecord, source: Source): boolean {
  const versions = versionsOf(ctx, spec);
  const last = versions[versions.length - 1];
  if (!last) return true;
  return 'url' in source ? last.text !== undefined || last.url !== source.url : last.text !== source.text;
}

/** The handlers of `/versions/latest` and `/versions/{versionId}` (and their `/content`). */
function getVersion(ctx: HandlerContext<SpecParams & { versionId?: string }>) {
  const { spec, version } = readVersion(ctx, ctx.params);
  return presentSpecVersion(ctx, spec, version);
}


/** The version's content, parsed after the request (a YAML text loads the YAML parser first: openapi-content.ts). */
function readVersionContent(ctx: HandlerContext<SpecParams & { versionId?: string }>) {
  return readContent(readVersion(ctx, ctx.params).version, ctx.platform.fixture);
}

export const openApiOperations: Operation[] = [
  officialOp('listOpenAPISpecs', {
    query: 'common/pagination-query',
    response: 'organizations/openapi-spec-list',
    handle: (ctx) => {
      const org = requireOrgReader(ctx, ctx.params.organizationId);
      return paginate(ctx.db.openapiSpecs.viewBy('organization', org.id), ctx.query, (s) => presentSpec(ctx, s));
    },
  }),
  officialOp('createOpenAPISpec', {
    body: 'organizations/openapi-spec-create',
    response: 'organizations/openapi-spec',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'create OpenAPI specs');
      if (findSpec(ctx, org, ctx.body.slug)) throw errors.conflict(`An OpenAPI spec with slug "${ctx.body.slug}" already exists`);
      return presentSpec(ctx, createSpec(ctx, org, ctx.body.slug, ctx.body.source));
    },
  }),
  officialOp('getOpenAPISpecBySlug', {
    params: SPEC_PARAMS,
    response: 'organizations/openapi-spec',
    handle: (ctx) => presentSpec(ctx, readSpec(ctx, ctx.params)),
  }),
  officialOp('createOrUpdateOpenAPISpecBySlug', {
    params: 'organizations/openapi-spec-put-params',
    body: 'organizations/openapi-spec-put',
    response: 'organizations/openapi-spec',
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'change OpenAPI specs');
      const existing = findSpec(ctx, org, ctx.params.specSlug);
      if (!existing) {
        // Created: 201, as the official document answers a new slug (200 for an update).
        const created = createSpec(ctx, org, ctx.params.specSlug, ctx.body.source);
        return reply(presentSpec(ctx, created), { status: 201, headers: { Location: apiUrl(ctx, `/orgs/${org.id}/openapi/${created.slug}`) } });
      }
      const spec = sourceChanged(ctx, existing, ctx.body.source) ? addVersion(ctx, existing, ctx.body.source) : existing;
      return presentSpec(ctx, spec);
    },
  }),
  officialOp('updateOpenAPISpecBySlug', {
    params: SPEC_PARAMS,
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'change OpenAPI specs');
      const spec = requireSpec(ctx, org, ctx.params.specSlug);
      return presentSpec(ctx, ctx.db.openapiSpecs.update(spec.id, { visibility: ctx.body.visibility, updatedAt: ctx.now }));
    },
  }),
  officialOp('deleteOpenAPISpecBySlug', {
    status: 205,
    params: SPEC_PARAMS,
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'delete OpenAPI specs');
      const spec = requireSpec(ctx, org, ctx.params.specSlug);
      removeWithDependents(ctx.db, 'openapiSpecs', spec.id);
    },
  }),
  officialOp('listOpenAPISpecVersions', {
    params: SPEC_PARAMS,
    query: 'common/pagination-query',
    response: 'organizations/openapi-spec-version-list',
    handle: (ctx) => {
      const spec = readSpec(ctx, ctx.params);
      return paginate(ctx.db.openapiSpecVersions.viewBy('spec', spec.id), ctx.query, (v) => presentSpecVersion(ctx, spec, v), undefined, 'desc');
    },
  }),
  officialOp('getLatestOpenAPISpecVersion', {
    params: SPEC_PARAMS,
    response: 'organizations/openapi-spec-version',
    handle: getVersion,
  }),
  officialOp('getLatestOpenAPISpecVersionContent', {
    params: SPEC_PARAMS,
    response: 'organizations/openapi-spec-content',
    handle: readVersionContent,
    after: presentContent,
  }),
  officialOp('getLatestOpenAPISpecVersionContentRaw', {
    params: SPEC_PARAMS,
    handle: (ctx) => rawContent(readVersion(ctx, ctx.params).version, ctx.platform.fixture),
  }),
  officialOp('getOpenAPISpecVersionById', {
    params: SPEC_PARAMS,
    response: 'organizations/openapi-spec-version',
    handle: getVersion,
  }),
  officialOp('getOpenAPISpecVersionContentById', {
    params: SPEC_PARAMS,
    response: 'organizations/openapi-spec-content',
    handle: readVersionContent,
    after: presentContent,
  }),
];
