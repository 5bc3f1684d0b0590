/**
 * The one slugger: heading anchors (organization search) and the paths of pages, sections
 * and site spaces made from a title. Accents fold away (`Café` → `cafe`), letters of other
 * scripts stay (`Привет мир` → `привет-мир`), and every run of anything else is one dash.
 *
 * Hand-written on purpose, measured against the maintained sluggers (2026-11-23):
 * github-slugger turns `Per diem & meals` into `per-diem--meals` and keeps accents
 * (`über-uns`); @sindresorhus/slugify gives `per-diem-and-meals` and transliterates
 * (`ueber-uns`, `privet-mir`). Neither gives the anchors GitBook shows (`per-diem-meals`),
 * which test/unit/resources/shared/search-text.test.ts pins.
 */

/** Lower case without accents, for slugs and comparisons. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** `Per diem & meals` → `per-diem-meals`; empty when the text has no letter or digit. */
export function slug(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** A path segment made from a title: its slug, or `page` for a title without letters or digits. */
export function slugify(title: string): string {
  return slug(title) || 'page';
}
