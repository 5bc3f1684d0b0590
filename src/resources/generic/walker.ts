/**
 * Builds a value that fits a JSON Schema of the official document, deterministically: the
 * same schema, seed and hints always give the same value. The generic tier (generic/) answers
 * with it where the mock has no hand-written presenter.
 *
 * `hint` is what the caller wants in the value (a record's stored fields, the path's ids, a
 * request body): a hint that fits where it is put is taken. `substitute` puts a ready value
 * where the schema names a component (a family's record inside an action's answer).
 *
 * What no hint gives, the walker makes only where it is pure shape: an enum at its first
 * value, `false`, the least number, the fewest items; an optional field is left out. A
 * required reference, name, e-mail, link or time is asked of `source` (the generic tier
 * answers from the state, the caller and the clock: sources.ts). Without a source (the
 * walker alone, building request bodies in tests) such strings are generated from the seed.
 */
import { deriveId } from '../../ids.ts';

type Schema = Record<string, any>;

/** mulberry32 seeded from a text: a small deterministic generator. */
export function seeded(text: string): () => number {
  let a = 0;
  for (let i = 0; i < text.length; i++) a = (Math.imul(a, 31) + text.charCodeAt(i)) >>> 0;
  return mulberry32(a);
}

/** mulberry32: numbers in [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings for the patterns the official document uses: the first that fits is taken. */
const PATTERN_SAMPLES = [
  'example', 'docs.example.com', 'example.com/docs', '#346ddb', '@gitbook', 'UCabcdefghijklmnopqrstuv', 'gitbook/docs',
  '/docs', 'connection:example', 'integration:example', 'integration:example:block', 'refs/heads/main', 'a1',
];
const WORDS = ['guide', 'handbook', 'release', 'setup', 'account', 'billing', 'search', 'team', 'support', 'install', 'api', 'policy'];
/** Times are fixed (not the clock's reading), so two runs give the same bytes. */
const EPOCH = Date.parse('2026-01-01T00:00:00.000Z');

const FORMATS: Record<string, (v: string) => boolean> = {
  'date-time': (v) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(v) && !Number.isNaN(Date.parse(v)),
  date: (v) => /^\d{4}-\d\d-\d\d$/.test(v),
  uri: (v) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(v),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  byte: (v) => /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(v),
};

function fitsString(s: Schema, v: unknown): v is string {
  if (typeof v !== 'string') return false;
  if (s.minLength !== undefined && [...v].length < s.minLength) return false;
  if (s.maxLength !== undefined && [...v].length > s.maxLength) return false;
  if (s.pattern && !new RegExp(s.pattern, 'u').test(v)) return false;
  if (s.format && FORMATS[s.format] && !FORMATS[s.format](v)) return false;
  return true;
}

function fitsNumber(s: Schema, v: unknown, integer: boolean): v is number {
  if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v))) return false;
  if (s.minimum !== undefined && v < s.minimum) return false;
  if (s.maximum !== undefined && v > s.maximum) return false;
  if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return false;
  if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return false;
  return true;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Real values for what no hint fills (the generic tier's: sources.ts). */
export interface WalkSource {
  /** A ready object for a component the schema names (`User`, `Space`...), or undefined. */
  component(name: string): unknown;
  /** A value for a required field by its name and schema (an id, a title, an e-mail, a link, a time), or undefined. */
  field(name: string, schema: Schema): unknown;
}

export interface WalkOptions {
  /** The `$defs` that `#/$defs/Name` references resolve in. */
  defs: Record<string, Schema>;
  /** Seeds the generator (the app's seed, the operation, the record). */
  seed: string;
  /** Ready values for components by name (`#/$defs/Name`), taken where no hint is given. */
  substitute?: Record<string, unknown>;
  /** Where required values of the state come from; without one they are generated. */
  source?: WalkSource;
}

/** Past this depth a value is as small as the schema allows. */
const MAX_DEPTH = 24;

export function walk(schema: Schema, hint: unknown, options: WalkOptions): unknown {
  const rnd = seeded(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const resolve = (s: Schema): Schema => {
    let out = s;
    for (let i = 0; i < 32 && typeof out?.$ref === 'string'; i++) out = options.defs[out.$ref.replace('#/$defs/', '')] ?? {};
    return out ?? {};
  };
  const refName = (s: Schema): string | undefined => (typeof s?.$ref === 'string' ? s.$ref.replace('#/$defs/', '') : undefined);

  /** `allOf` parts folded into one schema (properties and requirements of every part). */
  const merged = (parts: Schema[]): Schema => {
    const out: Schema = {};
    for (const raw of parts) {
      const part = flat(resolve(raw));
      for (const [key, value] of Object.entries(part)) {
        if (key === 'properties') out.properties = { ...out.properties, ...mergeProps(out.properties ?? {}, value) };
        else if (key === 'required') out.required = [...new Set([...(out.required ?? []), ...value])];
        else if (key === 'oneOf' || key === 'anyOf') out[key] = out[key] ? out[key] : value;
        else if (!(key in out)) out[key] = value;
      }
    }
    return out;
  };
  const mergeProps = (a: Schema, b: Schema): Schema => {
    const out: Schema = {};
    for (const [name, value] of Object.entries(b)) out[name] = a[name] ? { allOf: [a[name], value] } : value;
    return out;
  };
  const flat = (s: Schema): Schema => (Array.isArray(s.allOf) ? (({ allOf, ...rest }) => merged([rest, ...allOf]))(s) : s);

  /** The alternative a hint points to (its constants match), else the first one not null. */
  const branch = (alternatives: Schema[], hint: unknown, beside: Schema = {}): Schema => {
    // An alternative closed to fields it does not list cannot sit beside fields of the rest
    // of an `allOf` (the document's "Empty" alternative next to a page's own fields).
    const besideNames = Object.keys((beside.properties ?? {}) as Schema);
    const closed = (alt: Schema) => {
      const s = flat(resolve(alt));
      return s.additionalProperties === false && besideNames.some((n) => !(n in ((s.properties ?? {}) as Schema))) ? 1000 : 0;
    };
    // On a tie the alternative that asks least: an object made for a stricter one may also
    // fit an open one, and then fits two alternatives of a oneOf.
    const asks = (alt: Schema) => ((flat(resolve(alt)).required as unknown[] | undefined)?.length ?? 0) / 100;
    const score = (alt: Schema): number => {
      const s = flat(resolve(alt));
      if (isObject(hint)) {
        let n = 0;
        for (const [name, p] of Object.entries((s.properties ?? {}) as Schema)) {
          const prop = resolve(p);
          if (!(name in hint)) continue;
          if (prop.const !== undefined) n += prop.const === hint[name] ? 10 : -100;
          else if (Array.isArray(prop.enum)) n += prop.enum.includes(hint[name]) ? 5 : -50;
          else n += 1;
        }
        return n + (typeOf(s) === 'object' ? 1 : 0);
      }
      if (hint === undefined) return typeOf(s) === 'null' ? -1 : 0;
      // A value that one alternative takes as it is (`builtin:email` of a connector's builtin
      // enum, not its `integration:` pattern) picks that one: another would replace it.
      const takes = Array.isArray(s.enum) ? s.enum.includes(hint) : typeof hint === 'string' && typeOf(s) === 'string' && fitsString(s, hint);
      return takes ? 2 : typeOf(s) === jsonType(hint) ? 1 : 0;
    };
    let best = alternatives[0];
    let bestScore = -Infinity;
    for (const alt of alternatives) {
      const sc = score(alt) - asks(alt) - closed(alt);
      if (sc > bestScore) [best, bestScore] = [alt, sc];
    }
    return best;
  };

  const gen = (raw: Schema, hint: unknown, depth: number, name: string): unknown => {
    const ref = refName(raw);
    if (ref && hint === undefined && options.substitute && ref in options.substitute) return options.substitute[ref];
    if (ref && hint === undefined && options.source) {
      const ready = options.source.component(ref);
      if (ready !== undefined) return ready;
    }
    let s = flat(resolve(raw));
    const alternatives = s.oneOf ?? s.anyOf;
    if (alternatives) {
      const { oneOf: _o, anyOf: _a, ...rest } = s;
      s = merged([rest, branch(alternatives, hint, rest)]);
      return gen(s, hint, depth, name);
    }
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) {
      if (s.enum.some((v: unknown) => v === hint)) return hint;
      const named = s.enum.filter((v: unknown) => v !== null);
      return named.length ? named[0] : null;
    }
    switch (typeOf(s)) {
      case 'null':
        return null;
      case 'boolean':
        return typeof hint === 'boolean' ? hint : false;
      case 'integer':
      case 'number': {
        const integer = typeOf(s) === 'integer';
        if (fitsNumber(s, hint, integer)) return hint;
        // A count of nothing: zero, or the least the schema allows.
        const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.5) : 0);
        const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : Infinity);
        return Math.min(Math.max(0, low), high);
      }
      case 'string':
        return fitsString(s, hint) ? hint : text(s, name);
      case 'array': {
        const items = (s.items ?? {}) as Schema;
        const max = s.maxItems ?? Infinity;
        const min = s.minItems ?? 0;
        if (Array.isArray(hint) && hint.length >= min && hint.length <= max) return hint.map((h, i) => gen(items, h, depth + 1, `${name}${i}`));
        // No items given: as few as the schema allows.
        const count = Math.min(min, max);
        return Array.from({ length: count }, (_, i) => gen(items, undefined, depth + 1, `${name}${i}`));
      }
      case 'object':
        return object(s, hint, depth);
      default:
        // No type said: anything goes; the hint if there is one.
        return hint === undefined ? null : hint;
    }
  };

  const object = (s: Schema, hint: unknown, depth: number): Record<string, unknown> => {
    const given = isObject(hint) ? hint : {};
    const out: Record<string, unknown> = {};
    const required = new Set<string>(s.required ?? []);
    const properties = (s.properties ?? {}) as Schema;
    for (const [name, prop] of Object.entries(properties)) {
      const wanted = Object.hasOwn(given, name) ? given[name] : undefined;
      const resolved = resolve(prop);
      // A field no value can fit (`minLength` 2, `maxLength` 1) is the document's way to say "never here".
      const never = resolved.minLength > resolved.maxLength || resolved.minimum > resolved.maximum || resolved.minItems > resolved.maxItems;
      // An optional field is there only when given: nothing is made up for it.
      if (required.has(name) || (wanted !== undefined && !never)) {
        const value = gen(prop, wanted, depth + 1, name);
        if (value !== undefined) out[name] = value;
      }
    }
    // Fewer fields than the schema asks (`minProperties`): the first optional ones, in order.
    for (const [name, prop] of Object.entries(properties)) {
      if (Object.keys(out).length >= (s.minProperties ?? 0)) break;
      if (!(name in out)) out[name] = gen(prop, undefined, depth + 1, name);
    }
    // Required fields no property names (a map with required keys).
    const extra = s.additionalProperties;
    for (const name of required) if (!(name in out)) out[name] = gen(isObject(extra) ? extra : {}, given[name], depth + 1, name);
    if (isObject(extra) && depth < MAX_DEPTH) {
      for (const [key, value] of Object.entries(given)) {
        if (!(key in properties) && !(key in out) && fitsKey(s, key)) out[key] = gen(extra, value, depth + 1, key);
      }
      for (let i = Object.keys(out).length; i < (s.minProperties ?? 0); i++) out[`key${i}`] = gen(extra, undefined, depth + 1, `key${i}`);
    }
    return out;
  };
  const fitsKey = (s: Schema, key: string) => !s.propertyNames || fitsString(resolve(s.propertyNames), key);

  /** A string for the schema: by format, by pattern, by the field's name. */
  const text = (s: Schema, name: string): string => {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? Infinity;
    const sized = (v: string) => (v.length < min ? v.padEnd(min, 'x') : v).slice(0, max);
    if (options.source) {
      const real = options.source.field(name, s);
      if (fitsString(s, real)) return real;
    }
    switch (s.format) {
      case 'date-time':
        return new Date(EPOCH - Math.floor(rnd() * 90) * 86_400_000).toISOString();
      case 'date':
        return new Date(EPOCH - Math.floor(rnd() * 90) * 86_400_000).toISOString().slice(0, 10);
      case 'uri':
        return `https://example.com/${pick(WORDS)}`;
      case 'email':
        return `${pick(WORDS)}@example.com`;
      case 'uuid': {
        const hex = deriveId(`${options.seed}:${rnd()}`, 32).toLowerCase().replace(/[^0-9a-f]/g, '0').padEnd(32, '0');
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
      }
      case 'byte':
        return 'Z2l0Ym9vaw==';
      case 'emoji':
        return '1f4d8';
      case 'icon':
        return 'book';
    }
    if (s.pattern) {
      const fit = PATTERN_SAMPLES.find((v) => fitsString(s, v));
      if (fit) return fit;
    }
    const lower = name.toLowerCase();
    let value: string;
    // Ids, keys and tokens are the mock's own to make (as a record's id), from the seed.
    if (lower === 'id' || lower.endsWith('id') || /key|token|secret/.test(lower)) value = deriveId(`${options.seed}:${name}:${rnd()}`);
    // Text no one gave and the state cannot tell: as short as the schema allows.
    else if (options.source) value = '';
    else if (lower.includes('url') || lower === 'href') value = `https://example.com/${pick(WORDS)}`;
    else if (lower.includes('title') || lower.includes('name') || lower === 'label') value = `${capital(pick(WORDS))} ${pick(WORDS)}`;
    else value = `${capital(pick(WORDS))} ${pick(WORDS)} ${pick(WORDS)}`;
    return sized(value);
  };

  return gen(schema, hint, 0, 'value');
}

const capital = (w: string) => w[0].toUpperCase() + w.slice(1);

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The type a schema says, the first not null of a list; `object` where it has properties. */
function typeOf(s: Schema): string | undefined {
  const type = Array.isArray(s.type) ? (s.type.find((t: string) => t !== 'null') ?? s.type[0]) : s.type;
  if (type) return type;
  if (s.properties || s.additionalProperties || s.required) return 'object';
  if (s.items) return 'array';
  return undefined;
}
