/** Semantic changes between two contents, without HTTP. */
import { describe, expect, it } from 'vitest';
import { semanticChanges } from '../../../src/rules/semantic-changes.ts';
import { documentIdOf, withDocument } from '../../../src/rules/page-document.ts';
import type { FileRecord, PageRecord } from '../../../src/store/records.ts';

const T = '2026-01-01T00:00:00.000Z';
const page = (id: string, pages: PageRecord[] = [], extra: Partial<PageRecord> = {}): PageRecord => withDocument({
  id, title: id.toUpperCase(), slug: id, type: 'document' as const, markdown: `# ${id}`, createdAt: T, updatedAt: T, pages, ...extra,
});
const file = (id: string, size = 1): FileRecord => ({ id, name: `${id}.png`, contentType: 'image/png', size });
const content = (pages: PageRecord[], files: FileRecord[] = [], variables: Record<string, string> = {}) => ({ pages, files, reusableContents: [], variables });

describe('semanticChanges', () => {
  it('finds nothing between equal contents', () => {
    const c = content([page('a', [page('b')])], [file('f')], { v: '1' });
    expect(semanticChanges(c, c)).toEqual([]);
  });

  it('reports created, edited, moved and deleted pages with their paths', () => {
    const base = content([page('a', [page('b')]), page('c'), page('gone')]);
    const head = content([page('a'), page('c', [page('b', [], { title: 'Bee' })]), page('new')]);
    const changes = semanticChanges(base, head);
    expect(changes).toEqual([
      { type: 'page_edited', page: { id: 'b', type: 'document', title: 'Bee', path: 'c/b' }, attributes: { title: { before: 'B', after: 'Bee' } } },
      {
        type: 'page_moved',
        page: { id: 'b', type: 'document', title: 'Bee', path: 'c/b' },
        parent: { before: { id: 'a', type: 'document', title: 'A', path: 'a' }, after: { id: 'c', type: 'document', title: 'C', path: 'c' } },
      },
      { type: 'page_created', page: { id: 'new', type: 'document', title: 'NEW', path: 'new' } },
      { type: 'page_deleted', page: { id: 'gone', type: 'document', title: 'GONE', path: 'gone' } },
    ]);
  });

  it('reports a text edit as a new document id', () => {
    const before = page('a');
    const after = page('a', [], { markdown: '# changed' });
    expect(semanticChanges(content([before]), content([after]))).toEqual([
      expect.objectContaining({ type: 'page_edited', attributes: { document: { before: documentIdOf(before), after: documentIdOf(after) } } }),
    ]);
  });

  it('reports files and variables', () => {
    const changes = semanticChanges(content([], [file('a'), file('b')], { x: '1', y: '2' }), content([], [file('a', 9), file('c')], { x: '1', y: '3', z: '4' }));
    expect(changes.map((c) => c.type)).toEqual(['file_edited', 'file_created', 'file_deleted', 'variables_edited']);
    expect(changes[0]).toMatchObject({ attributes: { size: { before: 1, after: 9 } } });
    expect(changes[3]).toEqual({ type: 'variables_edited', variables: { y: { before: '2', after: '3' }, z: { after: '4' } } });
  });
});
