/**
 * Page bodies: markdown as stored, evaluated (variable expressions replaced by their
 * values) or turned into a GitBook JSON document of headings and paragraphs.
 */

/** GitBook's markdown writes a variable as `<code class="expression">space.vars.name</code>`. */
const EXPRESSION = /<code class="expression">\s*(?:space|page)\.vars\.([\w-]+)\s*<\/code>/g;

export function evaluate(markdown: string, variables: Record<string, string>): string {
  return markdown.replace(EXPRESSION, (whole, name: string) => variables[name] ?? whole);
}

function text(value: string) {
  return { object: 'text' as const, leaves: [{ object: 'leaf' as const, text: value, marks: [] as never[] }] };
}

/** Plain text of a markdown line: links and images keep their label, emphasis goes. */
export function plainText(line: string): string {
  return line
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[*_`]+/g, '')
    .trim();
}

export function toDocument(markdown: string) {
  const nodes: object[] = [];
  const blocks = markdown.replace(/\r\n/g, '\n').split(/\n{2,}/);
  for (const block of blocks) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading && !trimmed.includes('\n')) {
      const level = Math.min(heading[1].length, 3);
      nodes.push({ object: 'block', type: `heading-${level}`, data: {}, nodes: [text(plainText(heading[2]))] });
    } else {
      const body = trimmed.startsWith('```') ? trimmed.replace(/^```[^\n]*\n?|```$/g, '') : plainText(trimmed.replace(/\n/g, ' '));
      nodes.push({ object: 'block', type: 'paragraph', nodes: [text(body)] });
    }
  }
  return { object: 'document' as const, data: {}, nodes };
}
