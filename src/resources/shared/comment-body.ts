/**
 * Comment bodies: stored as markdown, served in the format asked for. Without `format`,
 * the body carries both the seed's `markdown` and the official document fields
 * (`object`, `data`, `nodes`); `format=markdown` gives `{ markdown }` and
 * `format=document` the official JSON variant `{ document }`.
 */
import { perRow } from '../../cache/caches.ts';
import type { CommentsDocumentInput } from '../../contract/request-types.ts';

export type BodyFormat = 'markdown' | 'document';

/** A request body, as the official Document: `{ markdown }` (the seed's too), `{ document }`, or `{}` (empty): schemas/comments/document-input.json. */
export type BodyInput = CommentsDocumentInput;

export interface Leaf {
  object: 'leaf';
  text: string;
  marks: never[];
}

function paragraph(text: string) {
  const leaf: Leaf = { object: 'leaf', text, marks: [] };
  return { object: 'block' as const, type: 'paragraph' as const, data: {}, nodes: [{ object: 'text' as const, leaves: [leaf] }] };
}

/** One paragraph block per markdown paragraph (blank-line separated), text kept as written. */
export function markdownToNodes(markdown: string) {
  return markdown
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map(paragraph);
}

/** The text of a JSON document: each top-level block's leaves, blocks separated by blank lines. */
export function documentToMarkdown(document: { nodes: unknown[] }): string {
  const texts = (node: unknown): string => {
    if (!node || typeof node !== 'object') return '';
    const n = node as { text?: unknown; leaves?: unknown; nodes?: unknown };
    if (typeof n.text === 'string') return n.text;
    const children = Array.isArray(n.leaves) ? n.leaves : Array.isArray(n.nodes) ? n.nodes : [];
    return children.map(texts).join('');
  };
  return document.nodes
    .map(texts)
    .filter((t) => t !== '')
    .join('\n\n');
}

/** Whether `value` is a JSON document (its `nodes` a list). */
export function hasNodes(value: unknown): value is { nodes: unknown[] } {
  return typeof value === 'object' && value !== null && 'nodes' in value && Array.isArray(value.nodes);
}

export function inputToMarkdown(body: BodyInput): string {
  if ('markdown' in body && typeof body.markdown === 'string') return body.markdown;
  return 'document' in body && hasNodes(body.document) ? documentToMarkdown(body.document) : '';
}

/** Bodies are immutable, so each one's document nodes are worked out once and kept beside it (cache/caches.ts). */
const nodesOfBody = perRow((body: { markdown: string }) => markdownToNodes(body.markdown));

/**
 * The body in the asked format: the official JSON variant `{ document }` for
 * `format=document`, and otherwise the seed's `{ markdown }`, which is also the official
 * Markdown variant.
 */
export function renderBody(body: { markdown: string }, format: BodyFormat | undefined) {
  if (format !== 'document') return { markdown: body.markdown };
  return { document: { object: 'document' as const, data: {}, nodes: nodesOfBody(body) } };
}
