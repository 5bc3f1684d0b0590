/**
 * Page bodies: markdown as stored, evaluated (variable expressions replaced by their
 * values), turned into a GitBook JSON document (text/document.ts) whose links and images
 * point at the pages and files of the revision, and written back as markdown with links
 * relative to the page's file (text/document-markdown.ts).
 */
import { perRow } from '../../cache/caches.ts';
import type { RevisionRecord } from '../../store/records.ts';
import { markdownToDocument } from '../../text/document.ts';
import { documentToMarkdown } from '../../text/document-markdown.ts';
import type { ContentRef, JsonDocument } from '../../text/document-nodes.ts';
import { plainText as plainMarkdown } from '../../text/markdown.ts';
import { fileAssetPath, findPage, type PageEntry } from './page-tree.ts';
import { LinkResolver } from './links.ts';

/** GitBook's markdown writes a variable as `<code class="expression">space.vars.name</code>`. */
const EXPRESSION = /<code class="expression">\s*(?:space|page)\.vars\.([\w-]+)\s*<\/code>/g;

export function evaluate(markdown: string, variables: Record<string, string>): string {
  return markdown.replace(EXPRESSION, (whole, name: string) => variables[name] ?? whole);
}

/** Plain text of a markdown line: links and images keep their label, emphasis and tags go. */
export function plainText(line: string): string {
  return plainMarkdown(line);
}

/** Where a page body is read: the revision whose pages and files its links name, and the page itself. */
export interface BodyPlace {
  revision: Pick<RevisionRecord, 'pages' | 'files'>;
  entry: PageEntry;
}

/** Page trees and file lists never change in place, so a revision's resolver is made once and kept beside them. */
const resolverOf = perRow((pages: RevisionRecord['pages'], files: RevisionRecord['files']) => new LinkResolver({ pages, files }));

/** What a link written as `href` in the page points at: a page (at an anchor), a file of the revision, or the URL as written. */
function refOf(place: BodyPlace, href: string): ContentRef {
  const { target } = resolverOf(place.revision.pages, place.revision.files).resolve(place.entry, href);
  if (target.kind === 'file') return { kind: 'file', file: target.file.id };
  if (target.kind === 'url') return { kind: 'url', url: href };
  const hash = href.indexOf('#');
  const anchor = hash < 0 ? '' : safeDecode(href.slice(hash + 1));
  return anchor ? { kind: 'anchor', page: target.page.page.id, anchor } : { kind: 'page', page: target.page.page.id };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The page's markdown as a GitBook JSON document. A first heading that repeats the page's
 * title is the title (as GitBook reads a page of a Git repository), not a block of the body.
 * Without a place, links stay URLs as written.
 */
export function toDocument(markdown: string, place?: BodyPlace): JsonDocument {
  if (!place) return markdownToDocument(markdown);
  return markdownToDocument(markdown, { title: place.entry.page.title, ref: (href) => refOf(place, href) });
}

/** `to` relative to the folder of the file `from` (`policies/remote-work.md` to `README.md`: `../README.md`). */
function relative(from: string, to: string): string {
  const folder = from.split('/').slice(0, -1);
  const target = to.split('/');
  let same = 0;
  while (same < folder.length && same < target.length - 1 && folder[same] === target[same]) same++;
  return [...folder.slice(same).map(() => '..'), ...target.slice(same)].join('/');
}

/** Where a reference of the page's document is written in its markdown: relative to the page's file. */
function hrefOf(place: BodyPlace, ref: ContentRef): string {
  const from = place.entry.file;
  switch (ref.kind) {
    case 'url':
      return ref.url;
    case 'file': {
      const file = place.revision.files.find((f) => f.id === ref.file);
      return file ? encodeURI(relative(from, fileAssetPath(file))) : '';
    }
    case 'page': {
      const page = findPage(place.revision.pages, ref.page);
      return page ? encodeURI(relative(from, page.file)) : '';
    }
    case 'anchor': {
      const page = ref.page && ref.page !== place.entry.page.id ? findPage(place.revision.pages, ref.page) : undefined;
      return `${page ? encodeURI(relative(from, page.file)) : ''}#${encodeURIComponent(ref.anchor)}`;
    }
    case 'openapi':
      // The spec is the organization's, named by its slug; the page knows no URL of it to write.
      return '';
  }
}

/** A page's document written as markdown: its title as the first heading, then the body, links relative to the page's file. */
export function documentMarkdown(document: JsonDocument, place: BodyPlace): string {
  const body = documentToMarkdown(document, { href: (ref) => hrefOf(place, ref) });
  return `# ${place.entry.page.title}\n${body && `\n${body}`}`;
}
