/**
 * What GitBook's own markdown adds to GitHub's, taught to the one markdown reader (marked):
 * the tags GitBook writes around blocks (`{% hint style="info" %}` ... `{% endhint %}`,
 * `{% code title="..." %}`, `{% file src="..." %}`, `{% embed url="..." %}`,
 * `{% content-ref url="..." %}`, `{% tabs %}`) and the variable it writes inline
 * (`<code class="expression">space.vars.name</code>`). A tag becomes a `liquid` token holding
 * its name, its attributes and the blocks written inside it; a variable an `expression` token.
 */
import type { TokenizerExtension, Tokens } from 'marked';
import { decodeEntities } from './html-bits.ts';

/** A `{% tag %}` block: its attributes as written and the blocks between it and its end tag. */
export interface LiquidToken extends Tokens.Generic {
  type: 'liquid';
  tag: string;
  attrs: Record<string, string>;
  tokens: Tokens.Generic[];
}

/** A variable written inline: `text` is its expression (`space.vars.company`). */
export interface ExpressionToken extends Tokens.Generic {
  type: 'expression';
  text: string;
}

/** Tags that stand alone when no end tag follows (GitBook writes `{% embed %}` either way). */
const SELF_CLOSING = new Set(['embed']);

const OPEN = /^ {0,3}\{%[ \t]*([a-z][a-z-]*)((?:[ \t]+[\w-]+="[^"\n]*")*)[ \t]*%\}[ \t]*(?:\n|$)/;
const ATTR = /([\w-]+)="([^"\n]*)"/g;

function attrsOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const [, name, value] of text.matchAll(ATTR)) attrs[name] = decodeEntities(value);
  return attrs;
}

/** Where the end tag of `tag` opened at the start of `rest` is, nested tags of the same name counted. */
function endOf(tag: string, rest: string): { at: number; length: number } | undefined {
  const tags = new RegExp(`^ {0,3}\\{%[ \\t]*(end)?${tag}\\b[^\\n]*%\\}[ \\t]*(?:\\n|$)`, 'gm');
  let depth = 0;
  for (const found of rest.matchAll(tags)) {
    if (!found[1]) depth++;
    else if (--depth === 0) return { at: found.index, length: found[0].length };
  }
  return undefined;
}

const liquid: TokenizerExtension = {
  name: 'liquid',
  level: 'block',
  // Where a paragraph must stop for a tag: looked for up to the paragraph's end only, since
  // marked asks again at every paragraph (a search of the whole rest made long pages quadratic).
  start: (src) => {
    const end = src.search(/\n[ \t]*\n/);
    return (end < 0 ? src : src.slice(0, end)).match(/^ {0,3}\{%/m)?.index;
  },
  tokenizer(src) {
    const open = OPEN.exec(src);
    if (!open || open[1].startsWith('end')) return undefined;
    const tag = open[1];
    const end = endOf(tag, src);
    if (!end) {
      if (!SELF_CLOSING.has(tag)) return undefined;
      return { type: 'liquid', raw: open[0], tag, attrs: attrsOf(open[2]), tokens: [] } satisfies LiquidToken;
    }
    const inner = src.slice(open[0].length, end.at);
    return {
      type: 'liquid',
      raw: src.slice(0, end.at + end.length),
      tag,
      attrs: attrsOf(open[2]),
      tokens: this.lexer.blockTokens(inner, []),
    } satisfies LiquidToken;
  },
};

const EXPRESSION_OPEN = '<code class="expression">';
const EXPRESSION = /^<code class="expression">\s*([^<]*?)\s*<\/code>/;

const expression: TokenizerExtension = {
  name: 'expression',
  level: 'inline',
  start: (src) => {
    const at = src.indexOf(EXPRESSION_OPEN);
    return at < 0 ? undefined : at;
  },
  tokenizer(src) {
    const found = EXPRESSION.exec(src);
    return found ? ({ type: 'expression', raw: found[0], text: found[1] } satisfies ExpressionToken) : undefined;
  },
};

export const GITBOOK_EXTENSIONS: TokenizerExtension[] = [liquid, expression];
