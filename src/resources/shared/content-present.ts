/**
 * Revision, page and file objects, as the official document shapes them: a page carries
 * exactly one body (`markdown`, or `document` with format=document), so that it matches
 * exactly one branch of the official `oneOf`; `metadata=false` drops the Git metadata.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { ChangeRequestRecord, FileRecord, PageRecord, RevisionRecord, SpaceRecord } from '../../store/records.ts';
import { appUrl } from './present.ts';
import { pageEntries, presentPageHead, type PageEntry } from './page-tree.ts';
import { evaluate, toDocument } from './markdown.ts';
import { changeRequestAppPath, presentChangeRequest } from './present-change-request.ts';

/** Where the content is read: a space's revision, maybe a change request's. */
export interface ContentPlace {
  space: SpaceRecord;
  revision: RevisionRecord;
  changeRequest?: ChangeRequestRecord;
}

export interface ContentOptions {
  metadata?: boolean;
  computed?: boolean;
  format?: 'markdown' | 'document';
  evaluated?: boolean | 'deterministic-only';
}

const LAYOUT = {
  width: 'default',
  cover: false,
  coverSize: 'full',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: false,
  actions: true,
  anchors: true,
} as const;

/** A page's `urls.app`: under the change request when the content is one's, else under the space. */
export function pageAppUrl(place: ContentPlace, entry: PageEntry): string {
  const { space, changeRequest } = place;
  const base = changeRequest ? changeRequestAppPath(space, changeRequest) : `/o/${space.organization}/s/${space.id}`;
  return appUrl(`${base}/${entry.path}`);
}

/** What a computed page is computed from. */
type Computed = NonNullable<PageRecord['computed']>;

/** The markdown a computed page gets when it is computed. */
export function computedMarkdown(page: PageRecord, computed: Computed): string {
  return `# ${page.title}\n\nReference generated from the OpenAPI specification "${computed.spec}".\n`;
}

/** A computed page left uncomputed (computed=false): its source, not its content. */
function presentUncomputed(place: ContentPlace, entry: PageEntry, computed: Computed) {
  const { page } = entry;
  return {
    id: page.id,
    title: page.title,
    type: 'computed',
    slug: page.slug,
    path: entry.path,
    urls: { app: pageAppUrl(place, entry) },
    computed: {
      type: computed.type,
      dependencies: { spec: { ref: { kind: 'openapi', spec: computed.spec } } },
      props: { models: true },
    },
  };
}

export function presentPage(place: ContentPlace, entry: PageEntry, options: ContentOptions = {}): Record<string, unknown> {
  const { page } = entry;
  if (page.computed && options.computed === false) return presentUncomputed(place, entry, page.computed);
  const metadata = options.metadata !== false;
  const source = page.computed ? computedMarkdown(page, page.computed) : page.markdown;
  const markdown = options.evaluated ? evaluate(source, place.revision.variables) : source;
  const children = pageEntries(page.pages, entry.path, page.id);
  return {
    ...presentPageHead(page),
    kind: 'sheet',
    type: 'document',
    urls: { app: pageAppUrl(place, entry) },
    slug: page.slug,
    path: entry.path,
    ...(page.description && { description: page.description }),
    documentId: page.documentId,
    ...(options.format === 'document' ? { document: toDocument(markdown, { revision: place.revision, entry }) } : { markdown }),
    pages: children.filter((c) => c.parent === page.id).map((c) => presentPage(place, c, options)),
    layout: LAYOUT,
    tags: [],
    ...(page.hidden !== undefined && { hidden: page.hidden }),
    ...(page.metaLinks && { metaLinks: presentMetaLinks(page) }),
    ...(metadata && page.git && { git: page.git }),
  };
}

/** A page's meta links (RevisionPageMetaLinks): always an `alternates` list, a canonical when set. */
export function presentMetaLinks(page: PageRecord) {
  const { canonical, alternates = [] } = page.metaLinks ?? {};
  return { ...(canonical && { canonical }), alternates };
}

export function presentPages(place: ContentPlace, options: ContentOptions = {}) {
  return pageEntries(place.revision.pages)
    .filter((e) => !e.parent)
    .map((e) => presentPage(place, e, options));
}

export function downloadUrl(ctx: HandlerContext, space: SpaceRecord, file: FileRecord): string {
  return `${ctx.origin}/__files/uploads/${space.id}/${file.id}/${encodeURIComponent(file.name)}`;
}

export function presentFile(ctx: HandlerContext, space: SpaceRecord, file: FileRecord, options: ContentOptions = {}) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrl(ctx, space, file),
    size: file.size,
    ...(file.dimensions && { dimensions: file.dimensions }),
    ...(options.metadata !== false && file.git && { git: file.git }),
  };
}

/** The official revision types; a Git import is an edit that carries Git metadata. */
function revisionType(revision: RevisionRecord): 'edits' | 'merge' | 'update' | 'rollback' {
  return revision.type === 'git-import' ? 'edits' : revision.type;
}

/**
 * What a revision tells of the change request it merged (`mergedFrom`): every answer that reads
 * a revision (the revision, its semantic changes) carries it, from here.
 */
export function presentMergedFrom(ctx: HandlerContext, revision: RevisionRecord) {
  if (revisionType(revision) !== 'merge') return {};
  const id = revision.parents.map((parent) => ctx.db.revisions.get(parent)?.changeRequest).find((cr) => cr !== undefined);
  const merged = id ? ctx.db.changeRequests.get(id) : undefined;
  return merged ? { mergedFrom: presentChangeRequest(ctx, merged) } : {};
}

export function presentRevision(ctx: HandlerContext, place: ContentPlace, options: ContentOptions = {}) {
  const { revision, space } = place;
  const metadata = options.metadata !== false;
  return {
    object: 'revision' as const,
    id: revision.id,
    type: revisionType(revision),
    ...presentMergedFrom(ctx, revision),
    parents: revision.parents,
    pages: presentPages(place, options),
    files: revision.files.map((f) => presentFile(ctx, space, f, options)),
    reusableContents: revision.reusableContents.map((r) => ({
      id: r.id,
      title: r.title,
      document: r.document,
      ...(metadata && r.git && { git: r.git }),
    })),
    tags: [],
    variables: revision.variables,
    createdAt: revision.createdAt,
    ...(metadata && revision.git && { git: { ...revision.git, createdByGitBook: revision.git.createdByService } }),
    urls: { app: appUrl(`/o/${space.organization}/s/${space.id}/~/revisions/${revision.id}/`) },
  };
}
