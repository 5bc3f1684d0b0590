import { sha256Of, sha256Uuid } from './text/digest.ts';
import { checkWhole } from './text/argument-error.ts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * The id spelled from its digits in one piece. Appending characters one by one (`out += c`)
 * gives V8 a rope past the 13th: an id of 20 characters was a chain of eight 32-byte nodes,
 * and every row holds a few ids. `large` kept 942,000 such nodes, 30 of its 85 MB of heap
 * (heap snapshot after the memory soak's requests, docs/benchmarks.md, issue 18).
 */
function spell(digits: number[]): string {
  // In place (the caller hands over an array of its own): a mapped copy was garbage to collect.
  for (let i = 0; i < digits.length; i++) digits[i] = ALPHABET.charCodeAt(digits[i] % 62);
  return String.fromCharCode(...digits);
}

/** Where the digest of a short text is written: read at once, before the next id. */
const scratch = new Uint8Array(32);

/** A 20-character base62 id derived from the text: same text, same id. */
export function deriveId(text: string, length = 20): string {
  // Past the 32 bytes of one digest, further blocks hash the text with their number, so
  // ids up to 32 characters stay what they were and longer ones never read past the end.
  let digest = sha256Of(text, scratch);
  for (let block = 1; digest.length < length; block++) digest = joined(digest, sha256Of(`${text}#${block}`));
  // Copied by index: a spread of the digest goes through its iterator (0.6 µs an id).
  const digits = new Array<number>(length);
  for (let i = 0; i < length; i++) digits[i] = digest[i];
  return spell(digits);
}

/**
 * The kinds whose ids GitBook writes as a prefix and five base62 characters (`site_VMiJI`,
 * `sitesp_ugha9`, `sitesc_pD33P`: its renderer's fixtures and ids of real sites), by kind as
 * `IdSource.next` names it. Such an id is a valid CSS identifier, which the renderer needs of a
 * section (`#${section.id}` is a selector there); a bare id may start with a digit. No public
 * example shows a section group's id: it takes the same shape with the prefix of its kind.
 */
export const ID_PREFIXES: Readonly<Record<string, string>> = {
  site: 'site_',
  siteSpace: 'sitesp_',
  siteSection: 'sitesc_',
  siteSectionGroup: 'sitesg_',
};

/** How many characters follow the prefix of a shaped id. */
const SHAPED_LENGTH = 5;

/** The id of a `kind` derived from `text`: shaped as GitBook shapes that kind's ids (ID_PREFIXES), else 20 characters. */
export function deriveKindId(kind: string, text: string): string {
  const prefix = ID_PREFIXES[kind];
  return prefix === undefined ? deriveId(text) : prefix + deriveId(text, SHAPED_LENGTH);
}

function joined(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/**
 * Ids for entities created at run time. They are derived from the app's seed and a
 * counter, so two runs that make the same requests get the same ids.
 */
export class IdSource {
  private counter = 0;

  /**
   * `seed` gives the seed at each call (an imported state brings its own); `taken` says
   * whether an id is already in use (an imported state may hold any).
   */
  constructor(
    private readonly seed: () => string,
    private readonly taken: (id: string) => boolean = () => false,
  ) {}

  /** A new id of a `kind`, derived from the seed and the counter. */
  next(kind: string): string {
    let id: string;
    do {
      this.counter += 1;
      id = deriveKindId(kind, this.textOf(kind));
    } while (this.taken(id));
    return id;
  }

  /**
   * A new UUID-shaped id of a `kind` (an audit event's, the official AuditEvent's format): the
   * first 16 bytes of the SHA-256 of the text `next` derives from, in hex. One digest: it was
   * the digest of the base62 id `next` makes, a second SHA-256 for every audit event, which
   * every write leaves (issue 41; the ids stay one per seed and counter).
   */
  nextUuid(kind: string): string {
    let id: string;
    do {
      this.counter += 1;
      id = sha256Uuid(this.textOf(kind));
    } while (this.taken(id));
    return id;
  }

  /** What the counter's current id of a `kind` is derived from. */
  private textOf(kind: string): string {
    return `${this.seed()}:runtime:${kind}:${this.counter}`;
  }

  /** A secret-looking token (share link keys, API tokens), never one `inUse` knows. */
  token(kind: string, prefix = '', inUse: (token: string) => boolean = () => false): string {
    let token: string;
    do {
      this.counter += 1;
      token = prefix + deriveId(`${this.seed()}:token:${kind}:${this.counter}`, 32);
    } while (inUse(token));
    return token;
  }

  get position(): number {
    return this.counter;
  }

  set position(value: number) {
    this.counter = checkWhole('ids.position', value, 0, Number.MAX_SAFE_INTEGER);
  }
}

/** FNV-1a: a 32-bit hash of text, to seed a stream. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The character codes of ALPHABET, by digit. */
const CODES = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));

/** Mulberry32's output for a state (after the state's step): 32 bits, as an unsigned number. */
function mulberry32(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/**
 * A fast stream of 20-character base62 ids from a seed text (mulberry32), for generators
 * that make hundreds of thousands of records: the same seed text gives the same ids.
 */
export function idStream(seedText: string): () => string {
  // The state lives in a typed array (a number kept in a closure past 2^30 is boxed, a new
  // box each draw), and the id is spelled from its 20 codes in one call, with no array of
  // digits: 120,000 ids took 134-167 ms with an array spelled by `spell`, 23-26 ms so (best of
  // 9, in-process, issue 25). The ids are the same.
  const state = new Uint32Array([fnv1a(seedText)]);
  const c = new Uint8Array(20);
  return () => {
    let at = 0;
    for (let draw = 0; draw < 4; draw++) {
      let n = mulberry32((state[0] += 0x6d2b79f5) | 0);
      // Whole-number division (n / 62 is below 2^31), no `%`: `n % 62` on a draw past 2^31
      // is a floating-point remainder, and in the CLI's bundle it took 60 ms of a load of
      // `large` (its CPU profile; about 5 ms so).
      for (let k = 0; k < 5; k++) {
        const q = (n / 62) | 0;
        c[at++] = CODES[n - q * 62];
        n = q;
      }
    }
    return String.fromCharCode(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15], c[16], c[17], c[18], c[19]);
  };
}

/** Murmur3's 32-bit finalizer: every step can be undone, so it permutes the 32-bit numbers. */
export function mix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The inverse of `a` modulo 2^32 (`a` odd), by Newton's iteration: five steps reach 32 bits. */
function inverseOf(a: number): number {
  let x = a;
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(a, x));
  return x;
}

const UNMIX_1 = inverseOf(0x85ebca6b);
const UNMIX_2 = inverseOf(0xc2b2ae35);

/** The inverse of `mix32`. */
function unmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, UNMIX_2);
  h ^= (h >>> 13) ^ (h >>> 26);
  h = Math.imul(h, UNMIX_1);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The digit of each character code of ALPHABET; -1 for any other code below 128. */
const DIGITS = new Int8Array(128).fill(-1);
CODES.forEach((code, digit) => (DIGITS[code] = digit));

/** Digits of the mixed position, at the end of the id: 62^6 is past 2^32. */
const HEAD = 6;
/** Where they start. */
const AT = 20 - HEAD;

/**
 * Ids of generated rows that can be read back: the id of position `n` of a seed text is made
 * from `n` alone, and an id gives back its position. A generated table (store/generated-rows.ts)
 * makes its rows when they are first read; finding a row by id, or telling that an id is not
 * one of its own (the store's index of ids asks such a table for every new id,
 * store/id-index.ts), must not need an index of all of them. The last six characters spell
 * the position mixed with the seed (a permutation of the 32-bit numbers), the first fourteen
 * are drawn from that number, so that ids look as random as the rest; reading an id back
 * checks all twenty.
 */
export class PositionalIds {
  private readonly key: number;
  private readonly salt: number;
  private readonly codes = new Uint8Array(20);

  constructor(seedText: string) {
    this.key = fnv1a(seedText);
    this.salt = fnv1a(`${seedText}#draws`);
  }

  /** The id of position `n` (0 ≤ n < 2^32). */
  idAt(n: number): string {
    const c = this.codes;
    const mixed = mix32((n ^ this.key) >>> 0);
    // The first fourteen: mulberry32 draws (as idStream's) seeded by the mixed position.
    let state = (mixed ^ this.salt) >>> 0;
    for (let at = 0; at < AT; ) {
      state = (state + 0x6d2b79f5) >>> 0;
      let r = mulberry32(state);
      for (let k = 0; k < 5 && at < AT; k++) {
        const q = (r / 62) | 0;
        c[at++] = CODES[r - q * 62];
        r = q;
      }
    }
    // Then the mixed position, most significant digit first (a float division: it can pass 2^31).
    let head = mixed;
    for (let k = 19; k >= AT; k--) {
      const q = Math.floor(head / 62);
      c[k] = CODES[head - q * 62];
      head = q;
    }
    return String.fromCharCode(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], c[12], c[13], c[14], c[15], c[16], c[17], c[18], c[19]);
  }

  /** The position whose id is `id`, if it is below `length`; else -1. */
  positionOf(id: string, length: number): number {
    if (id.length !== 20) return -1;
    let mixed = 0;
    for (let k = AT; k < 20; k++) {
      const code = id.charCodeAt(k);
      const digit = code < 128 ? DIGITS[code] : -1;
      if (digit < 0) return -1;
      mixed = mixed * 62 + digit;
    }
    if (mixed > 0xffffffff) return -1;
    const n = (unmix32(mixed) ^ this.key) >>> 0;
    return n < length && this.idAt(n) === id ? n : -1;
  }
}
