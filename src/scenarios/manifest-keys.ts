/**
 * Looking up a key of a scenario manifest for a test (`gb.id('spaces', 'handbook')`,
 * `gb.token('editor')`): a key the manifest lacks throws naming it, the nearest key it has
 * (edit distance, fastest-levenshtein) and the keys there are. Nothing here imports Node.
 */
import { distance } from 'fastest-levenshtein';
import type { Manifest } from './loader.ts';
import { argumentError } from '../text/argument-error.ts';

/** How many keys a miss lists (a `large` manifest has few, a custom one may have many). */
const LISTED = 30;

function missing(what: string, key: string, known: string[]): string {
  const near = [...known].sort((a, b) => distance(key, a) - distance(key, b))[0];
  const hint = near !== undefined && distance(key, near) <= Math.max(2, Math.floor(key.length / 2)) ? `; did you mean "${near}"?` : '';
  const list = known.length > LISTED ? `${known.slice(0, LISTED).join(', ')} and ${known.length - LISTED} more` : known.join(', ') || 'none';
  return `the manifest has no ${what} "${key}"${hint} (${what === 'user' ? 'users' : 'keys'}: ${list})`;
}

/** The id of `key` in `collection`; throws (prefixed by `who`) when the manifest has none. */
export function manifestId(manifest: Manifest, collection: string, key: string, who: string): string {
  if (typeof collection !== 'string') throw argumentError(`${who}: id(collection, key): collection`, 'the name of a manifest collection', collection);
  if (typeof key !== 'string') throw argumentError(`${who}: id(collection, key): key`, 'a key of the collection', key);
  const ids = Object.hasOwn(manifest.ids, collection) ? manifest.ids[collection] : undefined;
  if (!ids) throw new Error(`${who}: ${missing('collection', collection, Object.keys(manifest.ids)).replace(' (keys:', ' (collections:')}`);
  const id = Object.hasOwn(ids, key) ? ids[key] : undefined;
  if (id === undefined) throw new Error(`${who}: ${missing(collection, key, Object.keys(ids))}`);
  return id;
}

/** The token of user `user` (or of an installation, by its key); throws naming the users otherwise. */
export function manifestToken(manifest: Manifest, user: string, who: string): string {
  if (typeof user !== 'string') throw argumentError(`${who}: token(user): user`, 'the key of a manifest user or installation', user);
  const installations = manifest.installationTokens ?? {};
  const token = Object.hasOwn(manifest.tokens, user) ? manifest.tokens[user] : Object.hasOwn(installations, user) ? installations[user] : undefined;
  if (!token) throw new Error(`${who}: ${missing('user', user, Object.keys(manifest.tokens))}`);
  return token;
}
