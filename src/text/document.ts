/**
 * Markdown to a GitBook JSON document, node for node as GitBook's renderer reads them:
 * headings (with the anchor each one gets), paragraphs with marks (bold, italic, code,
 * strikethrough), links and inline images with the reference they resolve to, variables,
 * lists (ordered, bulleted, tasks), quotes, code blocks with their language, hints, tables,
 * images, files, embeds, page cards and OpenAPI operations (GitBook's `{% ... %}` tags), dividers. Where a block
 * holds a node its type may not hold (a code block in a quote), the node becomes paragraphs
 * of its content, so that every node keeps to the official schema.
 *
 * What a link points at is not this module's to know: the caller hands in `ref`, which the
 * revision's pages and files answer (resources/shared/markdown.ts). Read by the one
 * markdown reader (text/markdown.ts); written back by text/document-markdown.ts.
 */
import type { Token, Tokens } from 'marked';
import type { ExpressionToken, LiquidToken } from './markdown-extensions.ts';
import { blocks, isLiquid } from './markdown.ts';
import { slug } from './slug.ts';
import { htmlImages, htmlText, decodeEntities } from './html-bits.ts';
import {
  leaf,
  nodeText,
  paragraph,
  textNode,
  type BlockNode,
  type ContentRef,
  type InlineNode,
  type JsonDocument,
  type Leaf,
  type MarkType,
  type TextNode,
} from './document-nodes.ts';

export interface DocumentOptions {
  /** The reference a link or image target written as `href` stands for (default: the URL as written). */
  ref?: (href: string) => ContentRef;
  /** The page's title: a first level-1 heading that repeats it is the title, not content (as Git Sync reads a page). */
  title?: string;
}

interface Reading {
  ref: (href: string) => ContentRef;
  /** Heading anchors given so far, to keep each one unique in the document. */
  anchors: Map<string, number>;
}

const ESSENTIALS = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'list-ordered', 'list-unordered', 'list-tasks', 'divider'];
/** What each container may hold (the official schema of its type). */
const HOLDS = {
  blockquote: new Set([...ESSENTIALS, 'blockquote']),
  hint: new Set([...ESSENTIALS, 'embed', 'table']),
  'list-item': new Set([...ESSENTIALS, 'code', 'hint', 'blockquote', 'table']),
} as const;
const HINT_STYLES = new Set(['info', 'warning', 'danger', 'success']);

export function markdownToDocument(markdown: string, options: DocumentOptions = {}): JsonDocument {
  const reading: Reading = { ref: options.ref ?? ((url) => ({ kind: 'url', url })), anchors: new Map() };
  const tokens = blocks(markdown.replace(/\r\n?/g, '\n'));
  const first = tokens.findIndex((t) => t.type !== 'space');
  const head = tokens[first];
  if (options.title !== undefined && head?.type === 'heading' && head.depth === 1 && inlineText(head.tokens ?? []) === options.title.trim()) tokens.splice(first, 1);
  return { object: 'document', data: {}, nodes: blocksOf(tokens, reading) };
}

function blocksOf(tokens: readonly Token[], reading: Reading): BlockNode[] {
  return tokens.flatMap((token) => blockOf(token, reading));
}

function blockOf(token: Token, reading: Reading): BlockNode[] {
  if (isLiquid(token)) return liquidBlock(token, reading);
  switch (token.type) {
    case 'heading':
      return [heading(token as Tokens.Heading, reading)];
    case 'paragraph':
    case 'text':
      return [paragraphOf(token.tokens ?? [{ type: 'text', raw: token.raw, text: token.text }], reading)];
    case 'code':
      return [codeBlock(token.text, token.lang)];
    case 'blockquote':
      return [{ object: 'block', type: 'blockquote', data: {}, nodes: fit(blocksOf(token.tokens ?? [], reading), HOLDS.blockquote) }];
    case 'list':
      return [list(token as Tokens.List, reading)];
    case 'table':
      return [table(token as Tokens.Table, reading)];
    case 'hr':
      return [{ object: 'block', type: 'divider', data: {}, isVoid: true }];
    case 'html':
      return htmlBlock(token.text, reading);
    default:
      return [];
  }
}

function heading(token: Tokens.Heading, reading: Reading): BlockNode {
  // A heading is one line: a line break in it reads as a space.
  const nodes = inlinesOf(token.tokens, reading).map((n) => (n.object === 'text' ? { ...n, leaves: n.leaves.map((l) => ({ ...l, text: l.text.replace(/\n/g, ' ') })) } : n));
  const base = slug(nodes.map(nodeText).join(''));
  const block: BlockNode = { object: 'block', type: `heading-${Math.min(Math.max(token.depth, 1), 3)}`, data: {}, nodes };
  if (!base) return block;
  const seen = reading.anchors.get(base) ?? 0;
  reading.anchors.set(base, seen + 1);
  return { ...block, meta: { id: seen ? `${base}-${seen}` : base } };
}

/** A paragraph, or an images block when the paragraph holds images and nothing else. */
function paragraphOf(tokens: readonly Token[], reading: Reading): BlockNode {
  const alone = tokens.every((t) => t.type === 'image' || (t.type === 'text' && !t.text.trim()) || t.type === 'br');
  const images = tokens.filter((t): t is Tokens.Image => t.type === 'image');
  if (alone && images.length > 0) return imagesBlock(images.map((i) => ({ ref: imageRef(i.href, reading), alt: i.text })));
  return paragraph(inlinesOf(tokens, reading));
}

function imageRef(href: string, reading: Reading): ContentRef {
  const ref = reading.ref(href);
  return ref.kind === 'file' || ref.kind === 'url' ? ref : { kind: 'url', url: href };
}

function imagesBlock(images: { ref: ContentRef; alt?: string; caption?: BlockNode }[]): BlockNode {
  return {
    object: 'block',
    type: 'images',
    data: {},
    isVoid: false,
    nodes: images.map(({ ref, alt, caption }) => ({
      object: 'block',
      type: 'image',
      data: { ref, ...(alt && { alt }) },
      isVoid: true,
      fragments: caption ? [{ object: 'fragment', fragment: 'caption', nodes: [caption] }] : [],
    })),
  };
}

function codeBlock(code: string, info: string | undefined, more: Record<string, unknown> = {}): BlockNode {
  const syntax = info?.trim().split(/\s+/)[0];
  return {
    object: 'block',
    type: 'code',
    data: { ...(syntax && { syntax }), ...more },
    nodes: codeLines(code).map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [textNode(line)] })),
  };
}

/** The lines of a code block: marked keeps the last line's line ending when blank lines end the block. */
function codeLines(code: string): string[] {
  const lines = code.split('\n');
  return code.endsWith('\n') ? lines.slice(0, -1) : lines;
}

function list(token: Tokens.List, reading: Reading): BlockNode {
  const tasks = token.items.length > 0 && token.items.every((item) => item.task);
  const type = tasks ? 'list-tasks' : token.ordered ? 'list-ordered' : 'list-unordered';
  const start = typeof token.start === 'number' && token.start !== 1 ? { start: token.start } : {};
  const items = token.items.map((item): BlockNode => {
    const nodes = fit(blocksOf(item.tokens.filter((t) => t.type !== 'checkbox'), reading), HOLDS['list-item']);
    return { object: 'block', type: 'list-item', data: tasks ? { checked: item.checked === true } : {}, nodes: nodes.length ? nodes : [paragraph([textNode('')])] };
  });
  return { object: 'block', type, data: type === 'list-ordered' ? start : {}, nodes: items };
}

/** A grid table: a text column per header cell, a record per row, each cell's content a fragment the record names. */
function table(token: Tokens.Table, reading: Reading): BlockNode {
  const columns = token.header.map((_, i) => `column-${i + 1}`);
  const width = String(token.rows.length).length;
  const fragments: BlockNode['fragments'] = [];
  const records: Record<string, { orderIndex: string; values: Record<string, string> }> = {};
  token.rows.forEach((row, r) => {
    const values: Record<string, string> = {};
    row.forEach((cell, c) => {
      const nodes = inlinesOf(cell.tokens, reading);
      if (!columns[c] || nodes.every((n) => n.object === 'text' && nodeText(n) === '')) return;
      const name = `row-${r + 1}-${columns[c]}`;
      values[columns[c]] = name;
      fragments.push({ object: 'fragment', fragment: name, nodes: [paragraph(nodes)] });
    });
    records[`row-${r + 1}`] = { orderIndex: String(r).padStart(width, '0'), values };
  });
  const definition = Object.fromEntries(
    token.header.map((cell, i) => [columns[i], { id: columns[i], type: 'text', title: inlineText(cell.tokens), textAlignment: token.align[i] ?? 'left' }]),
  );
  const hideHeader = token.header.every((cell) => inlineText(cell.tokens) === '');
  return { object: 'block', type: 'table', isVoid: true, data: { view: { type: 'grid', columns, hideHeader }, records, definition }, fragments };
}

/** GitBook's own tags: `{% hint %}`, `{% code %}`, `{% file %}`, `{% embed %}`, `{% content-ref %}`; any other keeps its content. */
function liquidBlock(token: LiquidToken, reading: Reading): BlockNode[] {
  const inner = () => blocksOf(token.tokens as Token[], reading);
  const { attrs } = token;
  switch (token.tag) {
    case 'hint':
      return [{ object: 'block', type: 'hint', data: { style: HINT_STYLES.has(attrs.style) ? attrs.style : 'info' }, nodes: fit(inner(), HOLDS.hint) }];
    case 'code': {
      const options = { ...(attrs.title && { title: attrs.title }), ...(attrs.lineNumbers === 'true' && { lineNumbers: true }), ...(attrs.overflow === 'wrap' && { overflow: 'wrap' }) };
      return inner().map((block) => (block.type === 'code' ? { ...block, data: { ...block.data, ...options } } : block));
    }
    case 'file': {
      const ref = reading.ref(attrs.src ?? '');
      if (ref.kind === 'file') return [{ object: 'block', type: 'file', data: { ref }, isVoid: true }];
      return [paragraph([link(ref, [textNode(attrs.src ?? '')])])];
    }
    case 'embed':
      return attrs.url ? [{ object: 'block', type: 'embed', data: { url: attrs.url }, isVoid: true }] : [];
    case 'content-ref': {
      const ref = reading.ref(attrs.url ?? '');
      if (ref.kind === 'page' || ref.kind === 'anchor') return [{ object: 'block', type: 'content-ref', data: { ref }, isVoid: true }];
      return inner();
    }
    case 'openapi-operation':
      // The link inside names where the spec was fetched from; the block points at the spec by its slug.
      if (!attrs.spec || !attrs.path || !attrs.method) return inner();
      return [{ object: 'block', type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: attrs.spec }, path: attrs.path, method: attrs.method.toLowerCase() }, isVoid: true }];
    default:
      return inner();
  }
}

/** GitBook writes images as `<figure><img src alt><figcaption>...</figcaption></figure>`; other HTML keeps its text. */
function htmlBlock(html: string, reading: Reading): BlockNode[] {
  const images = htmlImages(html);
  if (images.length) {
    return [imagesBlock(images.map((i) => ({ ref: imageRef(i.src, reading), alt: i.alt, ...(i.caption && { caption: paragraph([textNode(i.caption)]) }) })))];
  }
  const text = htmlText(html);
  return text ? [paragraph([textNode(text)])] : [];
}

/** `nodes` as a container that holds only `allowed` can take them: any other node gives paragraphs of its content. */
function fit(nodes: BlockNode[], allowed: ReadonlySet<string>): BlockNode[] {
  return nodes.flatMap((node): BlockNode[] => {
    if (allowed.has(node.type)) return [node];
    if (node.type === 'images') {
      const images = (node.nodes ?? []) as BlockNode[];
      return [paragraph(images.map((image) => ({ object: 'inline', type: 'inline-image', data: image.data, isVoid: true })))];
    }
    if (node.type === 'code') {
      const lines = ((node.nodes ?? []) as BlockNode[]).map(nodeText);
      return [paragraph([{ object: 'text', leaves: lines.flatMap((line, i) => [...(i ? [leaf('\n')] : []), leaf(line, ['code'])]) }])];
    }
    if (node.type === 'embed') return [paragraph([link({ kind: 'url', url: String(node.data.url) }, [textNode(String(node.data.url))])])];
    if (node.type === 'file' || node.type === 'content-ref') return [paragraph([link(node.data.ref as ContentRef, [textNode('')])])];
    const children = (node.nodes ?? []).filter((n): n is BlockNode => n.object === 'block');
    if (children.length) return fit(children, allowed);
    const text = nodeText(node);
    return text ? [paragraph([textNode(text)])] : [];
  });
}

/** What a link may hold (text and images): a variable in a link's text is its expression, as text. */
function linkText(nodes: (TextNode | InlineNode)[]): (TextNode | InlineNode)[] {
  return nodes.map((n) => (n.object === 'inline' && n.type === 'expression' ? textNode(n.data.expression ?? '') : n));
}

function link(ref: ContentRef, nodes: (TextNode | InlineNode)[]): InlineNode {
  return { object: 'inline', type: 'link', data: { ref }, nodes, isVoid: false };
}

/** Plain text of inline tokens (a header cell's title, a heading compared with the page title). */
function inlineText(tokens: readonly Token[]): string {
  return inlinesOf(tokens, { ref: (url) => ({ kind: 'url', url }), anchors: new Map() })
    .map(nodeText)
    .join('')
    .trim();
}

const MARKS: Record<string, MarkType> = { strong: 'bold', em: 'italic', del: 'strikethrough' };

/** The inline nodes of inline tokens: text with its marks (neighbouring leaves of the same marks joined), links, images, variables. */
function inlinesOf(tokens: readonly Token[], reading: Reading, marks: MarkType[] = []): (TextNode | InlineNode)[] {
  const out: (TextNode | InlineNode)[] = [];
  const push = (l: Leaf) => {
    const last = out[out.length - 1];
    if (last?.object !== 'text') return void out.push({ object: 'text', leaves: [l] });
    const prev = last.leaves[last.leaves.length - 1];
    if (sameMarks(prev, l)) prev.text += l.text;
    else last.leaves.push(l);
  };
  for (const token of tokens) {
    if (token.type === 'expression') {
      out.push({ object: 'inline', type: 'expression', data: { expression: (token as ExpressionToken).text }, isVoid: true });
    } else if (token.type in MARKS && 'tokens' in token) {
      for (const node of inlinesOf(token.tokens ?? [], reading, [...marks, MARKS[token.type]])) node.object === 'text' ? node.leaves.forEach(push) : out.push(node);
    } else if (token.type === 'codespan') push(leaf(token.text, [...marks, 'code']));
    else if (token.type === 'br') push(leaf('\n', marks));
    else if (token.type === 'link') out.push(link(reading.ref(token.href), linkText(inlinesOf(token.tokens ?? [], reading, marks))));
    else if (token.type === 'image') {
      out.push({ object: 'inline', type: 'inline-image', data: { ref: imageRef(token.href, reading), ...(token.text && { alt: token.text }) }, isVoid: true });
    } else if (token.type === 'html') {
      if (/^<br\s*\/?>$/i.test(token.text)) push(leaf('\n', marks));
    } else if (token.type === 'text' && token.tokens) {
      for (const node of inlinesOf(token.tokens, reading, marks)) node.object === 'text' ? node.leaves.forEach(push) : out.push(node);
    } else if (token.type === 'text') {
      // A line ending inside a paragraph (not a hard break) reads as a space, as a browser shows it.
      push(leaf(decodeEntities(token.text).replace(/[ \t]*\n[ \t]*/g, ' '), marks));
    } else if (token.type === 'escape') push(leaf(token.text, marks));
  }
  return out;
}

function sameMarks(a: Leaf, b: Leaf): boolean {
  return a.marks.length === b.marks.length && a.marks.every((m) => b.marks.some((n) => n.type === m.type));
}
