/**
 * A page's markdown as a document of its revision and back (resources/shared/markdown.ts):
 * links resolve from the folder of the page's file to pages (at an anchor) and files of the
 * revision, and are written back relative to the page that holds them.
 */
import { describe, expect, it } from 'vitest';
import { documentMarkdown, toDocument, type BodyPlace } from '../../../../src/resources/shared/markdown.ts';
import { findPage } from '../../../../src/resources/shared/page-tree.ts';
import type { FileRecord, PageRecord } from '../../../../src/store/records.ts';
import { withDocument } from '../../../../src/rules/page-document.ts';

const at = '2026-01-01T00:00:00.000Z';
function page(id: string, title: string, markdown: string, pages: PageRecord[] = []): PageRecord {
  return withDocument({ id, title, slug: title.toLowerCase().replace(/ /g, '-'), type: 'document' as const, markdown, createdAt: at, updatedAt: at, pages });
}

const WELCOME = '# Welcome\n\nRead [Onboarding](onboarding.md), the [equipment](policies/remote-work.md#equipment) and [a missing page](missing.md).\n\n![Team photo](.gitbook/assets/team-photo.png)\n';
const REMOTE = '# Remote work\n\nBack to the [welcome](../README.md) and the [policies](../policies.md). See [Equipment](#equipment).\n\n## Equipment\n\nThe [guide](../.gitbook/assets/home%20office.pdf) and [vendor](https://example.com/desk).\n';

const pages = [
  page('welcome', 'Welcome', WELCOME),
  page('onboarding', 'Onboarding', '# Onboarding\n'),
  page('policies', 'Policies', '# Policies\n', [page('remote', 'Remote work', REMOTE)]),
];
const files: FileRecord[] = [
  { id: 'photo', name: 'team-photo.png', contentType: 'image/png', size: 1 },
  { id: 'guide', name: 'home office.pdf', contentType: 'application/pdf', size: 1 },
];
const place = (id: string): BodyPlace => ({ revision: { pages, files }, entry: findPage(pages, id)! });

type Node = { type?: string; data?: { ref?: unknown }; nodes?: Node[] };
const refs = (nodes: Node[]): unknown[] => nodes.flatMap((n) => [...(n.data?.ref ? [n.data.ref] : []), ...refs(n.nodes ?? [])]);

describe('a page body as a document of its revision', () => {
  it('resolves links from the page\'s file: pages, a page at an anchor, files; a page the revision lacks stays a URL', () => {
    expect(refs(toDocument(WELCOME, place('welcome')).nodes as Node[])).toEqual([
      { kind: 'page', page: 'onboarding' },
      { kind: 'anchor', page: 'remote', anchor: 'equipment' },
      { kind: 'url', url: 'missing.md' },
      { kind: 'file', file: 'photo' },
    ]);
    expect(refs(toDocument(REMOTE, place('remote')).nodes as Node[])).toEqual([
      { kind: 'page', page: 'welcome' },
      { kind: 'page', page: 'policies' },
      { kind: 'anchor', page: 'remote', anchor: 'equipment' },
      { kind: 'file', file: 'guide' },
      { kind: 'url', url: 'https://example.com/desk' },
    ]);
  });

  it('writes the document back as the page\'s markdown, links relative to the page\'s file', () => {
    expect(documentMarkdown(toDocument(WELCOME, place('welcome')), place('welcome'))).toBe(WELCOME);
    expect(documentMarkdown(toDocument(REMOTE, place('remote')), place('remote'))).toBe(REMOTE);
  });

  it('reads a markdown a page wrote for another place to the same document from there', () => {
    const document = toDocument(REMOTE, place('remote'));
    const written = documentMarkdown(document, place('remote'));
    expect(toDocument(written, place('remote'))).toEqual(document);
  });
});
