/**
 * The one markdown reader (marked's lexer, GitHub flavour) behind everything that takes
 * markdown apart: plain text and sections for search, links for the link reports, headings
 * and paragraphs for the document format and the PDF. Nothing here renders HTML.
 */
import { Lexer, type MarkedToken, type Token, type Tokens } from 'marked';

/**
 * Whether `token` is marked's token of `type`. marked's Token includes a generic token with
 * any `type` text, so a `switch` on the type does not narrow it; this check does.
 */
function isToken<T extends MarkedToken['type']>(token: Token, type: T): token is Extract<MarkedToken, { type: T }> {
  return token.type === type;
}

/** The block tokens of a markdown text. */
export function blocks(markdown: string): Token[] {
  return Lexer.lex(markdown, { gfm: true });
}

/** Plain text of inline tokens: link and image labels stay, marks and HTML tags go. */
export function inlineText(tokens: readonly Token[] | undefined): string {
  let out = '';
  for (const token of tokens ?? []) {
    if (token.type === 'html' || token.type === 'def') continue;
    if (token.type === 'br') out += '\n';
    else if (token.type === 'image') out += token.text;
    else if ('tokens' in token && token.tokens) out += inlineText(token.tokens);
    else if ('text' in token && typeof token.text === 'string') out += token.text;
  }
  return out;
}

/** Plain text of one block: a heading's or paragraph's text, a code block's code, a list's items one a line. */
export function blockText(token: Token): string {
  if (isToken(token, 'list')) return token.items.map((item) => item.tokens.map(blockText).filter(Boolean).join('\n')).join('\n');
  if (isToken(token, 'blockquote')) return token.tokens.map(blockText).filter(Boolean).join('\n');
  if (isToken(token, 'table')) {
    const row = (cells: Tokens.TableCell[]) => cells.map((cell) => inlineText(cell.tokens)).join(' ');
    return [row(token.header), ...token.rows.map(row)].join('\n');
  }
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'def':
      return '';
    case 'code':
      return token.text;
    case 'html':
      return token.text.replace(/<[^>]+>/g, '').trim();
    default:
      return 'tokens' in token && token.tokens ? inlineText(token.tokens) : 'text' in token ? String(token.text) : '';
  }
}

/** Markdown to plain text, a block a line: links and images keep their text, marks and fences go. */
export function plainText(markdown: string): string {
  return blocks(markdown)
    .map(blockText)
    .filter(Boolean)
    .join('\n')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

/** The targets of links and images written as `[text](href)` or `[text][ref]`, outside code (bare URLs are text). */
export function linkHrefs(markdown: string): string[] {
  const out: string[] = [];
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if ((token.type === 'link' || token.type === 'image') && /^!?\[/.test(token.raw)) out.push(token.href);
      if (isToken(token, 'list')) walk(token.items);
      if (isToken(token, 'table')) for (const cell of [...token.header, ...token.rows.flat()]) walk(cell.tokens);
      if ('tokens' in token && token.tokens) walk(token.tokens);
    }
  };
  walk(blocks(markdown));
  return out;
}
