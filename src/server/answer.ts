/**
 * What a route gives back: a Response, or a promise of one where a step had to wait (a body to
 * read, a delay, a row's `after` step, an admin call that loads a file). @hono/node-server
 * writes a Response handed back at once on its fast path, and a promise through a slower one
 * (a close listener and a second write path per request: docs/benchmarks.md, issue 25), so the
 * pipeline's steps stay synchronous until one of them has to wait, and only that one awaits.
 */
export type Answer = Response | Promise<Response>;

/** `next(value)`: at once when `value` is no promise, after it when it is. */
export function andThen<T, U>(value: T | Promise<T>, next: (value: T) => U | Promise<U>): U | Promise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** What `run` gives, or `recover(error)` where it throws or its promise rejects. */
export function guarded<T>(run: () => T | Promise<T>, recover: (error: unknown) => T): T | Promise<T> {
  let value: T | Promise<T>;
  try {
    value = run();
  } catch (error) {
    return recover(error);
  }
  return value instanceof Promise ? value.catch(recover) : value;
}

/** `value`, with `done()` called once it is settled, however it settles. */
export function lastly<T>(value: T | Promise<T>, done: () => void): T | Promise<T> {
  if (value instanceof Promise) return value.finally(done);
  done();
  return value;
}
