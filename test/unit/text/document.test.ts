/**
 * Markdown to a GitBook JSON document and back (src/text/document.ts, document-markdown.ts):
 * each kind of node, every document valid against the official `JSONDocument`, and the round
 * trip markdown → document → markdown → document giving the same document, for a page
 * holding every kind and for every page of every built-in scenario.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToDocument } from '../../../src/text/document.ts';
import { documentToMarkdown } from '../../../src/text/document-markdown.ts';
import type { BlockNode, ContentRef, JsonDocument } from '../../../src/text/document-nodes.ts';
import { formatErrors, officialComponent } from '../../helpers/official.ts';

/** Links to `*.md` are pages, to `.gitbook/assets/` files, the rest URLs: as a revision would answer. */
function ref(href: string): ContentRef {
  const [path, anchor] = href.split('#');
  if (path.startsWith('.gitbook/assets/')) return { kind: 'file', file: `file:${path.slice(16)}` };
  if (/^[\w/-]+\.md$/.test(path)) return anchor ? { kind: 'anchor', page: `page:${path}`, anchor } : { kind: 'page', page: `page:${path}` };
  if (path === '' && anchor) return { kind: 'anchor', anchor };
  return { kind: 'url', url: href };
}

function href(r: ContentRef): string {
  if (r.kind === 'file') return `.gitbook/assets/${r.file.slice(5)}`;
  if (r.kind === 'page') return r.page.slice(5);
  if (r.kind === 'anchor') return `${r.page ? r.page.slice(5) : ''}#${r.anchor}`;
  if (r.kind === 'openapi') return `https://specs.test/${r.spec}.json`;
  return r.url;
}

const read = (markdown: string, title?: string) => markdownToDocument(markdown, { ref, title });
const write = (document: JsonDocument) => documentToMarkdown(document, { href });

function expectValid(document: unknown) {
  const validate = officialComponent('JSONDocument');
  if (!validate(document)) throw new Error(`not an official JSONDocument:\n${formatErrors(validate)}`);
}

/** Every node of the document, depth first, fragments included. */
function nodesOf(nodes: readonly unknown[]): Record<string, unknown>[] {
  return (nodes as Record<string, unknown>[]).flatMap((n) => [n, ...nodesOf((n.nodes as unknown[]) ?? []), ...nodesOf((n.fragments as unknown[]) ?? [])]);
}

/** GitBook's markdown as this writer writes it: read and written back, it is the same text. */
const EVERY_KIND = `Read [Onboarding](onboarding.md) **first**, *then* ~~never~~ the \`config.yml\` of <code class="expression">space.vars.company</code>.

![Team photo](.gitbook/assets/team-photo.png)

## Day one

See [the form](https://example.com/form), [equipment](policies/remote-work.md#equipment) and [below](#day-two).

* Laptop
* Badge with **photo**
  * nested

1. Sign in
2. Read the [handbook](README.md)

- [x] Contract signed
- [ ] Laptop collected

> Quoted *advice*
>
> and more

\`\`\`http
GET /v1/widgets HTTP/1.1
Authorization: Bearer <key>
\`\`\`

{% code title="setup.sh" lineNumbers="true" %}
\`\`\`sh
npm ci
\`\`\`
{% endcode %}

{% hint style="warning" %}
Travel over **500 EUR** needs approval.
{% endhint %}

| Item | Limit |
| :-- | --: |
| Meals | **60 EUR** |
| Hotel | 150 EUR |

***

{% file src=".gitbook/assets/expenses.pdf" %}
{% endfile %}

{% embed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" %}

{% content-ref url="policies/expenses.md" %}
[policies/expenses.md](policies/expenses.md)
{% endcontent-ref %}

{% openapi-operation spec="petstore" path="/pets/{petId}" method="get" %}
[OpenAPI petstore](https://specs.test/petstore.json)
{% endopenapi-operation %}

<figure><img src=".gitbook/assets/office.png" alt="The office"><figcaption><p>Our office</p></figcaption></figure>
`;

describe('markdown to a document', () => {
  const document = read(EVERY_KIND);
  const blocks = document.nodes;
  const all = nodesOf(blocks);
  const ofType = (type: string) => all.filter((n) => n.type === type) as unknown as BlockNode[];

  it('is an official JSONDocument, node for node', () => {
    expectValid(document);
    // The check can fail: a hint holding a code block is not one.
    const wrong = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'hint', data: { style: 'info' }, nodes: [ofType('code')[0]] }] };
    expect(officialComponent('JSONDocument')(wrong)).toBe(false);
  });

  it('keeps the order and the kind of every block', () => {
    expect(blocks.map((b) => b.type)).toEqual([
      'paragraph', 'images', 'heading-2', 'paragraph', 'list-unordered', 'list-ordered', 'list-tasks', 'blockquote',
      'code', 'code', 'hint', 'table', 'divider', 'file', 'embed', 'content-ref', 'openapi-operation', 'images',
    ]);
  });

  it('gives marks to text: bold, italic, strikethrough, code', () => {
    const leaves = (blocks[0].nodes ?? []).flatMap((n) => ('leaves' in n ? n.leaves : []));
    expect(leaves.filter((l) => l.marks.length).map((l) => [l.text, l.marks.map((m) => m.type)])).toEqual([
      ['first', ['bold']],
      ['then', ['italic']],
      ['never', ['strikethrough']],
      ['config.yml', ['code']],
    ]);
  });

  it('makes links to pages, anchors, URLs and files, and variables', () => {
    const links = ofType('link').map((l) => l.data.ref);
    expect(links).toEqual([
      { kind: 'page', page: 'page:onboarding.md' },
      { kind: 'url', url: 'https://example.com/form' },
      { kind: 'anchor', page: 'page:policies/remote-work.md', anchor: 'equipment' },
      { kind: 'anchor', anchor: 'day-two' },
      { kind: 'page', page: 'page:README.md' },
    ]);
    expect(ofType('expression').map((e) => e.data)).toEqual([{ expression: 'space.vars.company' }]);
  });

  it('makes an image alone in its paragraph an image block of the file, with its alt text and caption', () => {
    expect(ofType('image').map((i) => i.data)).toEqual([
      { ref: { kind: 'file', file: 'file:team-photo.png' }, alt: 'Team photo' },
      { ref: { kind: 'file', file: 'file:office.png' }, alt: 'The office' },
    ]);
    expect(ofType('image')[1].fragments).toEqual([expect.objectContaining({ fragment: 'caption', nodes: [expect.objectContaining({ type: 'paragraph' })] })]);
    // In running text an image stays inline.
    expect(nodesOf(read('See ![logo](.gitbook/assets/logo.png) here.').nodes).find((n) => n.type === 'inline-image')).toMatchObject({ data: { ref: { kind: 'file', file: 'file:logo.png' }, alt: 'logo' }, isVoid: true });
  });

  it('gives headings their anchor, unique in the document', () => {
    expect(read('## Setup\n\n## Setup\n\n#### Deep & deeper').nodes.map((n) => [n.type, n.meta?.id])).toEqual([
      ['heading-2', 'setup'],
      ['heading-2', 'setup-1'],
      ['heading-3', 'deep-deeper'],
    ]);
  });

  it('makes lists: bulleted with nesting, ordered from their start, tasks with their state', () => {
    const [bulleted, ordered, tasks] = blocks.slice(4, 7);
    expect((bulleted.nodes as BlockNode[])[1].nodes?.map((n) => (n as BlockNode).type)).toEqual(['paragraph', 'list-unordered']);
    expect(ordered.data).toEqual({});
    expect(read('3. three\n4. four').nodes[0].data).toEqual({ start: 3 });
    expect((tasks.nodes as BlockNode[]).map((i) => i.data)).toEqual([{ checked: true }, { checked: false }]);
  });

  it('gives code blocks their language, lines and options', () => {
    const [http, sh] = ofType('code');
    expect(http.data).toEqual({ syntax: 'http' });
    expect(http.nodes?.map((line) => (line as BlockNode).type)).toEqual(['code-line', 'code-line']);
    expect(JSON.stringify(http.nodes)).toContain('Authorization: Bearer <key>');
    expect(sh.data).toEqual({ syntax: 'sh', title: 'setup.sh', lineNumbers: true });
  });

  it('makes hints with their style (info when the style is unknown), quotes, embeds, files and page cards', () => {
    expect(ofType('hint')[0].data).toEqual({ style: 'warning' });
    expect(read('{% hint style="purple" %}\nx\n{% endhint %}').nodes[0].data).toEqual({ style: 'info' });
    expect(ofType('blockquote')[0].nodes?.map((n) => (n as BlockNode).type)).toEqual(['paragraph', 'paragraph']);
    expect(ofType('embed')[0].data).toEqual({ url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    expect(ofType('file')[0].data).toEqual({ ref: { kind: 'file', file: 'file:expenses.pdf' } });
    expect(ofType('content-ref')[0].data).toEqual({ ref: { kind: 'page', page: 'page:policies/expenses.md' } });
  });

  it('makes an OpenAPI operation a block that points at the spec by its slug, whatever link the tag holds', () => {
    expect(ofType('openapi-operation')[0]).toEqual({ object: 'block', type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets/{petId}', method: 'get' }, isVoid: true });
    const written = read('{% openapi-operation spec="petstore" path="/pets" method="POST" %}\n[Broken link](broken-reference)\n{% endopenapi-operation %}');
    expect(written.nodes).toEqual([{ object: 'block', type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'post' }, isVoid: true }]);
    // Without the spec, path or method it points at nothing: its content is kept as text.
    expect(read('{% openapi-operation path="/pets" method="get" %}\nno spec\n{% endopenapi-operation %}').nodes.map((n) => n.type)).toEqual(['paragraph']);
  });

  it('makes a table a grid of text columns whose cells are fragments, rows in order', () => {
    const table = ofType('table')[0];
    const data = table.data as { view: { columns: string[] }; records: Record<string, { orderIndex: string; values: Record<string, string> }>; definition: Record<string, { title: string; textAlignment: string }> };
    expect(data.view.columns.map((c) => [data.definition[c].title, data.definition[c].textAlignment])).toEqual([
      ['Item', 'left'],
      ['Limit', 'right'],
    ]);
    const rows = Object.values(data.records).sort((a, b) => a.orderIndex.localeCompare(b.orderIndex));
    const cell = (name: string) => JSON.stringify(table.fragments?.find((f) => f.fragment === name)?.nodes);
    expect(rows.map((r) => data.view.columns.map((c) => cell(r.values[c]).match(/"text":"([^"]*)"/)?.[1]))).toEqual([
      ['Meals', '60 EUR'],
      ['Hotel', '150 EUR'],
    ]);
  });

  it('puts what a container may not hold as paragraphs of its content, still official', () => {
    const nested = read('> ```js\n> let a;\n> ```\n\n{% hint style="info" %}\n![x](.gitbook/assets/x.png)\n\n> quote\n{% endhint %}\n\n- ![y](.gitbook/assets/y.png)');
    expectValid(nested);
    expect(nodesOf(nested.nodes).map((n) => n.type).filter(Boolean)).toEqual([
      'blockquote', 'paragraph', 'hint', 'paragraph', 'inline-image', 'paragraph', 'list-unordered', 'list-item', 'paragraph', 'inline-image',
    ]);
  });

  it('keeps a link to what it may hold: a variable in its text is text', () => {
    const document = read('[Docs of <code class="expression">space.vars.company</code>](https://example.com)');
    expectValid(document);
    expect(JSON.stringify(document.nodes[0].nodes)).toContain('"text":"space.vars.company"');
  });

  it('takes a first heading that repeats the title as the title, and keeps any other', () => {
    expect(read('# Onboarding\n\nText', 'Onboarding').nodes.map((n) => n.type)).toEqual(['paragraph']);
    expect(read('# Other\n\nText', 'Onboarding').nodes.map((n) => n.type)).toEqual(['heading-1', 'paragraph']);
  });

  it('decodes character references in text, not in code', () => {
    expect(JSON.stringify(read('Fish &amp; chips `a &amp; b`'))).toContain('"text":"Fish & chips "');
    expect(JSON.stringify(read('Fish &amp; chips `a &amp; b`'))).toContain('"text":"a &amp; b"');
  });
});

describe('a document back to markdown', () => {
  it('writes GitBook\'s markdown as it was written', () => {
    expect(write(read(EVERY_KIND))).toBe(EVERY_KIND);
  });

  it('escapes text that markdown would read as marks, links, lists or headings', () => {
    const text = '# not a heading\n1. not a list\n- nor this\n*stars* _under_ [brackets] `ticks` <tag> &amp; ~~tilde~~ {% hint %} \\ back';
    const document: JsonDocument = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }] };
    expect(read(write(document))).toEqual(document);
  });

  it('writes text that starts with spaces as a paragraph, not as indented code', () => {
    const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: '    four spaces\n    after a break', marks: [] }] }] }] };
    expect(read(write(document as JsonDocument)).nodes.map((n) => [n.type, nodesOf(n.nodes ?? []).map((t) => (t as { leaves?: { text: string }[] }).leaves?.[0].text)])).toEqual([['paragraph', ['four spaces\nafter a break']]]);
  });

  it('opens and closes marks as the text runs, whitespace outside them', () => {
    const leaf = (text: string, ...marks: string[]) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) });
    const document = { object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [leaf('bold ', 'bold'), leaf('and italic', 'bold', 'italic'), leaf(' plain '), leaf('a`b', 'code')] }] }] };
    expect(write(document as JsonDocument)).toBe('**bold *and italic*** plain ``a`b``\n');
    expect(read(write(document as JsonDocument))).toEqual(document);
  });
});

describe('every page of every built-in scenario', () => {
  const dir = fileURLToPath(new URL('../../../scenarios/', import.meta.url));
  const pages: [string, string][] = [];
  const collect = (value: unknown, where: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => collect(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) (k === 'markdown' && typeof v === 'string' ? pages.push([where, v]) : collect(v, `${where}.${k}`));
    }
  };
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) collect(JSON.parse(readFileSync(`${dir}${file}`, 'utf8')), file);

  it('has pages to read', () => expect(pages.length).toBeGreaterThan(10));

  it.each(pages)('%s: an official document that survives the round trip', (_, markdown) => {
    const document = read(markdown);
    expectValid(document);
    expect(read(write(document))).toEqual(document);
  });
});

describe('any markdown', () => {
  /** Markdown made of the pieces that open GitBook's blocks and marks, in any order. */
  const PIECES = ['# ', '## ', '#### ', '- ', '* ', '1. ', '3) ', '- [ ] ', '- [x] ', '> ', '```js\n', '```', '`', '**', '*', '_', '~~', '[', ']', '(', ')', '](a.md)', '](https://x.y/z)',
    '![a](.gitbook/assets/p.png)', '<code class="expression">space.vars.v</code>', '{% hint style="info" %}\n', '{% endhint %}\n', '{% embed url="https://e.x" %}\n',
    '| a | b |\n|---|---|\n| 1 | 2 |\n', '***\n', '\n', '\n\n', '  ', 'word', 'text ', '&amp;', '<br>', '<b>', '\\', '    indented', '<figure><img src="x.png" alt="q"><figcaption>c</figcaption></figure>\n'];
  const markdown = fc.oneof(fc.array(fc.constantFrom(...PIECES), { maxLength: 25 }).map((a) => a.join('')), fc.string({ maxLength: 200 }));

  it('gives an official document, and once written, the same document on every round trip', () => {
    const validate = officialComponent('JSONDocument');
    fc.assert(
      fc.property(markdown, (text) => {
        const first = read(text);
        expect(validate(first), formatErrors(validate)).toBe(true);
        const written = read(write(first));
        expect(validate(written), formatErrors(validate)).toBe(true);
        expect(read(write(written))).toEqual(written);
      }),
      { seed: 43, numRuns: 400 },
    );
  });
});
