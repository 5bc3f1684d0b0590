/**
 * Hono's own router, remembering its answers. The mock's route table defeats RegExpRouter
 * (ambiguous routes such as `/versions/latest` beside `/versions/{versionId}`), so it is Hono's
 * TrieRouter (what SmartRouter fell back to at the first request, after building a
 * RegExpRouter for nothing: 10-20 ms of each app's first request, issue 25), which walks the tree and sorts the matching handlers
 * on every request: about 9 µs a request, 5 % of the server's CPU under GET a space
 * (`--cpu-prof`, 10 connections), where a bare route's RegExpRouter takes under 1 µs.
 * Routes are only added while the app is built, so a method and path always match the same
 * handlers: the answer is kept, for paths of at most MAX_PATH characters and up to KEPT of
 * them (then the lot is dropped and refilled). Adding a route drops them too. A kept path is
 * a copy (text/detach.ts): the path Hono gives is cut from the request's URL, and as a key it
 * would keep that whole URL alive, a 15 KB query included (measured: 3,000 such GETs of
 * unknown spaces left 24 MB of heap behind, test/system/security/journal-heap.test.ts).
 *
 * A match keeps only its first handler. The app has no middleware (the pipeline wraps each
 * route: server/registrar.ts) and no route calls `next`, so the first route that matches
 * answers, as it did in Hono's compose; but with one handler Hono calls it directly instead of
 * composing a chain, and a synchronous answer stays synchronous (server/answer.ts). A path that
 * matches two routes is `/versions/latest` beside `/versions/{versionId}` (the more specific is
 * added first), or a route beside the 405 of its path (the route is added first).
 */
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { detach } from '../text/detach.ts';

const KEPT = 2000;
const MAX_PATH = 512;

export class CachedRouter<T> implements Router<T> {
  readonly name = 'CachedRouter';
  private readonly inner: Router<T> = new TrieRouter<T>();
  private readonly byMethod = new Map<string, Map<string, Result<T>>>();
  private size = 0;

  add(method: string, path: string, handler: T): void {
    this.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > MAX_PATH) return first(this.inner.match(method, path));
    let kept = this.byMethod.get(method);
    const hit = kept?.get(path);
    if (hit) return hit;
    // Matched on the copy, so the params in the kept answer are cut from it, not from the URL.
    const key = detach(path);
    const result = first(this.inner.match(method, key));
    if (this.size >= KEPT) this.clear();
    if (!kept || this.size === 0) {
      kept = this.byMethod.get(method) ?? new Map();
      this.byMethod.set(method, kept);
    }
    kept.set(key, result);
    this.size++;
    return result;
  }

  private clear(): void {
    this.byMethod.clear();
    this.size = 0;
  }
}

/** The match with its first handler alone (both of Hono's result shapes list handlers first). */
function first<T>(result: Result<T>): Result<T> {
  if (result[0].length <= 1) return result;
  return [result[0].slice(0, 1), ...result.slice(1)] as Result<T>;
}
