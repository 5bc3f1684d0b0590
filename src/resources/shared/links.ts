/**
 * Links in markdown: found, resolved against the revision's pages and files, and given a
 * status. Relative links resolve from the folder of the page's file (see shared/page-tree);
 * `ok` means the target exists or is an external URL, `broken` that a relative target does
 * not exist in the revision, `in-app` that the URL points into the GitBook app.
 */
import type { FileRecord, RevisionRecord } from '../../store/records.ts';
import { APP_ORIGIN } from './present.ts';
import { linkHrefs } from '../../text/markdown.ts';
import { fileAssetPath, pageEntries, type PageEntry } from './page-tree.ts';

export type LinkStatus = 'ok' | 'broken' | 'in-app';

export type LinkTarget =
  | { kind: 'page'; page: PageEntry }
  | { kind: 'file'; file: FileRecord }
  | { kind: 'url'; url: string };

export interface FoundLink {
  href: string;
  status: LinkStatus;
  target: LinkTarget;
  /** The page the link is written in. */
  from: PageEntry;
}

/** `a/b/../c.md` from folder `x` → `x/a/c.md`; undefined when it leaves the root. */
function resolvePath(folder: string, href: string): string | undefined {
  const parts = href.startsWith('/') ? [] : folder.split('/').filter(Boolean);
  for (const seg of href.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(seg);
  }
  return parts.join('/');
}

export class LinkResolver {
  private readonly byFile = new Map<string, PageEntry>();
  private readonly files = new Map<string, FileRecord>();
  readonly entries: PageEntry[];

  constructor(revision: Pick<RevisionRecord, 'pages' | 'files'>) {
    this.entries = pageEntries(revision.pages);
    for (const e of this.entries) {
      for (const name of [e.file, `${e.path}.md`, `${e.path}/README.md`, e.path]) if (!this.byFile.has(name)) this.byFile.set(name, e);
    }
    for (const f of revision.files) this.files.set(fileAssetPath(f), f);
  }

  resolve(from: PageEntry, href: string): Omit<FoundLink, 'from' | 'href'> {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) {
      const inApp = href.startsWith(`${APP_ORIGIN}/`) || href === APP_ORIGIN;
      return { status: inApp ? 'in-app' : 'ok', target: { kind: 'url', url: href } };
    }
    const raw = href.replace(/[?#].*$/, '');
    let path = raw;
    try {
      path = decodeURI(raw);
    } catch {
      // A malformed escape: resolve the text as written.
    }
    if (path === '') return { status: 'ok', target: { kind: 'page', page: from } };
    const folder = from.file.includes('/') ? from.file.slice(0, from.file.lastIndexOf('/')) : '';
    const resolved = resolvePath(folder, path);
    const page = resolved === undefined ? undefined : this.byFile.get(resolved.replace(/\/$/, ''));
    if (page) return { status: 'ok', target: { kind: 'page', page } };
    const file = resolved === undefined ? undefined : this.files.get(resolved);
    if (file) return { status: 'ok', target: { kind: 'file', file } };
    return { status: 'broken', target: { kind: 'url', url: href } };
  }

  /** Every link written in `pages` (default: every page), in page order. */
  links(pages: PageEntry[] = this.entries): FoundLink[] {
    return pages.flatMap((from) => linkHrefs(from.page.markdown).map((href) => ({ href, from, ...this.resolve(from, href) })));
  }
}

/** A stable key of a link's target, to group the places that link to the same thing. */
export function targetKey(link: Pick<FoundLink, 'target' | 'status'>): string {
  const t = link.target;
  if (t.kind === 'page') return `page:${t.page.page.id}`;
  if (t.kind === 'file') return `file:${t.file.id}`;
  return `url:${t.url}`;
}
