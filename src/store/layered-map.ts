/**
 * A map over a base map that is never changed (a snapshot, shared by every table restored
 * from it), with this owner's writes kept on top. It behaves as a `Map` (get, set, delete,
 * size, iteration in insertion order; a deleted key set again goes last), so forking a
 * session or resetting one costs nothing, and the first write does not copy the base.
 * `freeze` turns the current content into a new base for a snapshot.
 */
export class LayeredMap<V> {
  private top = new Map<string, V>();
  /** Base keys deleted here (and, if set again, kept in `top` at the end). */
  private gone = new Set<string>();
  /** Keys of `top` iterated from `top` (new, or set again after a delete), not in place. */
  private added = 0;

  constructor(private base: ReadonlyMap<string, V> = new Map()) {}

  get size(): number {
    return this.base.size - this.gone.size + this.added;
  }

  get(key: string): V | undefined {
    const value = this.top.get(key);
    if (value !== undefined) return value;
    return this.gone.size !== 0 && this.gone.has(key) ? undefined : this.base.get(key);
  }

  has(key: string): boolean {
    return this.top.has(key) || (this.base.has(key) && !this.gone.has(key));
  }

  /** Whether `key` is iterated from `top` rather than in its base position. */
  private appended(key: string): boolean {
    return !this.base.has(key) || this.gone.has(key);
  }

  set(key: string, value: V): this {
    // Whether `top` had the key, from its size: one lookup in `top` instead of two (a table's
    // `top` holds every row written since its load, which a posting loop makes large).
    const size = this.top.size;
    this.top.set(key, value);
    if (this.top.size !== size && this.appended(key)) this.added++;
    return this;
  }

  /**
   * Sets a key the map does not have (`has(key)` is false: the caller checked), without
   * looking in the base for it: a table's insert, whose id it has just looked for.
   */
  add(key: string, value: V): this {
    this.top.set(key, value);
    this.added++;
    return this;
  }

  delete(key: string): boolean {
    if (!this.has(key)) return false;
    if (this.top.has(key)) {
      if (this.appended(key)) this.added--;
      this.top.delete(key);
    }
    if (this.base.has(key)) this.gone.add(key);
    return true;
  }

  *entries(): IterableIterator<[string, V]> {
    if (this.base.size !== 0) {
      for (const [key, value] of this.base) {
        if (this.gone.size !== 0 && this.gone.has(key)) continue;
        yield [key, this.top.get(key) ?? value];
      }
    }
    for (const entry of this.top) if (this.appended(entry[0])) yield entry;
  }

  values(): IterableIterator<V> {
    if (this.top.size === 0 && this.gone.size === 0) return this.base.values();
    if (this.base.size === 0) return this.top.values();
    return (function* (entries) {
      for (const [, value] of entries) yield value;
    })(this.entries());
  }

  keys(): IterableIterator<string> {
    if (this.top.size === 0 && this.gone.size === 0) return this.base.keys();
    if (this.base.size === 0) return this.top.keys();
    return (function* (entries) {
      for (const [key] of entries) yield key;
    })(this.entries());
  }

  /** The content as a map that nobody changes again, which also becomes this map's base. */
  freeze(): ReadonlyMap<string, V> {
    if (this.top.size !== 0 || this.gone.size !== 0) {
      this.base = this.base.size === 0 ? this.top : new Map(this.entries());
      this.top = new Map();
      this.gone = new Set();
      this.added = 0;
    }
    return this.base;
  }
}
