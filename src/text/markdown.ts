/**
 * The one markdown reader (marked's lexer, GitHub flavour, with GitBook's own block tags and
 * variables: text/markdown-extensions.ts) behind everything that takes markdown apart: plain
 * text and sections for search, links for the link reports, the page documents
 * (text/document.ts) and the PDF. Nothing here renders HTML.
 *
 * marked was kept for the documents rather than adding mdast-util-from-markdown and its GFM
 * extensions: it was already in the browser bundle (gitbook-mock/msw), reads tables, task
 * lists and strikethrough, and takes block and inline extensions for GitBook's tags; the
 * mdast packages would have added their own code to the first load for the same tree.
 */
import { Marked, type MarkedToken, type Token, type Tokens } from 'marked';
import { GITBOOK_EXTENSIONS, type LiquidToken } from './markdown-extensions.ts';

const reader = new Marked({ gfm: true, extensions: GITBOOK_EXTENSIONS });

/**
 * Whether `token` is marked's token of `type`. marked's Token includes a generic token with
 * any `type` text, so a `switch` on the type does not narrow it; this check does.
 */
function isToken<T extends MarkedToken['type']>(token: Token, type: T): token is Extract<MarkedToken, { type: T }> {
  return token.type === type;
}

/** The block tokens of a markdown text. */
export function blocks(markdown: string): Token[] {
  return reader.lexer(markdown);
}

/** Whether `token` is a GitBook block tag (`{% hint %}`, `{% code %}`, ...). */
export function isLiquid(token: Token): token is LiquidToken {
  return token.type === 'liquid';
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
  if (isLiquid(token)) return token.tokens.map(blockText).filter(Boolean).join('\n');
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
      if (isLiquid(token)) for (const name of ['src', 'url'] as const) if (token.tag !== 'embed' && token.attrs[name]) out.push(token.attrs[name]);
      if (isToken(token, 'list')) walk(token.items);
      if (isToken(token, 'table')) for (const cell of [...token.header, ...token.rows.flat()]) walk(cell.tokens);
      if ('tokens' in token && token.tokens) walk(token.tokens);
    }
  };
  walk(blocks(markdown));
  return out;
}
