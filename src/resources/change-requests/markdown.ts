/**
 * Page bodies: markdown as stored, evaluated (variable expressions replaced by their
 * values) or turned into a GitBook JSON document of headings and paragraphs (read by the
 * one markdown reader, src/text/markdown.ts).
 */
import { blockText, blocks, inlineText, plainText as plainMarkdown } from '../../text/markdown.ts';

/** GitBook's markdown writes a variable as `<code class="expression">space.vars.name</code>`. */
const EXPRESSION = /<code class="expression">\s*(?:space|page)\.vars\.([\w-]+)\s*<\/code>/g;

export function evaluate(markdown: string, variables: Record<string, string>): string {
  return markdown.replace(EXPRESSION, (whole, name: string) => variables[name] ?? whole);
}

function text(value: string) {
  return { object: 'text' as const, leaves: [{ object: 'leaf' as const, text: value, marks: [] }] };
}

/** Plain text of a markdown line: links and images keep their label, emphasis and tags go. */
export function plainText(line: string): string {
  return plainMarkdown(line);
}

/** A GitBook JSON document of the markdown: headings (levels 1 to 3) and paragraphs, code blocks as their code. */
export function toDocument(markdown: string) {
  const nodes: object[] = [];
  for (const token of blocks(markdown.replace(/\r\n/g, '\n'))) {
    if (token.type === 'heading') {
      nodes.push({ object: 'block', type: `heading-${Math.min(token.depth, 3)}`, data: {}, nodes: [text(inlineText(token.tokens).trim())] });
      continue;
    }
    const body = token.type === 'code' ? token.text : blockText(token).replace(/\n/g, ' ').trim();
    if (body) nodes.push({ object: 'block', type: 'paragraph', nodes: [text(body)] });
  }
  return { object: 'document' as const, data: {}, nodes };
}
