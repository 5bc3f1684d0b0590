/**
 * A GitBook JSON document written as GitBook's markdown: what text/document.ts reads back into
 * the same nodes. Marks are opened and closed as the text runs (`**bold *and italic***`), code
 * blocks fenced with their language, hints, files, embeds, page cards and OpenAPI operations as
 * `{% ... %}` tags, tables as GitHub's pipe tables, images with a caption as the `<figure>` GitBook writes.
 * A node this writer does not know keeps its text, as a paragraph.
 *
 * Where a reference points is the caller's to say (`href`): a page's file relative to the
 * page written, a file under `.gitbook/assets/` (resources/shared/markdown.ts).
 */
import { encodeEntities } from './html-bits.ts';
import { nodeText, type BlockNode, type ContentRef, type FragmentNode, type InlineNode, type Leaf, type MarkType, type TextNode } from './document-nodes.ts';

export interface MarkdownOptions {
  /** The link target written for a reference (default: a URL as it is, an anchor as `#anchor`). */
  href?: (ref: ContentRef) => string;
}

type Href = (ref: ContentRef) => string;

const defaultHref: Href = (ref) => (ref.kind === 'url' ? ref.url : ref.kind === 'anchor' ? `#${ref.anchor}` : '');

export function documentToMarkdown(document: { nodes: readonly unknown[] }, options: MarkdownOptions = {}): string {
  const text = blocksMarkdown(document.nodes as BlockNode[], options.href ?? defaultHref);
  return text ? `${text}\n` : '';
}

function blocksMarkdown(nodes: readonly BlockNode[], href: Href): string {
  return nodes
    .map((node) => blockMarkdown(node, href))
    .filter((text) => text !== '')
    .join('\n\n');
}

function blockMarkdown(node: BlockNode, href: Href): string {
  const children = (node.nodes ?? []) as BlockNode[];
  const data = node.data ?? {};
  switch (node.type) {
    case 'paragraph':
      return escapeLineStarts(inlinesMarkdown(node.nodes ?? [], href).replace(/^[ \t]+/gm, ''));
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return `${'#'.repeat(Number(node.type.slice(-1)))} ${inlinesMarkdown(node.nodes ?? [], href).replace(/\n/g, ' ')}`;
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return children.map((item, i) => listItem(node, item, i, href)).join('\n');
    case 'code':
      return codeMarkdown(node);
    case 'blockquote':
      return blocksMarkdown(children, href)
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'hint':
      return `{% hint style="${String(data.style ?? 'info')}" %}\n${blocksMarkdown(children, href)}\n{% endhint %}`;
    case 'divider':
      return '***';
    case 'images':
      return imagesMarkdown(children, href);
    case 'image':
      return imagesMarkdown([node], href);
    case 'file':
      return `{% file src="${attr(href(data.ref as ContentRef))}" %}\n{% endfile %}`;
    case 'embed':
      return `{% embed url="${attr(String(data.url ?? ''))}" %}`;
    case 'content-ref': {
      const target = href(data.ref as ContentRef);
      return `{% content-ref url="${attr(target)}" %}\n[${escapeText(target)}](${destination(target)})\n{% endcontent-ref %}`;
    }
    case 'openapi-operation': {
      const spec = (data.ref as { spec?: string } | undefined)?.spec ?? '';
      const source = href({ kind: 'openapi', spec });
      const link = source ? `[OpenAPI ${escapeText(spec)}](${destination(source)})\n` : '';
      return `{% openapi-operation spec="${attr(spec)}" path="${attr(String(data.path ?? ''))}" method="${attr(String(data.method ?? ''))}" %}\n${link}{% endopenapi-operation %}`;
    }
    case 'table':
      return tableMarkdown(node, href);
    default:
      return children.some((c) => c.object === 'block') ? blocksMarkdown(children, href) : escapeLineStarts(escapeText(nodeText(node)));
  }
}

function listItem(list: BlockNode, item: BlockNode, index: number, href: Href): string {
  const start = typeof list.data?.start === 'number' ? list.data.start : 1;
  const marker = list.type === 'list-ordered' ? `${start + index}. ` : list.type === 'list-tasks' ? `- [${item.data?.checked ? 'x' : ' '}] ` : '* ';
  const parts = ((item.nodes ?? []) as BlockNode[]).map((block) => ({ block, text: blockMarkdown(block, href) }));
  // A list right under the item's text needs no blank line; other blocks are paragraphs of the item.
  const body = parts.map((p, i) => (i === 0 ? p.text : (p.block.type.startsWith('list-') ? '\n' : '\n\n') + p.text)).join('');
  const indent = ' '.repeat(list.type === 'list-tasks' ? 2 : marker.length);
  return marker + body.split('\n').map((line, i) => (i === 0 || line === '' ? line : indent + line)).join('\n');
}

function codeMarkdown(node: BlockNode): string {
  const code = ((node.nodes ?? []) as BlockNode[]).map(nodeText).join('\n');
  const fence = '`'.repeat(Math.max(3, longestRun(code, '`') + 1));
  const data = node.data ?? {};
  // An empty block has no line between its fences (one empty line between them is a line).
  const block = `${fence}${typeof data.syntax === 'string' ? data.syntax : ''}\n${code && `${code}\n`}${fence}`;
  const options = [
    typeof data.title === 'string' && `title="${attr(data.title)}"`,
    data.lineNumbers === true && 'lineNumbers="true"',
    data.overflow === 'wrap' && 'overflow="wrap"',
  ].filter(Boolean);
  return options.length ? `{% code ${options.join(' ')} %}\n${block}\n{% endcode %}` : block;
}

function imagesMarkdown(images: readonly BlockNode[], href: Href): string {
  const captions = images.map((image) => {
    const caption = image.fragments?.find((f) => f.fragment === 'caption');
    return caption ? nodeText(caption) : '';
  });
  if (captions.every((text) => text === '')) return images.map((image) => imageMarkdown(image.data, href)).join(' ');
  return images
    .map((image, i) => {
      const alt = typeof image.data.alt === 'string' ? image.data.alt : '';
      return `<figure><img src="${encodeEntities(href(image.data.ref as ContentRef))}" alt="${encodeEntities(alt)}"><figcaption><p>${encodeEntities(captions[i])}</p></figcaption></figure>`;
    })
    .join('\n\n');
}

function imageMarkdown(data: Record<string, unknown>, href: Href): string {
  const alt = typeof data.alt === 'string' ? data.alt : '';
  return `![${escapeText(alt)}](${destination(href(data.ref as ContentRef))})`;
}

function tableMarkdown(node: BlockNode, href: Href): string {
  const data = node.data as {
    view?: { columns?: string[] };
    records?: Record<string, { orderIndex: string; values: Record<string, unknown> }>;
    definition?: Record<string, { title?: string; textAlignment?: string }>;
  };
  const columns = data.view?.columns ?? Object.keys(data.definition ?? {});
  if (!columns.length) return '';
  const fragments = new Map((node.fragments ?? []).map((f): [string, FragmentNode] => [f.fragment, f]));
  const cell = (value: unknown): string => {
    const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
    if (fragment) return blocksMarkdown(fragment.nodes, href).replace(/\|/g, '\\|').replace(/\n+/g, '<br>');
    return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
  };
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const align = { left: ':--', center: ':-:', right: '--:' } as Record<string, string>;
  const records = Object.values(data.records ?? {}).sort((a, b) => a.orderIndex.localeCompare(b.orderIndex));
  return [
    row(columns.map((c) => escapeText(data.definition?.[c]?.title ?? '').replace(/\|/g, '\\|'))),
    row(columns.map((c) => align[data.definition?.[c]?.textAlignment ?? 'left'] ?? '---')),
    ...records.map((r) => row(columns.map((c) => cell(r.values[c])))),
  ].join('\n');
}

/** Bold outermost, then italic, then strikethrough; code is written as a span, not a delimiter. */
const ORDER: MarkType[] = ['bold', 'italic', 'strikethrough'];
const DELIMITER: Record<string, string> = { bold: '**', italic: '*', strikethrough: '~~' };

function inlinesMarkdown(nodes: readonly (TextNode | InlineNode | BlockNode)[], href: Href): string {
  const leaves: (Leaf | InlineNode)[] = nodes.flatMap((node): (Leaf | InlineNode)[] => (node.object === 'text' ? node.leaves : node.object === 'inline' ? [node] : []));
  let out = '';
  let open: MarkType[] = [];
  let pending = '';
  const move = (want: MarkType[]) => {
    let keep = 0;
    while (keep < open.length && want.includes(open[keep])) keep++;
    for (const mark of open.slice(keep).reverse()) out += DELIMITER[mark];
    open = open.slice(0, keep);
    out += pending;
    pending = '';
    for (const mark of want) if (!open.includes(mark)) (out += DELIMITER[mark]), open.push(mark);
  };
  for (const piece of leaves) {
    if (piece.object === 'inline') {
      move([]);
      out += inlineMarkdown(piece, href);
      continue;
    }
    // Whitespace around the text goes outside its marks (`**bold** `, not `**bold **`, which is no mark).
    const core = piece.text.trim();
    const lead = piece.text.slice(0, piece.text.length - piece.text.trimStart().length);
    const trail = piece.text.slice(lead.length + core.length);
    if (!core) {
      pending += breaks(piece.text);
      continue;
    }
    const marks = piece.marks.map((m) => m.type);
    pending += breaks(lead);
    move(ORDER.filter((m) => marks.includes(m)));
    out += marks.includes('code') ? codeSpan(core) : breaks(escapeText(core));
    pending = breaks(trail);
  }
  move([]);
  return out;
}

/** A line break in the text is a hard break in markdown: a backslash ending the line. */
function breaks(text: string): string {
  return text.replace(/\n/g, '\\\n');
}

function inlineMarkdown(node: InlineNode, href: Href): string {
  if (node.type === 'expression') return `<code class="expression">${node.data.expression ?? ''}</code>`;
  if (node.type === 'inline-image') return imageMarkdown(node.data, href);
  if (node.type === 'link' && node.data.ref) return `[${inlinesMarkdown(node.nodes ?? [], href)}](${destination(href(node.data.ref))})`;
  return inlinesMarkdown(node.nodes ?? [], href);
}

function codeSpan(text: string): string {
  // A code span holds no line break.
  const code = text.replace(/\n/g, ' ');
  const ticks = '`'.repeat(longestRun(code, '`') + 1);
  const pad = code.startsWith('`') || code.endsWith('`') || (code.startsWith(' ') && code.endsWith(' ')) ? ' ' : '';
  return `${ticks}${pad}${code}${pad}${ticks}`;
}

function longestRun(text: string, char: string): number {
  let longest = 0;
  for (const run of text.match(new RegExp(`\\${char}+`, 'g')) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** Text as markdown reads it back: the characters that open marks, links, code, tags and HTML escaped. */
function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]<~]/g, '\\$&')
    .replace(/&(?=#?\w+;)/g, '&amp;')
    .replace(/\{%/g, '\\{%');
}

/** A paragraph's lines that markdown would take for a heading, a quote, a list or a rule, escaped. */
function escapeLineStarts(text: string): string {
  return text.replace(/^( {0,3})([#>+=-]|\d+(?=[.)]))/gm, (whole, space: string, start: string) =>
    /^\d/.test(start) ? `${space}${start}\\` : `${space}\\${start}`,
  );
}

/** A link destination: in angle brackets when it holds a space or a parenthesis. */
function destination(target: string): string {
  return /[\s()<>]/.test(target) ? `<${target.replace(/[<>]/g, (c) => encodeURI(c))}>` : target;
}

function attr(value: string): string {
  return value.replace(/"/g, '&quot;');
}
