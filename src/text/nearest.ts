/**
 * The names nearest to one that is not known, for a refusal's "did you mean" (edit distance,
 * fastest-levenshtein): fault rules' operations and paths, a scenario's event types.
 */
import { distance } from 'fastest-levenshtein';

/**
 * The names nearest to `value`, best first (at most three; the one name when it differs only in
 * case). `forms` gives the forms a name is also compared in (lower-cased), the nearest counting.
 */
export function nearest(value: string, names: Iterable<string>, forms: (name: string) => string[] = (name) => [name]): string[] {
  const wanted = value.toLowerCase();
  const scored = [...new Set(names)].map((name) => ({ name, far: Math.min(...forms(name.toLowerCase()).map((form) => distance(wanted, form))) }));
  const limit = Math.max(3, Math.floor(value.length / 2));
  const near = scored.filter((s) => s.far <= limit).sort((a, b) => a.far - b.far || a.name.length - b.name.length);
  if (near[0]?.far === 0) return [near[0].name];
  return near.slice(0, 3).map((s) => s.name);
}

/** `; did you mean a, b or c?`, or nothing without hints. */
export function didYouMean(hints: string | string[] | undefined): string {
  const list = hints === undefined ? [] : typeof hints === 'string' ? [hints] : hints;
  if (list.length === 0) return '';
  return `; did you mean ${list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`}?`;
}
