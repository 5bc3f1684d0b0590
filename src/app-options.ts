/**
 * The options of an app (`createMock(options)`, `useGitBookMock(options)`, the options of
 * `createMockHandlers` it shares): each takes what the command line's flag of the same name
 * takes, and anything else is a TypeError naming the option before anything is built
 * (docs/behaviour.md, "The in-process handle checks its input").
 */
import type { DelivererOptions } from './events/deliverer.ts';
import { argumentError, checkWhole } from './text/argument-error.ts';

export interface AppOptions {
  /** Scenario loaded at start (default `starter`). */
  scenario?: string;
  /** Folders of user scenarios, searched before the built-in ones. */
  scenariosDirs?: string[];
  /** Changes the generated filler data (names, texts) without changing ids. */
  seed?: number;
  /** Delay added to every API response, in milliseconds. */
  latency?: number;
  /** Keep the state in this JSON file and load it on restart. */
  dataFile?: string;
  /** Wall time source of the virtual clock (tests inject one). */
  wallClock?: () => number;
  /** Opens the admin API from anywhere with `Authorization: Bearer TOKEN` (docs/contract.md). */
  adminToken?: string;
  /** How many requests GET /__admin/requests keeps. */
  requestLogLimit?: number;
  /** Most sessions (`X-Mock-Session`) kept besides the default one (default 1000). */
  maxSessions?: number;
  /** Seconds a session may stay idle before it is dropped (default 1800; 0: never). */
  sessionTtl?: number;
  /** How events are delivered to integrations: the wait for an answer, the retries, the fetch (docs/behaviour.md, "Events"). */
  events?: DelivererOptions;
}

/** The ranges of the command line (cli-args.ts): a seed of 32 bits, a latency of at most 10 minutes. */
export const SEED_RANGE = [-(2 ** 31), 2 ** 31 - 1] as const;
const LATENCY_MAX_MS = 600_000;
const MAX_SESSIONS = 1_000_000;
const SESSION_TTL_MAX_S = 365 * 24 * 3600;
const REQUEST_LOG_MAX = 10_000_000;
/** The longest wait a timer holds (2^31 - 1 ms), and a year of virtual time between retries. */
const TIMER_MAX_MS = 2 ** 31 - 1;
const RETRY_MAX_MS = 365 * 24 * 3600 * 1000;

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkText(name: string, value: unknown): void {
  if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) throw argumentError(name, 'a non-empty string', value);
}

function checkFunction(name: string, value: unknown): void {
  if (value !== undefined && typeof value !== 'function') throw argumentError(name, 'a function', value);
}

function checkOptionalWhole(name: string, value: unknown, min: number, max: number, unit = ''): void {
  if (value !== undefined) checkWhole(name, value, min, max, unit);
}

function checkEvents(events: DelivererOptions | undefined): void {
  if (events === undefined) return;
  if (!isObject(events)) throw argumentError('options.events', 'an object ({ timeoutMs, retryDelaysMs, fetch })', events);
  checkOptionalWhole('options.events.timeoutMs', events.timeoutMs, 0, TIMER_MAX_MS, 'milliseconds');
  const delays: unknown = events.retryDelaysMs;
  if (delays !== undefined) {
    if (!Array.isArray(delays)) throw argumentError('options.events.retryDelaysMs', 'an array of milliseconds', delays);
    delays.forEach((delay: unknown, i) => checkWhole(`options.events.retryDelaysMs[${i}]`, delay, 0, RETRY_MAX_MS, 'milliseconds'));
  }
  checkFunction('options.events.fetch', events.fetch);
}

/** Throws a TypeError naming the first option that is not what it takes; answers the options. */
export function checkAppOptions(options: AppOptions): AppOptions {
  if (!isObject(options)) throw argumentError('options', 'an object', options);
  checkText('options.scenario', options.scenario);
  const dirs: unknown = options.scenariosDirs;
  if (dirs !== undefined && (!Array.isArray(dirs) || dirs.some((dir) => typeof dir !== 'string' || dir === ''))) {
    throw argumentError('options.scenariosDirs', 'an array of folder paths', dirs);
  }
  checkOptionalWhole('options.seed', options.seed, ...SEED_RANGE);
  checkOptionalWhole('options.latency', options.latency, 0, LATENCY_MAX_MS, 'milliseconds');
  checkText('options.dataFile', options.dataFile);
  checkFunction('options.wallClock', options.wallClock);
  checkText('options.adminToken', options.adminToken);
  checkOptionalWhole('options.requestLogLimit', options.requestLogLimit, 0, REQUEST_LOG_MAX);
  checkOptionalWhole('options.maxSessions', options.maxSessions, 1, MAX_SESSIONS);
  checkOptionalWhole('options.sessionTtl', options.sessionTtl, 0, SESSION_TTL_MAX_S, 'seconds');
  checkEvents(options.events);
  return options;
}
