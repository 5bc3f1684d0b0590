/**
 * The sessions of one app (docs/contract.md "Sessions"): the default session, and one forked
 * runtime per `X-Mock-Session` name, created on first use from the scenario loaded in the
 * default session. Idle sessions are dropped after `sessionTtl` seconds, and past
 * `maxSessions` the least recently used idle one goes. Times are wall time (not the
 * virtual clock of any session), read from `options.wallClock` so tests can move it.
 */
import { errors } from '../contract/errors.ts';
import type { Runtime } from '../runtime.ts';
import { argumentError } from '../text/argument-error.ts';

export const DEFAULT_SESSION = 'default';
export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_SESSION_TTL_SECONDS = 1800;
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const SESSION_NAME_TAKES = 'a session name (1 to 64 of A-Z a-z 0-9 . _ -)';
/** How often, at most, a request looks for sessions past their idle time. */
const SWEEP_EVERY_MS = 1000;
/** How many session names the warning on a read of a missing one lists. */
const MISSING_NAMES_SHOWN = 20;

export interface Session {
  readonly name: string;
  readonly runtime: Runtime;
  readonly createdAt: number;
  lastUsedAt: number;
  /** Requests that named this session (admin calls included). */
  requests: number;
  /** Requests still being answered: a busy session is never dropped. */
  inFlight: number;
  /**
   * Set on what an admin read of a session that does not exist gets: a fresh fork, as the
   * session would start, that is not kept; the sentence says so and names the sessions there are.
   */
  readonly missing?: string;
}

export interface SessionInfo {
  name: string;
  scenario: string;
  createdAt: string;
  lastUsedAt: string;
  requests: number;
}

/** Whether `name` is a session name: 1 to 64 of `A-Z a-z 0-9 . _ -`. */
export function isSessionName(name: string): boolean {
  return NAME.test(name);
}

function infoOf(s: Session): SessionInfo {
  return {
    name: s.name,
    scenario: s.runtime.scenarioName,
    createdAt: new Date(s.createdAt).toISOString(),
    lastUsedAt: new Date(s.lastUsedAt).toISOString(),
    requests: s.requests,
  };
}

export class Sessions {
  private readonly byName = new Map<string, Session>();
  private readonly wall: () => number;
  private readonly max: number;
  private readonly ttlMs: number;
  private lastSweep = 0;

  constructor(readonly main: Runtime) {
    const { options } = main;
    this.wall = options.wallClock ?? Date.now;
    this.max = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.ttlMs = (options.sessionTtl ?? DEFAULT_SESSION_TTL_SECONDS) * 1000;
    const now = this.wall();
    this.byName.set(DEFAULT_SESSION, { name: DEFAULT_SESSION, runtime: main, createdAt: now, lastUsedAt: now, requests: 0, inFlight: 0 });
  }

  /**
   * The session a request names (`undefined`: the default), created if new; counts the
   * request. A bad name is a 400. Call `done` when the request has been answered.
   * `create: false` (an admin read): a session that does not exist is answered from a fresh
   * fork that is not kept, with `missing` saying so.
   */
  open(name: string | undefined, create = true): Session {
    const key = name ?? DEFAULT_SESSION;
    const now = this.wall();
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now);
    let session = this.byName.get(key);
    if (!session) {
      if (typeof key !== 'string') throw argumentError('sessions.open(name): name', SESSION_NAME_TAKES, key);
      if (!isSessionName(key)) throw errors.badRequest('X-Mock-Session must be 1 to 64 of A-Z a-z 0-9 . _ -');
      // A read answers as the new session would start, without keeping it (docs/contract.md,
      // "Sessions": a request naming a new session sees the default's scenario).
      if (!create) return { name: key, runtime: this.main.fork(), createdAt: now, lastUsedAt: now, requests: 1, inFlight: 1, missing: this.missing(key) };
      session = { name: key, runtime: this.main.fork(), createdAt: now, lastUsedAt: now, requests: 0, inFlight: 0 };
      this.byName.set(key, session);
    }
    session.lastUsedAt = now;
    session.requests++;
    session.inFlight++;
    if (this.size > this.max) this.evictPastMaximum();
    return session;
  }

  /** What a read naming a session that does not exist is told: it names the ones that do. */
  missing(name: string): string {
    const names = [...this.byName.keys()];
    const shown = names.length > MISSING_NAMES_SHOWN ? `${names.slice(0, MISSING_NAMES_SHOWN).join(', ')} and ${names.length - MISSING_NAMES_SHOWN} more` : names.join(', ');
    return `Session "${name}" does not exist: this answer is what it would hold when started, and reading it did not start it; this server has ${names.length === 1 ? 'only' : 'sessions'} ${shown}. A write naming it (a scenario load, POST /__admin/reset, PUT /__admin/sessions/${name}, an API request) starts it`;
  }

  done(session: Session): void {
    session.inFlight--;
    session.lastUsedAt = this.wall();
  }

  get(name: string): Session | undefined {
    if (typeof name !== 'string') throw argumentError('sessions.get(name): name', SESSION_NAME_TAKES, name);
    return this.byName.get(name);
  }

  list(): SessionInfo[] {
    this.sweep(this.wall());
    return [...this.byName.values()].map(infoOf);
  }

  /** Starts session `name` if it does not exist (PUT /__admin/sessions/{name}); `created` says whether it did. */
  start(name: string): { info: SessionInfo; created: boolean } {
    if (typeof name !== 'string') throw argumentError('sessions.start(name): name', SESSION_NAME_TAKES, name);
    if (!isSessionName(name)) throw errors.badRequest('path.name must be 1 to 64 of A-Z a-z 0-9 . _ -');
    const created = !this.byName.has(name);
    const session = this.open(name);
    this.done(session);
    return { info: infoOf(session), created };
  }

  /** Drops session `name`: 400 for the default one or a bad name, 404 for an unknown one. */
  delete(name: string): void {
    if (typeof name !== 'string') throw argumentError('sessions.delete(name): name', SESSION_NAME_TAKES, name);
    if (name === DEFAULT_SESSION) throw errors.badRequest('The default session cannot be deleted; POST /__admin/reset resets it');
    if (!isSessionName(name)) throw errors.badRequest('A session name is 1 to 64 of A-Z a-z 0-9 . _ -');
    if (!this.byName.delete(name)) throw errors.notFound('Session', name);
  }

  /** Named sessions besides the default one. */
  get size(): number {
    return this.byName.size - 1;
  }

  /** Drops the sessions idle for longer than the time to live. */
  private sweep(now: number): void {
    this.lastSweep = now;
    if (this.ttlMs <= 0) return;
    for (const session of this.byName.values()) {
      if (session.name !== DEFAULT_SESSION && session.inFlight === 0 && now - session.lastUsedAt > this.ttlMs) {
        this.byName.delete(session.name);
      }
    }
  }

  /** Past the maximum, drops the least recently used idle sessions (busy ones stay). */
  private evictPastMaximum(): void {
    while (this.size > this.max) {
      let oldest: Session | undefined;
      for (const session of this.byName.values()) {
        if (session.name === DEFAULT_SESSION || session.inFlight > 0) continue;
        if (!oldest || session.lastUsedAt < oldest.lastUsedAt) oldest = session;
      }
      if (!oldest) return;
      this.byName.delete(oldest.name);
    }
  }
}
