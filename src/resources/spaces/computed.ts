/**
 * Computed content and templates of a space (docs/behaviour.md, "Computed content and
 * templates"): getComputedDocument and getComputedRevision compute from what the state holds,
 * per source: `builtin:openapi` from the latest version of the organization's specification,
 * `builtin:translation` from the translation's source content (the mock translates nothing, so
 * the text is the source's), an integration's source as empty content (the mock runs no
 * integration's computation). Their ids come from the request's `seed`. applyTemplateToSpace
 * adds a copy of the template's pages (a template is a space the caller can read) after the
 * pages of the space's content or of a change request.
 */
import { errors } from '../../contract/errors.ts';
import { type HandlerContext, type Operation } from '../../contract/operation.ts';
import { deriveId } from '../../ids.ts';
import { isActive } from '../../rules/change-request.ts';
import { withDocument } from '../../rules/page-document.ts';
import type { PageRecord, RevisionRecord, SpaceRecord } from '../../store/records.ts';
import { slugify } from '../../text/slug.ts';
import { presentFile, presentPages, type ContentPlace } from '../shared/content-present.ts';
import { revisionOf } from '../shared/revisions.ts';
import { requireTranslation } from '../shared/org-lookup.ts';
import { writeTarget } from '../shared/write-target.ts';
import { readVersion } from '../shared/openapi-versions.ts';
import { fromText, readContent } from '../shared/openapi-content.ts';
import { requireChangeRequest, requireEditable, requireOrg, requireSpace } from '../shared/access.ts';
import { toDocument } from '../shared/markdown.ts';
import { openApiDocument, openApiPages, type DocumentProps } from './computed-openapi.ts';
import { copyPages } from '../shared/create-space.ts';
import { documentById } from './documents.ts';
import { officialOp } from '../engine/operations.ts';

type Json = Record<string, unknown>;
interface Source {
  type: string;
  props?: Json;
  dependencies?: Record<string, { ref?: Json }>;
}

/** What a computation needs once the request's reads are done: the specification to parse (if any) and what to make of it. */
interface Computation {
  spec?: ReturnType<typeof readContent>;
  finish: (spec: Json) => unknown;
}

/** The parsed specification of a version (its text, or the fixture it serves); anything but an object holds no operation. */
async function parsed({ version, content }: ReturnType<typeof readContent>): Promise<Json> {
  const value = version.text !== undefined ? (await fromText(version.text))[1] : typeof content === 'string' ? (await fromText(content))[1] : content;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

const compute = async (c: Computation) => c.finish(c.spec ? await parsed(c.spec) : {});

/** The latest version of the specification a `builtin:openapi` source names, in the space's organization. */
function specOf(ctx: HandlerContext, space: SpaceRecord, source: Source) {
  const slug = String(source.dependencies?.spec?.ref?.spec ?? '');
  const { version } = readVersion(ctx, { organizationId: space.organization, specSlug: slug });
  return { slug, read: readContent(version, ctx.platform.fixture) };
}

/** The translation a `builtin:translation` source names, in the space's organization. */
function translationOf(ctx: HandlerContext, space: SpaceRecord, source: Source) {
  const id = String(source.dependencies?.translation?.ref?.translation ?? '');
  return requireTranslation(ctx, requireOrg(ctx, space.organization), id);
}

/** A computed revision's pages as page records: ids from the request's seed, slugs unique among them. */
function pagesFrom(ctx: HandlerContext, seed: string, pages: { key: string; title: string; markdown: string }[]): PageRecord[] {
  const taken = new Set<string>();
  return pages.map((p) => {
    let slug = slugify(p.title) || 'page';
    for (let n = 2; taken.has(slug); n++) slug = `${slugify(p.title) || 'page'}-${n}`;
    taken.add(slug);
    const id = deriveId(`${seed}:${p.key}`);
    return withDocument({ id, title: p.title, slug, type: 'document' as const, markdown: p.markdown, createdAt: ctx.now, updatedAt: ctx.now, pages: [] });
  });
}

/** Content as the official answer of getComputedRevision shapes it, read at `place`. */
function presentContent(ctx: HandlerContext, place: ContentPlace) {
  return {
    pages: presentPages(place),
    files: place.revision.files.map((f) => presentFile(ctx, place.space, f)),
    reusableContents: place.revision.reusableContents.map((r) => ({ id: r.id, title: r.title, document: r.document })),
  };
}

const EMPTY_CONTENT = { pages: [], files: [], reusableContents: [] };

type ComputeContext = HandlerContext<{ spaceId: string }, unknown, unknown>;

function computeDocument(ctx: ComputeContext): Computation {
  const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
  const { source } = ctx.body as { source: Source };
  if (source.type === 'builtin:openapi') {
    const { slug, read } = specOf(ctx, space, source);
    return { spec: read, finish: (spec) => toDocument(openApiDocument(spec, slug, source.props as DocumentProps)) };
  }
  if (source.type === 'builtin:translation') {
    // The translation must be one of the organization's (404 otherwise); its text is the source's.
    translationOf(ctx, space, source);
    const props = source.props as { space: string; document: string };
    const document = documentById(ctx, requireSpace(ctx, props.space, 'view').space, props.document, {});
    return { finish: () => document };
  }
  return { finish: () => toDocument('') };
}

function computeRevision(ctx: ComputeContext): Computation {
  const { space } = requireSpace(ctx, ctx.params.spaceId, 'view');
  const { source, seed } = ctx.body as { source: Source; seed: string };
  if (source.type === 'builtin:openapi') {
    const { read } = specOf(ctx, space, source);
    const revision = revisionOf(ctx, space.revision);
    const props = source.props as { models: boolean; grouping?: 'by-tag' | 'by-operation' };
    return {
      spec: read,
      finish: (spec) => {
        const pages = pagesFrom(ctx, seed, openApiPages(spec, props));
        const computed: RevisionRecord = { ...revision, pages, files: [], reusableContents: [] };
        return { pages: presentPages({ space, revision: computed }), files: [], reusableContents: [] };
      },
    };
  }
  if (source.type === 'builtin:translation') {
    const translation = translationOf(ctx, space, source);
    // Not run yet (no source space): nothing computed.
    if (!translation.source) return { finish: () => EMPTY_CONTENT };
    const sourceSpace = requireSpace(ctx, translation.source, 'view').space;
    const content = presentContent(ctx, { space: sourceSpace, revision: revisionOf(ctx, sourceSpace.revision) });
    return { finish: () => content };
  }
  return { finish: () => EMPTY_CONTENT };
}

export const computedOperations: Operation[] = [
  officialOp('getComputedDocument', {
    // The official query (`schema`) changes nothing here: it is not checked.
    query: null,
    // The answers' schemas reach every document block: the one copy in the generic file serves.
    response: 'official/generic#/$defs/getComputedDocument-response',
    handle: computeDocument,
    after: compute,
  }),
  officialOp('getComputedRevision', {
    response: 'official/generic#/$defs/getComputedRevision-response',
    handle: computeRevision,
    after: compute,
  }),
  officialOp('applyTemplateToSpace', {
    handle: (ctx) => {
      const { space } = requireSpace(ctx, ctx.params.spaceId, 'edit', { action: 'apply a template to this space' });
      requireEditable(space);
      const body = ctx.body as { id: string; changeRequestId?: string };
      const template = ctx.db.spaces.get(body.id);
      if (!template || template.deletedAt) throw errors.unknownReference(body.id, `id: no template "${body.id}" (a template is a space you can read)`);
      requireSpace(ctx, template.id, 'view');
      const cr = body.changeRequestId === undefined ? undefined : requireChangeRequest(ctx, space, body.changeRequestId);
      if (cr && !isActive(cr)) throw errors.conflict(`Change request #${cr.number} is ${cr.status}: no template can be applied to it`);
      const copies = copyPages(ctx, revisionOf(ctx, template.revision).pages);
      writeTarget(ctx, space, cr?.id, (pages) => {
        const taken = new Set(pages.map((p) => p.slug));
        const free = (slug: string) => {
          let out = slug;
          for (let n = 2; taken.has(out); n++) out = `${slug}-${n}`;
          taken.add(out);
          return out;
        };
        return [...pages, ...copies.map((p) => ({ ...p, slug: free(p.slug) }))];
      });
      return undefined;
    },
  }),
];
