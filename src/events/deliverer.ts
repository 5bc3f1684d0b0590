/**
 * Sends events to their receivers: one queue per installation, tried one at a time, first tries
 * in commit order; each event is tried until its receiver answers 2xx, up to
 * `retryDelaysMs.length + 1` tries (at least once, the same bytes and `eventId` each time). A
 * retry waits its delay without holding back the events behind it: the next due try goes
 * first, so a receiver that refuses one event gets the later ones as soon as it answers, and
 * gets the retry after them (docs/behaviour.md, "Delivery").
 * Nothing here runs inside a request: a slow or silent receiver delays only its own queue.
 *
 * Waits between tries are on the session's virtual clock: while it runs they pass with wall
 * time; while it is frozen, moving it forward lets every try that falls due in the interval
 * happen (as if that time had passed), and nothing is tried before.
 */
import type { VirtualClock } from '../clock.ts';
import type { DeliveryRequest } from './encode.ts';
import type { Attempt, Delivery } from './types.ts';

export interface DelivererOptions {
  /** Wall milliseconds a receiver has to answer a try (default 10,000, as GitBook's Webhook integration). */
  timeoutMs?: number;
  /** Virtual milliseconds before each retry (default 1 s, 2 s, 4 s, as GitBook's Webhook integration). */
  retryDelaysMs?: readonly number[];
  /** The fetch the deliveries go through (tests inject one). */
  fetch?: typeof fetch;
}

/** The session's in-memory sink: takes every event at once. */
export const SINK_URL = 'mock:events';
const EXCERPT = 512;
/** The statuses whose answers have no body. */
const NO_BODY = new Set([204, 205, 304]);

interface Job {
  delivery: Delivery;
  request: DeliveryRequest;
  /** When the next try is due, in virtual milliseconds. */
  due: number;
  /** Tries made by this job (a redelivery starts a new job with its own retries). */
  tries: number;
}

interface Queue {
  /** In the order they were queued. */
  jobs: Job[];
  running: boolean;
  /** The job whose try is under way. */
  current?: Job;
}

/** The job due first; among jobs due at once, the first queued. */
function earliest(queue: Queue): Job | undefined {
  let first: Job | undefined;
  for (const job of queue.jobs) if (!first || job.due < first.due) first = job;
  return first;
}

/** The queue a delivery waits in: its installation's, or for a task its receiver's URL. */
function queueOf(delivery: Delivery): string {
  return delivery.installationId ?? `task ${delivery.url}`;
}

export class Deliverer {
  private queues = new Map<string, Queue>();
  /** Bumped by `stop`: a loop of an older generation ends at its next step. */
  private generation = 0;
  private readonly timeoutMs: number;
  private readonly delays: readonly number[];
  private readonly send: typeof fetch;

  constructor(
    private readonly clock: VirtualClock,
    options: DelivererOptions = {},
    /** Told after every try (the log wakes whoever waits on it). */
    private readonly onAttempt: (delivery: Delivery) => void = () => {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.delays = options.retryDelaysMs ?? [1000, 2000, 4000];
    this.send = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Queues a delivery behind the installation's earlier ones; it is tried when they are done. */
  enqueue(delivery: Delivery, request: DeliveryRequest): void {
    let queue = this.queues.get(queueOf(delivery));
    if (!queue) this.queues.set(queueOf(delivery), (queue = { jobs: [], running: false }));
    queue.jobs.push({ delivery, request, due: this.clock.nowMs(), tries: 0 });
    if (!queue.running) void this.run(queue, this.generation);
    // A queue waiting for a retry tries this one first.
    else this.wake();
  }

  /**
   * Drops a delivery's queued tries (the log no longer keeps its event): a receiver that never
   * answers cannot make the queue, and its bodies, grow without bound. A try under way finishes.
   */
  forget(delivery: Delivery): void {
    const queue = this.queues.get(queueOf(delivery));
    if (!queue) return;
    const at = queue.jobs.findIndex((job) => job.delivery === delivery && job !== queue.current);
    if (at >= 0) queue.jobs.splice(at, 1);
  }

  /** Forgets every queued delivery; tries under way finish and are not recorded. */
  stop(): void {
    this.generation++;
    this.queues = new Map();
    this.wake();
  }

  private async run(queue: Queue, generation: number): Promise<void> {
    queue.running = true;
    try {
      while (queue.jobs.length > 0 && generation === this.generation) {
        await this.until(() => earliest(queue)?.due ?? -Infinity, generation);
        const job = earliest(queue);
        if (generation !== this.generation || !job) continue;
        queue.current = job;
        const attempt = await this.attempt(job.request);
        queue.current = undefined;
        if (generation !== this.generation) return;
        this.settle(job, attempt);
        this.onAttempt(job.delivery);
        if (job.delivery.status !== 'pending') queue.jobs.splice(queue.jobs.indexOf(job), 1);
      }
    } finally {
      queue.running = false;
      queue.current = undefined;
    }
  }

  /** Records a try and decides what follows: done, failed for good, or another try later. */
  private settle(job: Job, attempt: Attempt): void {
    const { delivery } = job;
    delivery.attempts.push(attempt);
    job.tries++;
    if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
      delivery.status = 'delivered';
      delete delivery.nextAttemptAt;
      return;
    }
    const delay = this.delays[job.tries - 1];
    if (delay === undefined) {
      delivery.status = 'failed';
      delete delivery.nextAttemptAt;
      return;
    }
    // Frozen, the try happened "at" its due time; running, the wait starts when it ended.
    job.due = (this.clock.frozen ? job.due : this.clock.nowMs()) + delay;
    delivery.nextAttemptAt = new Date(job.due).toISOString();
  }

  /**
   * Sends one request at once, outside the queues, and gives the receiver's answer or what went
   * wrong: a `fetch` event, whose caller waits for the answer (no retry: the caller may try again).
   */
  async forward(request: DeliveryRequest): Promise<Response | { error: string }> {
    try {
      const signal = AbortSignal.timeout(this.timeoutMs);
      const res = await this.send(request.url, { method: 'POST', headers: request.headers, body: request.body, signal, redirect: 'manual' });
      // Read within the time too: the answer is passed on whole (no body where its status has none).
      const body = NO_BODY.has(res.status) ? null : await res.arrayBuffer();
      return new Response(body, { status: res.status, headers: res.headers });
    } catch (error) {
      return { error: describe(error, this.timeoutMs) };
    }
  }

  private async attempt(request: DeliveryRequest): Promise<Attempt> {
    const at = this.clock.iso();
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    if (request.url === SINK_URL) return { at, status: 200, durationMs: 0 };
    try {
      const signal = AbortSignal.timeout(this.timeoutMs);
      const res = await this.send(request.url, { method: 'POST', headers: request.headers, body: request.body, signal, redirect: 'manual' });
      const text = await res.text().catch(() => '');
      return { at, status: res.status, ...(text && { excerpt: text.slice(0, EXCERPT) }), durationMs: took() };
    } catch (error) {
      return { at, error: describe(error, this.timeoutMs), durationMs: took() };
    }
  }

  private waiters = new Set<() => void>();

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves once the virtual clock reaches `due()` (read again at each wake: a job queued meanwhile may be due first), or the deliverer stops. */
  private until(dueOf: () => number, generation: number): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let stopListening = () => {};
      const check = () => {
        if (timer) clearTimeout(timer);
        const due = dueOf();
        if (generation !== this.generation || this.clock.nowMs() >= due) {
          stopListening();
          this.waiters.delete(check);
          resolve();
          return;
        }
        // Running, the due time comes with wall time; frozen, only a move of the clock brings it.
        if (!this.clock.frozen) {
          timer = setTimeout(check, Math.max(1, due - this.clock.nowMs()));
          timer.unref?.();
        }
      };
      stopListening = this.clock.onChange(check);
      this.waiters.add(check);
      check();
    });
  }
}

function describe(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(error);
}
