/**
 * The server prints its listening line before any validator exists (they compile on an
 * operation's first request, see registrar.ts). Right after, it compiles them in idle time,
 * one schema per turn of the event loop, so a request arriving meanwhile waits for one
 * schema at most and the first requests of a session rarely pay for compilation.
 *
 * Idle means no request for a moment (`busy`, bin.ts). Compiling between requests made the
 * first seconds under load slow: POST a comment on `large` with `--data` ran at 830-1,720
 * requests a second with a p99 of 49-102 ms for its first 2 s, against 2,100-2,550 and
 * 12-16 ms now (a one-off script, three runs each; docs/benchmarks.md, issue 18). A busy
 * server compiles what its requests need as they come, and the rest once it is idle.
 *
 * Before them, whatever the caller names first (`first`), one step each: bin.ts loads the
 * filler's faker, so that the first scenario that needs filler data does not wait for it.
 */
import type { Validators } from '../contract/validators.ts';
import type { Operation } from '../contract/operation.ts';

/** How long without a request before the server counts as idle. */
export const QUIET_MS = 100;

/**
 * When the server last had something to do, for the warm-up's `busy`. It starts busy: the
 * moment the server prints its listening line is when a client (a test runner, a script that
 * waited for that line) sends its first request, and a warm-up step already running then
 * (loading faker, about 35 ms; the first validator, which loads ajv, about 40) made it wait:
 * the first load of `large` right after the line took a median of about 400 ms, about 350
 * with the warm-up waiting for a first quiet moment (bench/large-speed.ts's first figure, issue 25).
 */
export class Activity {
  private last: number;

  constructor(now = performance.now()) {
    this.last = now;
  }

  /** A request came in (or the server just started listening). */
  note(now = performance.now()): void {
    this.last = now;
  }

  /** Whether something happened in the last QUIET_MS. */
  busy(now = performance.now()): boolean {
    return now - this.last < QUIET_MS;
  }
}

/** How long a busy server waits before it looks again. */
const BUSY_RETRY_MS = 20;

export function warmUp(schemas: () => Validators, operations: readonly Operation[], busy: () => boolean, first: readonly (() => void)[] = []): void {
  const steps: (() => void)[] = [...first];
  for (const op of operations) {
    const { params, query, body } = op;
    if (params) steps.push(() => schemas().coercingValidator(params));
    if (query) steps.push(() => schemas().coercingValidator(query));
    if (body) steps.push(() => schemas().bodyValidator(body));
  }
  const next = () => {
    if (busy()) {
      setTimeout(next, BUSY_RETRY_MS).unref();
      return;
    }
    const step = steps.shift();
    if (!step) return;
    step();
    // Not unref'd: an unref'd immediate does not keep the event loop from waiting for I/O,
    // so on an idle server each step waited for the next request (4 steps in 3 s, measured)
    // and the warm-up ran only under load, the opposite of its purpose.
    setImmediate(next);
  };
  setImmediate(next);
}
