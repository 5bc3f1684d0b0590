/**
 * Ordering and default rules of a site's structure (sections, section groups, site
 * spaces), as pure functions over ordered id lists. No store, no HTTP.
 */
import { refuse, type Decision } from './decision.ts';

/** Where a moved item goes: before one item, after another, or (neither) at the end. */
export interface MovePosition {
  before?: string;
  after?: string;
}

export type MoveResult = Decision<{ order: string[] }>;

/**
 * The new order of `order` once `id` is placed at `position` (`id` may or may not be in
 * `order` yet: a move into another container). With both `before` and `after`, they must
 * name neighbours (`after` immediately followed by `before`).
 */
export function moveInOrder(order: readonly string[], id: string, position: MovePosition = {}): MoveResult {
  const rest = order.filter((x) => x !== id);
  const { before, after } = position;
  if (before === id) return refuse(400, 'an item cannot be moved before itself', 'before');
  if (after === id) return refuse(400, 'an item cannot be moved after itself', 'after');
  let at = rest.length;
  if (before !== undefined) {
    at = rest.indexOf(before);
    if (at < 0) return refuse(400, `"${before}" is not among the items it can be moved next to`, 'before');
    if (after !== undefined && rest[at - 1] !== after) {
      return refuse(400, `"${after}" is not immediately before "${before}"`, 'after');
    }
  } else if (after !== undefined) {
    const i = rest.indexOf(after);
    if (i < 0) return refuse(400, `"${after}" is not among the items it can be moved next to`, 'after');
    at = i + 1;
  }
  return { ok: true, order: [...rest.slice(0, at), id, ...rest.slice(at)] };
}

/**
 * The default of a container: the preferred item while it is still there, otherwise the
 * first item; none when the container is empty. So there is exactly one default while
 * the container has items, whatever was deleted or moved.
 */
export function effectiveDefault(orderedIds: readonly string[], preferred: string | undefined): string | undefined {
  if (preferred !== undefined && orderedIds.includes(preferred)) return preferred;
  return orderedIds[0];
}

/** Whether an item may leave its container: a section keeps at least one site space. */
export function canLeave(containerSize: number, isSection: boolean): boolean {
  return !isSection || containerSize > 1;
}

/** `base`, or `base-2`, `base-3`... : the first that is not taken (paths unique per container). */
export function uniquePath(base: string, taken: ReadonlySet<string>, maxLength = 100): string {
  const root = (base || 'content').slice(0, maxLength);
  if (!taken.has(root)) return root;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = root.slice(0, maxLength - suffix.length) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}
