/**
 * The little HTML that markdown written by GitBook holds: character references in text, and
 * images as `<figure><img src="..." alt="..."><figcaption><p>...</p></figcaption></figure>`.
 * Anything else is read for its text only; nothing here renders or trusts HTML.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** `&amp;`, `&#39;`, `&#x27;` and the like as the characters they stand for; unknown names stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Text with `&`, `<`, `>` and `"` written as references, for an attribute or element GitBook's markdown holds. */
export function encodeEntities(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function attribute(tag: string, name: string): string | undefined {
  const found = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return found ? decodeEntities(found[1] ?? found[2] ?? found[3]) : undefined;
}

/** The text of HTML: tags and comments dropped, references decoded, blank runs made one space. */
export function htmlText(html: string): string {
  return decodeEntities(html.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

export interface HtmlImage {
  src: string;
  alt?: string;
  caption?: string;
}

/** The images of an HTML block (`<img>` with a `src`), the figure's caption with the first. */
export function htmlImages(html: string): HtmlImage[] {
  const caption = /<figcaption[^>]*>([\s\S]*?)<\/figcaption>/i.exec(html);
  const captionText = caption ? htmlText(caption[1]) : '';
  const images: HtmlImage[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (!src) continue;
    const alt = attribute(tag, 'alt');
    images.push({ src, ...(alt && { alt }), ...(images.length === 0 && captionText && { caption: captionText }) });
  }
  return images;
}
