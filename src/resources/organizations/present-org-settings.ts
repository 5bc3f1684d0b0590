/** SAML providers, OpenAPI specs and versions, translation settings, derived from records. */
import type { HandlerContext } from '../../contract/operation.ts';
import { can } from '../../auth/roles.ts';
import type { OpenApiSpecRecord, OpenApiSpecVersionRecord, SamlProviderRecord, TranslationRecord } from '../../store/records.ts';
import { openApiProcessingState, processingDoneAt, translationStatus } from '../../rules/processing-state.ts';
import { apiUrl, appUrl } from '../shared/present.ts';
import { callerRole } from '../shared/org-lookup.ts';
import { presentTeam } from '../shared/present-people.ts';
import { versionsOf } from '../shared/openapi-versions.ts';

/** Placeholder of `ssoURL` while a provider has none (the official shape requires a URI). */
export const UNSET_SSO_URL = 'about:blank';

/** A provider is active once it knows its identity provider: entity id, certificate and sso URL. */
export function samlStatus(p: SamlProviderRecord): 'active' | 'pending' {
  return p.entityID && p.certificate && p.ssoURL ? 'active' : 'pending';
}

/** What GitBook publishes for the identity provider to call back. */
export function samlService(p: SamlProviderRecord) {
  const base = appUrl(`/__/auth/saml/${p.organization}/${p.id}`);
  return { acsURL: `${base}/acs`, startURL: `${base}/start`, entityID: base };
}

export function presentSamlProvider(ctx: HandlerContext, p: SamlProviderRecord) {
  const team = p.defaultTeam ? ctx.db.teams.get(p.defaultTeam) : undefined;
  return {
    object: 'saml-provider' as const,
    id: p.id,
    label: p.label,
    ssoURL: p.ssoURL ?? UNSET_SSO_URL,
    entityID: p.entityID ?? '',
    certificate: p.certificate ?? '',
    ...(team && { defaultTeam: presentTeam(ctx, team) }),
    defaultRole: p.defaultRole,
    createdAt: p.createdAt,
    status: samlStatus(p),
    service: samlService(p),
    urls: { location: apiUrl(ctx, `/orgs/${p.organization}/saml/${p.id}`) },
  };
}

/** Versions of a spec, oldest first. */

export function presentSpec(ctx: HandlerContext, spec: OpenApiSpecRecord) {
  const versions = versionsOf(ctx, spec);
  const last = versions[versions.length - 1];
  const state = last ? openApiProcessingState(last.createdAt, ctx.now) : 'pending';
  const processed = [...versions].reverse().find((v) => openApiProcessingState(v.createdAt, ctx.now) === 'complete');
  const admin = can(callerRole(ctx, spec.organization), 'admin');
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: spec.createdAt,
    updatedAt: spec.updatedAt,
    slug: spec.slug,
    ...(spec.sourceURL && { sourceURL: spec.sourceURL }),
    processingState: state,
    visibility: spec.visibility ?? ('private' as const),
    ...(last && { lastVersion: last.id }),
    ...(processed && { lastProcessedAt: processingDoneAt(processed.createdAt) }),
    lastProcessedErrorCount: 0,
    permissions: { view: true, edit: admin },
    urls: {
      location: apiUrl(ctx, `/orgs/${spec.organization}/openapi/${spec.slug}`),
      app: appUrl(`/o/${spec.organization}/openapi/${spec.slug}`),
    },
  };
}

export function presentSpecVersion(ctx: HandlerContext, spec: OpenApiSpecRecord, v: OpenApiSpecVersionRecord) {
  return {
    object: 'openapi-spec-version' as const,
    id: v.id,
    createdAt: v.createdAt,
    url: v.url,
    urls: { location: apiUrl(ctx, `/orgs/${spec.organization}/openapi/${spec.slug}/versions/${v.id}`) },
  };
}

export const EMPTY_DOCUMENT = { object: 'document', data: {}, nodes: [] } as const;

export function presentTranslation(ctx: HandlerContext, t: TranslationRecord) {
  const admin = can(callerRole(ctx, t.organization), 'admin');
  const sourceLanguage = t.sourceLanguage ?? 'en';
  // Without a source space (the seed's shape) there is nothing to run: the settings stay
  // pending, and no `source` is shown, since no space is its source.
  const status = t.source ? translationStatus(t.updatedAt, ctx.now) : 'pending';
  const done = status === 'completed';
  const pages = done && t.source ? countPages(ctx, t.source) : 0;
  return {
    object: 'translation' as const,
    id: t.id,
    title: t.title,
    languages: t.languages,
    status,
    ...(t.source && { source: { space: t.source, language: sourceLanguage } }),
    language: t.language ?? t.languages[0] ?? sourceLanguage,
    instructions: t.instructions ?? EMPTY_DOCUMENT,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    stats: { runs: done ? 1 : 0, totalWords: 0, totalPages: pages, totalDuration: 0, latestRunDuration: 0, latestPages: pages, latestWords: 0 },
    permissions: { view: true, edit: admin },
    urls: { location: apiUrl(ctx, `/orgs/${t.organization}/translations/${t.id}`) },
  };
}

function countPages(ctx: HandlerContext, spaceId: string): number {
  const space = ctx.db.spaces.get(spaceId);
  const revision = space ? ctx.db.revisions.get(space.revision) : undefined;
  const count = (pages: readonly { pages: readonly unknown[] }[]): number =>
    pages.reduce((n, p) => n + 1 + count(p.pages as { pages: readonly unknown[] }[]), 0);
  return revision ? count(revision.pages) : 0;
}
