/**
 * The nodes of a GitBook JSON document (the official `JSONDocument`), as far as markdown
 * reaches: what text/document.ts makes of markdown and text/document-markdown.ts writes back.
 * Each node is shaped as the official schema of its type asks (`data` where it is required,
 * `isVoid` on void nodes, `fragments` on images and tables).
 */

/** Where a link or an image points: a page of the revision (maybe at a heading), a file of it, or a URL. */
export type ContentRef =
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; anchor: string; page?: string }
  | { kind: 'file'; file: string }
  | { kind: 'url'; url: string }
  | { kind: 'openapi'; spec: string };

export type MarkType = 'bold' | 'italic' | 'code' | 'strikethrough';

export interface Leaf {
  object: 'leaf';
  text: string;
  marks: { object: 'mark'; type: MarkType }[];
}

export interface TextNode {
  object: 'text';
  leaves: Leaf[];
}

export interface InlineNode {
  object: 'inline';
  type: 'link' | 'inline-image' | 'expression';
  data: { ref?: ContentRef; alt?: string; expression?: string };
  nodes?: (TextNode | InlineNode)[];
  isVoid?: boolean;
}

export interface BlockNode {
  object: 'block';
  type: string;
  data: Record<string, unknown>;
  nodes?: (BlockNode | TextNode | InlineNode)[];
  isVoid?: boolean;
  meta?: { id: string };
  fragments?: FragmentNode[];
}

export interface FragmentNode {
  object: 'fragment';
  fragment: string;
  type?: string;
  nodes: BlockNode[];
}

export interface JsonDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: BlockNode[];
}

export function leaf(text: string, marks: readonly MarkType[] = []): Leaf {
  return { object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) };
}

export function textNode(text: string, marks: readonly MarkType[] = []): TextNode {
  return { object: 'text', leaves: [leaf(text, marks)] };
}

export function paragraph(nodes: (TextNode | InlineNode)[]): BlockNode {
  return { object: 'block', type: 'paragraph', data: {}, nodes };
}

/** The text a node holds, its leaves in order (void nodes hold none). */
export function nodeText(node: { object: string; leaves?: Leaf[]; nodes?: unknown[]; fragments?: FragmentNode[] }): string {
  if (node.leaves) return node.leaves.map((l) => l.text).join('');
  const children = [...(node.nodes ?? []), ...(node.fragments ?? [])] as (typeof node)[];
  return children.map(nodeText).join(node.object === 'block' && children.some((c) => c.object === 'block') ? '\n' : '');
}
