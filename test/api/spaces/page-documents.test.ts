/**
 * Issue 43 (F5): a page's document, as GitBook's renderer reads it through the official
 * client, holds the page's links, images, code and marks: links to pages name pages of the
 * revision, images name its files, and the markdown answer reads back to the same document.
 */
import { describe, expect, it } from 'vitest';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { expectOfficial } from '../../helpers/official.ts';

const gb = useGitBookMock({ wallClock: () => 0 });

type Node = { object: string; type?: string; data?: Record<string, any>; nodes?: Node[]; fragments?: Node[]; leaves?: { text: string; marks: { type: string }[] }[] };

function nodesOf(nodes: readonly Node[]): Node[] {
  return nodes.flatMap((n) => [n, ...nodesOf(n.nodes ?? []), ...nodesOf(n.fragments ?? [])]);
}

async function documentOf(space: string, page: string, query: { evaluated?: boolean } = {}) {
  const api = gb.client('reader').spaces;
  const revision = (await api.getCurrentRevision(gb.id('spaces', space))).data;
  const { data } = await api.getPageDocumentInRevisionById(gb.id('spaces', space), revision.id, gb.id('pages', page), query);
  expectOfficial('getPageDocumentInRevisionById', 200, data);
  return { revision, document: data as unknown as { nodes: Node[] }, nodes: nodesOf((data as unknown as { nodes: Node[] }).nodes) };
}

describe('page documents', () => {
  it('links the welcome page to the pages it names and shows the team photo from the revision\'s files', async () => {
    const { revision, document, nodes } = await documentOf('handbook', 'welcome');
    const links = nodes.filter((n) => n.type === 'link');
    expect(links.map((l) => [l.nodes?.[0].leaves?.[0].text, l.data?.ref])).toEqual([
      ['Onboarding', { kind: 'page', page: gb.id('pages', 'onboarding') }],
      ['remote work policy', { kind: 'page', page: gb.id('pages', 'remote-work') }],
    ]);
    const image = nodes.find((n) => n.type === 'image');
    expect(image?.data).toEqual({ ref: { kind: 'file', file: gb.id('files', 'team-photo') }, alt: 'Team photo' });
    expect(revision.files.find((f) => f.id === image?.data?.ref.file)).toMatchObject({ name: 'team-photo.png', contentType: 'image/png' });
    // The title is the page's, not a block; the section heading keeps its anchor.
    expect(document.nodes.map((n) => n.type)).toEqual(['paragraph', 'images', 'heading-2', 'paragraph']);
    expect(nodes.find((n) => n.type === 'heading-2')).toMatchObject({ meta: { id: 'how-to-change-this-handbook' } });
  });

  it('keeps the variable as an expression, and its value when evaluated', async () => {
    const raw = await documentOf('handbook', 'welcome');
    expect(raw.nodes.find((n) => n.type === 'expression')?.data).toEqual({ expression: 'space.vars.company' });
    const evaluated = await documentOf('handbook', 'welcome', { evaluated: true });
    expect(evaluated.nodes.some((n) => n.type === 'expression')).toBe(false);
    expect(JSON.stringify(evaluated.document)).toContain('how we work at Acme Corporation.');
  });

  it('resolves every page and file a document of the starter names to one of its revision', async () => {
    const api = gb.client('reader').spaces;
    let refs = 0;
    for (const space of ['handbook', 'api-docs', 'globex-guide']) {
      const revision = (await api.getCurrentRevision(gb.id('spaces', space))).data;
      type Page = { id: string; pages?: Page[] };
      const ids = (pages: readonly Page[]): string[] => pages.flatMap((p) => [p.id, ...ids(p.pages ?? [])]);
      const pageIds = new Set(ids(revision.pages as Page[]));
      const fileIds = new Set(revision.files.map((f) => f.id));
      for (const pageId of pageIds) {
        const { data } = await api.getPageDocumentInRevisionById(gb.id('spaces', space), revision.id, pageId);
        expectOfficial('getPageDocumentInRevisionById', 200, data);
        for (const node of nodesOf((data as unknown as { nodes: Node[] }).nodes)) {
          const ref = node.data?.ref;
          if (ref?.kind === 'page' || (ref?.kind === 'anchor' && ref.page)) expect(pageIds).toContain(ref.page);
          if (ref?.kind === 'file') expect(fileIds).toContain(ref.file);
          if (ref && ref.kind !== 'url') refs++;
        }
      }
    }
    expect(refs).toBeGreaterThanOrEqual(8);
  });

  it('links to URLs as written: external, in the app, and a page the revision lacks', async () => {
    const onboarding = await documentOf('handbook', 'onboarding');
    expect(onboarding.nodes.filter((n) => n.type === 'link').map((l) => l.data?.ref)).toEqual([
      { kind: 'url', url: 'security-checklist.md' },
      { kind: 'page', page: gb.id('pages', 'welcome') },
    ]);
    const expenses = await documentOf('handbook', 'expenses');
    expect(expenses.nodes.filter((n) => n.type === 'link').map((l) => l.data?.ref)).toEqual([{ kind: 'url', url: 'https://app.gitbook.com/o/acme/s/forms/expense-form' }]);
  });

  it('gives a code block its language and lines, and inline code its mark', async () => {
    const { nodes } = await documentOf('api-docs', 'api-auth');
    const code = nodes.find((n) => n.type === 'code');
    expect(code?.data).toEqual({ syntax: 'http' });
    expect(code?.nodes?.map((line) => line.nodes?.[0].leaves?.[0].text)).toEqual(['GET /v1/widgets HTTP/1.1', 'Authorization: Bearer <key>']);
    const leaves = nodes.flatMap((n) => n.leaves ?? []);
    expect(leaves.find((l) => l.marks.some((m) => m.type === 'code'))?.text).toBe('Authorization');
  });

  it('answers the same page in markdown with the links and the image the document holds', async () => {
    const api = gb.client('reader').spaces;
    const revision = (await api.getCurrentRevision(gb.id('spaces', 'handbook'))).data;
    const { data } = await api.getPageInRevisionById(gb.id('spaces', 'handbook'), revision.id, gb.id('pages', 'welcome'), { format: 'markdown' });
    const markdown = (data as { markdown: string }).markdown;
    expect(markdown).toContain('[Onboarding](onboarding.md)');
    expect(markdown).toContain('![Team photo](.gitbook/assets/team-photo.png)');
    expect(markdown.startsWith('# Welcome to Acme\n')).toBe(true);
  });
});
