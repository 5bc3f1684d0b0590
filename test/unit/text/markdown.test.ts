/** The one markdown reader with GitBook's tags and variables (src/text/markdown.ts, markdown-extensions.ts). */
import { describe, expect, it } from 'vitest';
import { blocks, linkHrefs, plainText } from '../../../src/text/markdown.ts';

describe('GitBook\'s tags in markdown', () => {
  it('reads a tag and what it holds as one block, nested tags of the same name counted', () => {
    const tokens = blocks('{% hint style="info" %}\nOuter\n\n{% hint style="danger" %}\nInner\n{% endhint %}\n{% endhint %}\n\nAfter');
    expect(tokens.map((t) => t.type)).toEqual(['liquid', 'paragraph']);
    expect(tokens[0]).toMatchObject({ tag: 'hint', attrs: { style: 'info' } });
    expect((tokens[0] as unknown as { tokens: { type: string; tag?: string }[] }).tokens.filter((t) => t.type !== 'space').map((t) => t.tag ?? t.type)).toEqual(['paragraph', 'hint']);
  });

  it('keeps a tag without its end, or written within a line, as text', () => {
    expect(blocks('{% hint style="info" %}\nNo end').map((t) => t.type)).toEqual(['paragraph']);
    expect(plainText('Write {% hint %} to open a hint.')).toBe('Write {% hint %} to open a hint.');
    // An embed stands alone.
    expect(blocks('{% embed url="https://example.com/v" %}\n\nText').map((t) => t.type).filter((t) => t !== 'space')).toEqual(['liquid', 'paragraph']);
  });

  it('stops a paragraph at a tag on the next line', () => {
    expect(blocks('Text\n{% hint style="info" %}\nHint\n{% endhint %}').map((t) => t.type)).toEqual(['paragraph', 'liquid']);
  });

  it('gives the text of tags to search without the tags, and variables as their expression', () => {
    expect(plainText('{% hint style="warning" %}\nMind the **gap**.\n{% endhint %}\n\nHello <code class="expression">space.vars.name</code>.')).toBe('Mind the gap.\nHello space.vars.name.');
  });

  it('names the files and pages tags point at among the links, not an embed\'s URL', () => {
    const markdown = '{% file src=".gitbook/assets/guide.pdf" %}\n{% endfile %}\n\n{% content-ref url="policies.md" %}\n[policies.md](policies.md)\n{% endcontent-ref %}\n\n{% embed url="https://example.com/v" %}';
    expect(linkHrefs(markdown)).toEqual(['.gitbook/assets/guide.pdf', 'policies.md', 'policies.md']);
  });
});
