/**
 * Seals tell a `--data` file the mock wrote itself from one it must check.
 *
 * Opening `large` from its file took 2.2 s, 1.3 s of it in the strict state check (compiling
 * the state schema, ajv's date-time formats, the references). The check is for states from
 * elsewhere: a hand-edited file, or one from another version of the mock. A file the mock
 * wrote holds the state it was serving, which came in through the same check or through
 * operations. So every snapshot and every journal line ends with a seal, an HMAC-SHA-256 of
 * the text before it, keyed by the state's format: the package version and every schema.
 * Where all seals match, the file is loaded as written. An edit anywhere, or a file from
 * another version, gets the full check (runtime.ts).
 *
 * The key is not a secret: a seal tells our own writing from an edit, not from someone who
 * means harm (whoever can write the file can change the state anyway).
 */
import { createHash, createHmac, type Hmac } from 'node:crypto';
import { perProcess } from '../cache/caches.ts';
import { schemaSources, type JsonSchema } from '../contract/schemas.ts';
import { packageVersion } from '../package-version.ts';

/** How every sealed text ends: `,"seal":"` + 64 hex digits + `"}`. */
const SEAL_OPEN = ',"seal":"';
const SEAL_LENGTH = SEAL_OPEN.length + 64 + 2;

/** The key of a state format: a change to the version or to any schema changes it. */
export function formatKey(version: string, sources: ReadonlyMap<string, JsonSchema>): Buffer {
  const hash = createHash('sha256').update(`gitbook-mock ${version}\n`);
  for (const id of [...sources.keys()].sort()) hash.update(`${id}\n${JSON.stringify(sources.get(id))}\n`);
  return hash.digest();
}

const processKey = perProcess(() => formatKey(packageVersion(), schemaSources()));

function mac(key: Buffer | undefined): Hmac {
  return createHmac('sha256', key ?? processKey());
}

/**
 * The pieces of a JSON object's text, passed on as they are, then the seal that closes it.
 * `open` is the object's text without its closing brace, in as many pieces as it comes.
 */
export function* sealed(open: Iterable<string>, key?: Buffer): Generator<string> {
  const hmac = mac(key);
  for (const piece of open) {
    hmac.update(piece);
    yield piece;
  }
  yield `${SEAL_OPEN}${hmac.digest('hex')}"}`;
}

/** One JSON object's text (`{…}`) with its seal. */
export function sealLine(json: string, key?: Buffer): string {
  return [...sealed([json.slice(0, -1)], key)].join('');
}

/** Whether a text (or its UTF-8 bytes) ends with the seal of what comes before it. */
export function hasSeal(text: string | Buffer, key?: Buffer): boolean {
  const end = text.length - SEAL_LENGTH;
  if (end < 1) return false;
  const [body, tail] = typeof text === 'string' ? [text.slice(0, end), text.slice(end)] : [text.subarray(0, end), text.toString('latin1', end)];
  if (!tail.startsWith(SEAL_OPEN) || !tail.endsWith('"}')) return false;
  return mac(key).update(body).digest('hex') === tail.slice(SEAL_OPEN.length, -2);
}
