/**
 * The virtual clock. It runs with wall time from the instant it was set, unless frozen.
 * Every timestamp and every time rule of the server reads it.
 */
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
    this.base = new Date(start).getTime();
    this.setAtWall = this.wallNow();
  }

  nowMs(): number {
    return this.isFrozen ? this.base : this.base + (this.wallNow() - this.setAtWall);
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  /** The now as ISO text; the text of the last millisecond asked for is kept. */
  iso(): string {
    const ms = this.nowMs();
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastIso = new Date(ms).toISOString();
    }
    return this.lastIso;
  }

  private lastMs = NaN;
  private lastIso = '';

  get frozen(): boolean {
    return this.isFrozen;
  }

  /** Moves the clock to `at`, keeping whether it is frozen. */
  set(at: Date | string | number): void {
    this.base = new Date(at).getTime();
    this.setAtWall = this.wallNow();
  }

  advance(ms: number): void {
    this.set(this.nowMs() + ms);
  }

  freeze(frozen: boolean): void {
    if (frozen === this.isFrozen) return;
    this.base = this.nowMs();
    this.setAtWall = this.wallNow();
    this.isFrozen = frozen;
  }

  state(): ClockState {
    return { now: this.iso(), frozen: this.isFrozen };
  }
}

const DURATION =
  /^(-)?P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/**
 * Parses an ISO 8601 duration of weeks, days, hours, minutes and seconds ("P7D",
 * "-PT1H", "P6DT23H") into milliseconds. Years and months have no fixed length and
 * are refused. Returns undefined when the text is not such a duration.
 */
export function parseDuration(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text === '-P' || text.endsWith('T')) return undefined;
  const [, sign, w, d, h, min, s] = m;
  const n = (v: string | undefined) => (v === undefined ? 0 : Number(v));
  const ms = ((((n(w) * 7 + n(d)) * 24 + n(h)) * 60 + n(min)) * 60 + n(s)) * 1000;
  return sign ? -ms : ms;
}

/**
 * Resolves a timestamp written in a scenario: an ISO date-time, or a duration relative
 * to `now` ("-P6DT23H" is six days and 23 hours before now).
 */
export function resolveTime(value: string, now: number): string {
  const offset = parseDuration(value);
  if (offset !== undefined) return new Date(now + offset).toISOString();
  return new Date(value).toISOString();
}
