import { describe, expect, it } from 'vitest';
import { addDuration, isoFormatter, parseDuration, resolveTime, VirtualClock } from '../../src/clock.ts';

const at = (iso: string) => Date.parse(iso);
const plus = (iso: string, text: string) => new Date(addDuration(at(iso), parseDuration(text)!)).toISOString();

describe('ISO 8601 durations on the virtual clock', () => {
  it('reads weeks, days and times as before', () => {
    expect(plus('2026-01-01T00:00:00.000Z', 'P1W')).toBe('2026-01-08T00:00:00.000Z');
    expect(plus('2026-01-01T00:00:00.000Z', '-P6DT23H')).toBe('2025-12-25T01:00:00.000Z');
    expect(plus('2026-01-01T00:00:00.000Z', 'PT1.5S')).toBe('2026-01-01T00:00:01.500Z');
  });

  it('adds calendar months, keeping the day or taking the last day of a shorter month', () => {
    expect(plus('2026-01-15T08:30:00.000Z', 'P1M')).toBe('2026-02-15T08:30:00.000Z');
    expect(plus('2026-01-31T00:00:00.000Z', 'P1M')).toBe('2026-02-28T00:00:00.000Z');
    expect(plus('2024-01-31T00:00:00.000Z', 'P1M')).toBe('2024-02-29T00:00:00.000Z');
    expect(plus('2026-11-30T00:00:00.000Z', 'P3M')).toBe('2027-02-28T00:00:00.000Z');
    expect(plus('2026-03-31T00:00:00.000Z', '-P1M')).toBe('2026-02-28T00:00:00.000Z');
    expect(plus('2026-01-10T00:00:00.000Z', '-P13M')).toBe('2024-12-10T00:00:00.000Z');
  });

  it('adds years as twelve months (Feb 29 to Feb 28)', () => {
    expect(plus('2024-02-29T12:00:00.000Z', 'P1Y')).toBe('2025-02-28T12:00:00.000Z');
  });

  it('applies months before days', () => {
    expect(plus('2026-01-31T00:00:00.000Z', 'P1M1D')).toBe('2026-03-01T00:00:00.000Z');
  });

  it('refuses what is not a duration, and fractions of months and years', () => {
    for (const text of ['P', 'PT', '-P', '1D', 'P1.5M', 'P0.5Y', 'soon']) expect(parseDuration(text)).toBeUndefined();
  });

  it('scenario times may be months before now', () => {
    expect(resolveTime('-P1M', at('2026-03-31T00:00:00.000Z'))).toBe('2026-02-28T00:00:00.000Z');
    expect(resolveTime('2026-01-01T00:00:00Z', 0)).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('isoFormatter', () => {
  /** What toISOString writes for `ms`, or "throws". */
  const iso = (format: (ms: number) => string, ms: number) => {
    try {
      return format(ms);
    } catch {
      return 'throws';
    }
  };

  it('writes every time as toISOString does, in order or not', () => {
    const format = isoFormatter();
    const day = 86_400_000;
    const times = [
      ...Array.from({ length: 2000 }, (_, n) => at('2025-07-05T00:00:00.000Z') + n * 155_520 + (n % 7)),
      ...Array.from({ length: 2000 }, (_, n) => ((n * 7919) % 4000) * 3_600_017 - 40 * day),
      0, -1, 0.5, -0.5, 1.999, -1.999, 951_782_400_000, 4_107_542_399_999, -62_167_219_200_000, -62_167_219_200_001,
      253_402_300_799_999, 253_402_300_800_000, 8.64e15, 8.64e15 + 1, -8.64e15, Number.NaN, Infinity, -Infinity,
    ];
    for (const ms of times) expect(iso(format, ms), String(ms)).toBe(iso((t) => new Date(t).toISOString(), ms));
  });
});

describe('VirtualClock iso', () => {
  it('writes the now as toISOString does, as the wall clock moves and when the clock is set', () => {
    let wall = 1_000;
    const clock = new VirtualClock('2026-01-01T00:00:00.000Z', () => wall);
    const seen: string[] = [];
    for (const step of [0, 1, 1, 999, 59_000, 3_600_000, 86_400_000 - 1, 1]) {
      wall += step;
      seen.push(clock.iso());
      expect(clock.iso()).toBe(new Date(clock.nowMs()).toISOString());
    }
    expect(seen[0]).toBe('2026-01-01T00:00:00.000Z');
    expect(seen.at(-1)).toBe('2026-01-02T01:01:00.001Z');
    for (const at of ['1969-12-31T23:59:59.999Z', '0001-01-01T00:00:00.000Z', '+012345-06-07T08:09:10.011Z', '2026-03-01T12:00:00.000Z']) {
      clock.set(at);
      expect(clock.iso()).toBe(at);
    }
  });
});

