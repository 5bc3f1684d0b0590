import { createHash } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A 20-character base62 id derived from the text: same text, same id. */
export function deriveId(text: string, length = 20): string {
  const digest = createHash('sha256').update(text).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[digest[i] % 62];
  return out;
}

/**
 * Ids for entities created at run time. They are derived from the app's seed and a
 * counter, so two runs that make the same requests get the same ids.
 */
export class IdSource {
  private counter = 0;

  constructor(private readonly seed: string) {}

  next(kind: string): string {
    this.counter += 1;
    return deriveId(`${this.seed}:runtime:${kind}:${this.counter}`);
  }

  /** A secret-looking token (share link keys, API tokens). */
  token(kind: string, prefix = ''): string {
    this.counter += 1;
    return prefix + deriveId(`${this.seed}:token:${kind}:${this.counter}`, 32);
  }

  get position(): number {
    return this.counter;
  }

  set position(value: number) {
    this.counter = value;
  }
}
