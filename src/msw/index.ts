/**
 * `gitbook-mock/msw`: the whole mock (operations, rules, scenarios, clock, sessions, journal,
 * coverage) as MSW request handlers, for `setupWorker` in a browser page (Storybook, a Vite dev
 * build, a component test) and `setupServer` in Node, with no server to start. Each call builds
 * a mock of its own: two sets of handlers never share state.
 *
 * This module and everything it loads runs in a browser: no Node module, validators compiled
 * ahead of time (a page with `script-src 'self'` works), scenarios as data.
 */
import type { HttpHandler } from 'msw';
import { buildMock, type Mock } from '../build-mock.ts';
import type { AppOptions } from '../runtime.ts';
import type { Manifest } from '../scenarios/loader.ts';
import type { ScenarioFile } from '../scenarios/types.ts';
import type { CoverageReport } from '../coverage/coverage.ts';
import { browserPlatform } from './browser-platform.ts';
import { DEFAULT_BASE_URL, mockHandlers, normalBaseUrl } from './handlers.ts';
import { manifestId, manifestToken } from '../scenarios/manifest-keys.ts';
import { adminMembers, type AdminMembers } from '../handle/admin-handle.ts';
import { checkAppOptions } from '../app-options.ts';
import { instantOf } from '../clock.ts';
import { argumentError } from '../text/argument-error.ts';

export type { Manifest } from '../scenarios/loader.ts';
export type { ScenarioFile } from '../scenarios/types.ts';
export type { CoverageReport } from '../coverage/coverage.ts';
export type { Mock } from '../build-mock.ts';
export { DEFAULT_BASE_URL } from './handlers.ts';
export type { AdminMembers, ClockState, FaultRule, FaultRuleInput, JournalItem, RequestFilter } from '../handle/admin-handle.ts';
export type { GitBookMockEvents } from '../handle/events.ts';

export interface MockHandlersOptions extends Pick<AppOptions, 'seed' | 'latency' | 'wallClock' | 'requestLogLimit' | 'maxSessions' | 'sessionTtl'> {
  /** Where the page calls the API (default `https://api.gitbook.com`); may carry a path (`https://host/gitbook`). */
  baseUrl?: string;
  /** The scenario loaded first: a built-in or given name (default `starter`), or a scenario as data (named `custom`). */
  scenario?: string | ScenarioFile;
  /** Scenarios of your own, by name (as the files of `--scenarios-dir`); they hide built-in ones of the same name. */
  scenarios?: Record<string, ScenarioFile>;
  /** Where the virtual clock starts (an ISO date-time), instead of the scenario's `now`; reset comes back to it. */
  now?: string;
  /** Start with the clock stopped (default: it runs with wall time from its start). */
  frozen?: boolean;
}

/** `loadScenario`, `clock`, `faults`, `requests`, `events` and `coverage`: the names of `gitbook-mock/vitest`'s handle (handle/admin-handle.ts). */
export interface MockHandlers extends Omit<AdminMembers, 'loadScenario'> {
  /** The MSW handlers: `setupWorker(...handlers)` or `setupServer(...handlers)`. */
  readonly handlers: HttpHandler[];
  /** The base URL the handlers answer. */
  readonly baseUrl: string;
  /** The in-memory mock (its Hono app, runtime, sessions and in-process fetch). */
  readonly mock: Mock;
  /** The manifest of the scenario loaded now: tokens and ids by key. */
  readonly manifest: Manifest;
  /** The token of user `user` of the manifest (default `admin`). */
  token(user?: string): string;
  /** The id of entity `key` in manifest collection `collection`. */
  id(collection: string, key: string): string;
  /** Replaces the whole state with a scenario (a name, or one as data, named `custom`); answers its manifest. */
  loadScenario(scenario: string | ScenarioFile): Promise<Manifest>;
  /** Any admin API call, in-process (`admin('/faults', { method: 'POST', body })`): the admin API's own answer. */
  admin(path: string, init?: RequestInit): Promise<Response>;
}

const ADMIN = 'http://gitbook-mock.local/__admin';
const CUSTOM = 'custom';

const WHO = 'gitbook-mock/msw';

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A TypeError naming the first option of `createMockHandlers` that is not what it takes (the app's options: app-options.ts). */
function checkHandlersOptions(options: MockHandlersOptions): void {
  if (!isObject(options)) throw argumentError(`${WHO}: options`, 'an object', options);
  const { baseUrl, scenario, scenarios, now, frozen, ...app } = options;
  if (baseUrl !== undefined && typeof baseUrl !== 'string') throw argumentError(`${WHO}: options.baseUrl`, `an http(s) URL (like ${DEFAULT_BASE_URL})`, baseUrl);
  if (scenario !== undefined && typeof scenario !== 'string' && !isObject(scenario)) throw argumentError(`${WHO}: options.scenario`, 'a scenario name or a scenario as data', scenario);
  if (scenarios !== undefined && !isObject(scenarios)) throw argumentError(`${WHO}: options.scenarios`, 'an object of scenarios by name', scenarios);
  if (now !== undefined && (typeof now !== 'string' || instantOf(now) === undefined)) throw argumentError(`${WHO}: options.now`, 'an ISO 8601 date-time', now);
  if (frozen !== undefined && typeof frozen !== 'boolean') throw argumentError(`${WHO}: options.frozen`, 'true or false', frozen);
  checkAppOptions(app);
}

export function createMockHandlers(options: MockHandlersOptions = {}): MockHandlers {
  checkHandlersOptions(options);
  const { baseUrl = DEFAULT_BASE_URL, scenario = 'starter', scenarios = {}, now, frozen, ...app } = options;
  const base = normalBaseUrl(baseUrl).href.replace(/\/+$/, '');
  const { platform, catalog } = browserPlatform(scenarios);
  const first = typeof scenario === 'string' ? scenario : CUSTOM;
  if (typeof scenario !== 'string') catalog.add(CUSTOM, scenario);
  if (now !== undefined) {
    // The clock start becomes the scenario's now (the manifest shows it, reset comes back to
    // it): the scenario as read, under its own name, hides the built-in or given one.
    const { name: _, ...file } = catalog.read(first);
    catalog.add(first, { ...file, now });
  }
  const mock = buildMock({ ...app, scenario: first }, platform);
  if (frozen) {
    // Stopped at the scenario's now, not the few milliseconds the build took after the load.
    mock.runtime.clock.freeze(true);
    mock.runtime.clock.set(mock.runtime.manifest.now);
  }

  const admin = (path: string, init?: RequestInit) => mock.fetch(`${ADMIN}${path}`, init);
  const members = adminMembers(admin, WHO, () => mock.events);
  // A copy: the manifest of a load is shared by every session that loads the same scenario.
  const current = () => structuredClone(mock.runtime.manifest);

  return {
    handlers: mockHandlers(mock, base),
    baseUrl: base,
    mock,
    get manifest() {
      return current();
    },
    token(user = 'admin') {
      return manifestToken(current(), user, 'gitbook-mock/msw');
    },
    id(collection, key) {
      return manifestId(current(), collection, key, 'gitbook-mock/msw');
    },
    ...members,
    async loadScenario(next) {
      if (typeof next !== 'string' && !isObject(next)) throw argumentError(`${WHO}: loadScenario(scenario): scenario`, 'a scenario name or a scenario as data', next);
      if (typeof next !== 'string') catalog.add(CUSTOM, next);
      return members.loadScenario(typeof next === 'string' ? next : CUSTOM);
    },
    admin(path, init) {
      if (typeof path !== 'string' || !path.startsWith('/')) return Promise.reject(argumentError(`${WHO}: admin(path): path`, 'a path under /__admin, such as "/faults"', path));
      return admin(path, init);
    },
  };
}
