/**
 * The refusal of a bad argument to a method of the in-process handle (`createMock()`, its
 * runtime, clock, sessions and fault rules, `useGitBookMock`, `createMockHandlers`): a
 * `TypeError` naming the argument, what it takes and what it was given, thrown before anything
 * changes, so no argument can leave a state in which requests fail.
 */

/** A value as a refusal shows it: `"P1D"`, `NaN`, `an object`, `undefined`. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || value === undefined || value === null) return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'an invalid Date' : `a Date (${value.toISOString()})`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'symbol' ? 'a symbol' : 'an object';
}

/** `name must be takes; got value`, as a TypeError. */
export function argumentError(name: string, takes: string, value: unknown): TypeError {
  return new TypeError(`${name} must be ${takes}; got ${shownValue(value)}`);
}

/** A whole number from `min` to `max`, or a TypeError naming `name` and the range. */
export function checkWhole(name: string, value: unknown, min: number, max: number, unit = ''): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw argumentError(name, `a whole number from ${min} to ${max}${unit ? ` ${unit}` : ''}`, value);
  }
  return value;
}
