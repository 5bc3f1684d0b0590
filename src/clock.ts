/**
 * The virtual clock. It runs with wall time from the instant it was set, unless frozen.
 * Every timestamp and every time rule of the server reads it.
 */
import { parse } from 'tinyduration';
import { argumentError } from './text/argument-error.ts';

export interface ClockState {
  now: string;
  frozen: boolean;
}

export class VirtualClock {
  private base: number;
  private setAtWall: number;
  private isFrozen = false;

  constructor(
    start: Date | string | number,
    private readonly wallNow: () => number = Date.now,
  ) {
    if (typeof wallNow !== 'function') throw argumentError('wallClock', 'a function answering milliseconds since 1970', wallNow);
    this.base = checkedInstant('the clock start', start);
    this.setAtWall = this.wallNow();
    if (!Number.isFinite(this.setAtWall)) throw argumentError('wallClock()', 'milliseconds since 1970', this.setAtWall);
  }

  nowMs(): number {
    return this.isFrozen ? this.base : this.base + (this.wallNow() - this.setAtWall);
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /**
   * The wall clock's reading, in milliseconds: what a receiver outside the mock (GitBook's
   * renderer, a webhook's server) compares a token's expiry or a signature's time with.
   */
  wallMs(): number {
    return this.wallNow();
  }

  /**
   * The now as ISO text; the text of the last millisecond asked for is kept. Most requests
   * fall in a millisecond of their own: written by `isoFormatter`, 0.15 µs a time against
   * 1.4-1.9 for a Date's `toISOString` (a loop of a million, issue 25).
   */
  iso(): string {
    const ms = this.nowMs();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastIso = this.format(ms);
    }
    return this.lastIso;
  }

  private lastMs = NaN;
  private lastIso = '';
  private readonly format = isoFormatter();

  get frozen(): boolean {
    return this.isFrozen;
  }

  /**
   * Moves the clock to `at` (a Date, an ISO 8601 date-time, or milliseconds since 1970), keeping
   * whether it is frozen; anything else is a TypeError, and the clock stays where it was.
   */
  set(at: Date | string | number): void {
    this.base = checkedInstant('clock.set(at): at', at);
    this.setAtWall = this.wallNow();
    this.changed();
  }

  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every move and every freeze (what waits on the virtual clock); returns its removal. */
  onChange(listener: () => void): () => void {
    if (typeof listener !== 'function') throw argumentError('clock.onChange(listener): listener', 'a function', listener);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /**
   * Moves the clock on by `by`: milliseconds, or an ISO 8601 duration (`"P1D"`, `"PT2H"`,
   * `"-P1M"`), as `POST /__admin/clock` takes `advance`; anything else, or a move past the
   * dates a Date holds, is a TypeError, and the clock stays where it was.
   */
  advance(by: number | string): void {
    const target = advancedBy(this.nowMs(), by);
    if (target === undefined) throw argumentError('clock.advance(by): by', ADVANCE_TAKES, by);
    this.set(target);
  }

  /** Stops the clock (`true`, the default) or lets it run on from where it stands (`false`). */
  freeze(frozen = true): void {
    if (typeof frozen !== 'boolean') throw argumentError('clock.freeze(frozen): frozen', 'true or false', frozen);
    if (frozen === this.isFrozen) return;
    this.base = this.nowMs();
    this.setAtWall = this.wallNow();
    this.isFrozen = frozen;
    this.changed();
  }

  state(): ClockState {
    return { now: this.iso(), frozen: this.isFrozen };
  }
}

/** The most milliseconds either side of 1970 a Date holds. */
const MAX_TIME = 8.64e15;

/** What the clock takes as a time (`set`, the admin API's `now`). */
export const INSTANT_TAKES = 'a Date, an ISO 8601 date-time such as "2026-01-01T00:00:00Z", or milliseconds since 1970';
/** What the clock takes as a move (`advance`, the admin API's `advance`). */
export const ADVANCE_TAKES = 'milliseconds or an ISO 8601 duration such as "P1D", "PT2H" or "-P1M" (whole months and years), landing on a date a Date holds';

/**
 * A time as the clock takes it, in milliseconds since 1970: a valid Date, a date-time that
 * `Date.parse` reads, or a finite number of milliseconds, within the dates a Date holds;
 * undefined for anything else.
 */
export function instantOf(at: unknown): number | undefined {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'string' ? Date.parse(at) : typeof at === 'number' ? at : Number.NaN;
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_TIME ? new Date(ms).getTime() : undefined;
}

function checkedInstant(name: string, at: unknown): number {
  const ms = instantOf(at);
  if (ms === undefined) throw argumentError(name, INSTANT_TAKES, at);
  return ms;
}

/**
 * `now` moved by `by` (milliseconds, or an ISO 8601 duration), as the clock takes a move;
 * undefined when `by` is neither, or lands past the dates a Date holds.
 */
export function advancedBy(now: number, by: unknown): number | undefined {
  if (typeof by === 'number') return instantOf(now + by);
  const duration = typeof by === 'string' ? parseDuration(by) : undefined;
  return duration && instantOf(addDuration(now, duration));
}

/** An ISO 8601 duration as tinyduration reads it (`P1Y2M`, `-PT1H`, `P1W`). */
export type Duration = ReturnType<typeof parse>;

/**
 * Reads an ISO 8601 duration ("P1M", "P7D", "-PT1H", "P1Y2M3DT4H") with tinyduration;
 * undefined when the text is not one. Years and months must be whole numbers (a month has
 * no fixed length to take a fraction of).
 */
export function parseDuration(text: string): Duration | undefined {
  let duration: Duration;
  try {
    duration = parse(text);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(duration.years ?? 0) || !Number.isInteger(duration.months ?? 0)) return undefined;
  return duration;
}

/**
 * `at` (ms) moved by `duration`, as a calendar would: years and months first, in calendar
 * months of UTC (Jan 31 + P1M is the last day of February, the time of day kept), then
 * weeks, days, hours, minutes and seconds as fixed lengths (UTC has no daylight saving).
 * Hand-written in 10 lines because date-fns `add` counts months in the process's local
 * time zone (its UTC form needs a second package, @date-fns/utc).
 */
export function addDuration(at: number, duration: Duration): number {
  const sign = duration.negative ? -1 : 1;
  const months = sign * ((duration.years ?? 0) * 12 + (duration.months ?? 0));
  let ms = at;
  if (months !== 0) {
    const date = new Date(at);
    const target = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
    const [year, month] = [Math.floor(target / 12), ((target % 12) + 12) % 12];
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    date.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
    ms = date.getTime();
  }
  const { weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0 } = duration;
  return ms + sign * ((((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000;
}

/**
 * Resolves a timestamp written in a scenario: an ISO date-time, or a duration relative
 * to `now` ("-P6DT23H" is six days and 23 hours before now, "-P1M" a calendar month).
 */
export function resolveTime(value: string, now: number): string {
  const offset = parseDuration(value);
  if (offset !== undefined) return new Date(addDuration(now, offset)).toISOString();
  return new Date(value).toISOString();
}

const DAY_MS = 86_400_000;

/**
 * A formatter of times as `Date.prototype.toISOString` writes them, for generators that
 * write hundreds of thousands: the date part is written once a day (by toISOString), the time
 * of day from whole numbers. 100,000 times in order took 62-108 ms with a Date each, 15-20 ms
 * so (best of 9, in-process, issue 25); 2,000,000 random times gave the same text both ways.
 */
export function isoFormatter(): (ms: number) => string {
  let dayStart = Number.NaN;
  const date = new Uint8Array(11);
  return (time) => {
    // What a Date keeps of the time: its whole milliseconds, toward zero.
    const ms = Math.trunc(time);
    if (!(ms - dayStart >= 0 && ms - dayStart < DAY_MS)) {
      dayStart = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
      const text = new Date(dayStart).toISOString();
      // A year before 0 or past 9999 is written with a sign and six digits: left to Date.
      if (text.length !== 24) {
        dayStart = Number.NaN;
        return new Date(ms).toISOString();
      }
      for (let i = 0; i < 11; i++) date[i] = text.charCodeAt(i);
    }
    // The time of day in whole numbers of 32 bits: a remainder of a floating-point number
    // (`%` of the milliseconds since 1970) was most of this function's time in the CLI's bundle.
    let rest = (ms - dayStart) | 0;
    const h = (rest / 3_600_000) | 0;
    rest -= h * 3_600_000;
    const m = (rest / 60_000) | 0;
    rest -= m * 60_000;
    const s = (rest / 1000) | 0;
    rest -= s * 1000;
    // Character codes: 48 is "0"; then ":" 58, "." 46, "Z" 90.
    return String.fromCharCode(
      date[0], date[1], date[2], date[3], date[4], date[5], date[6], date[7], date[8], date[9], date[10],
      48 + ((h / 10) | 0), 48 + (h % 10), 58, 48 + ((m / 10) | 0), 48 + (m % 10), 58, 48 + ((s / 10) | 0), 48 + (s % 10), 46,
      48 + ((rest / 100) | 0), 48 + (((rest / 10) | 0) % 10), 48 + (rest % 10), 90,
    );
  };
}
