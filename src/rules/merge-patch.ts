/**
 * The one deep merge of a PATCH body into a stored object, as pure functions: JSON Merge
 * Patch (RFC 7396) where the object says it merges. A field of the patch replaces the stored
 * one, `null` removes it, and an object merges field by field into the stored object only at
 * the paths `merges` names (`styling`, `styling.sidebar`); anywhere else an object is a value
 * given whole (a colour, a content reference), never mixed with the one it replaces. A group
 * left empty goes. Keys that reach a prototype (`__proto__`, `constructor`, `prototype`) are
 * never copied.
 */
type Json = Record<string, unknown>;

/** Whether an object at `path` (dotted, `styling.sidebar`) merges field by field. */
export type Merges = (path: string) => boolean;

const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

export const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** `patch` merged into `stored` (neither is changed). */
export function mergePatch(stored: Json, patch: Json, merges: Merges, path = ''): Json {
  const out: Json = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (UNSAFE.has(key)) continue;
    const at = child(path, key);
    if (value === null) delete out[key];
    else if (isPlainObject(value) && merges(at)) {
      const merged = mergePatch(isPlainObject(out[key]) ? out[key] : {}, value, merges, at);
      if (Object.keys(merged).length) out[key] = merged;
      else delete out[key];
    } else out[key] = value;
  }
  return out;
}

/** `over` laid over `base` (neither is changed): the fields of `over` win, objects at the paths `merges` names merge field by field. */
export function layOver(base: Json, over: Json, merges: Merges, path = ''): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    if (UNSAFE.has(key)) continue;
    const at = child(path, key);
    out[key] = isPlainObject(value) && isPlainObject(out[key]) && merges(at) ? layOver(out[key], value, merges, at) : value;
  }
  return out;
}
