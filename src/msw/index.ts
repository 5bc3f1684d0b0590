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
import { checkAppOptions } from '../sessions/app-options.ts';
import { REQUEST_FILTERS } from '../admin/admin-query.ts';
import { ADVANCE_TAKES, advancedBy, INSTANT_TAKES, instantOf } from '../clock.ts';
import { argumentError } from '../text/argument-error.ts';

export type { Manifest } from '../scenarios/loader.ts';
export type { ScenarioFile } from '../scenarios/types.ts';
export type { CoverageReport } from '../coverage/coverage.ts';
export type { Mock } from '../build-mock.ts';
export { DEFAULT_BASE_URL } from './handlers.ts';

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

export interface ClockState {
  now: string;
  frozen: boolean;
}

/** One item of the request journal (GET /__admin/requests). */
export interface JournalItem {
  method: string;
  path: string;
  status: number;
  at: string;
  operationId: string | null;
  [field: string]: unknown;
}

export interface RequestFilter {
  method?: string;
  /** A path prefix (`/v1/spaces`). */
  path?: string;
  operationId?: string;
  status?: number;
}

export interface MockHandlers {
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
  /** State and clock back to just after the last load; the journal is emptied. */
  reset(): Promise<Manifest>;
  /** The virtual clock: read it, set it, move it on (`'P8D'` or milliseconds), stop or restart it. */
  readonly clock: {
    get(): Promise<ClockState>;
    /** To an ISO 8601 date-time (as `POST /__admin/clock` takes `now`), a Date, or milliseconds since 1970. */
    set(now: string | Date | number): Promise<ClockState>;
    advance(by: string | number): Promise<ClockState>;
    freeze(frozen?: boolean): Promise<ClockState>;
  };
  /** What the API received, newest last (the journal of GET /__admin/requests). */
  requests(filter?: RequestFilter): Promise<JournalItem[]>;
  clearRequests(): Promise<void>;
  /** Operations called and state-machine transitions exercised (GET /__admin/coverage). */
  coverage(): Promise<CoverageReport>;
  clearCoverage(): Promise<void>;
  /** Any admin API call, in-process (`admin('/faults', { method: 'POST', body })`): the admin API's own answer. */
  admin(path: string, init?: RequestInit): Promise<Response>;
}

const ADMIN = 'http://gitbook-mock.local/__admin';
const WHO = 'gitbook-mock/msw';

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A TypeError naming the first option of `createMockHandlers` that is not what it takes (the app's options: sessions/app-options.ts). */
function checkHandlersOptions(options: MockHandlersOptions): void {
  if (!isObject(options)) throw argumentError(`${WHO}: options`, 'an object', options);
  const { baseUrl, scenario, scenarios, now: _, frozen, ...app } = options;
  if (baseUrl !== undefined && typeof baseUrl !== 'string') throw argumentError(`${WHO}: options.baseUrl`, `an http(s) URL (like ${DEFAULT_BASE_URL})`, baseUrl);
  if (scenario !== undefined && typeof scenario !== 'string' && !isObject(scenario)) throw argumentError(`${WHO}: options.scenario`, 'a scenario name or a scenario as data', scenario);
  if (scenarios !== undefined && !isObject(scenarios)) throw argumentError(`${WHO}: options.scenarios`, 'an object of scenarios by name', scenarios);
  if (frozen !== undefined && typeof frozen !== 'boolean') throw argumentError(`${WHO}: options.frozen`, 'true or false', frozen);
  checkAppOptions(app);
}

const CUSTOM = 'custom';

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
    if (typeof now !== 'string' || instantOf(now) === undefined) throw argumentError('gitbook-mock/msw: options.now', 'an ISO 8601 date-time', now);
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
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const res = await admin(path, init);
    if (res.status === 204) return undefined as T;
    const body = (await res.json()) as { error?: { message?: string } };
    if (!res.ok) throw new Error(`gitbook-mock/msw: ${init?.method ?? 'GET'} /__admin${path}: ${res.status} ${body.error?.message ?? ''}`.trim());
    return body as T;
  };
  const post = <T>(path: string, body?: unknown) =>
    json<T>(path, { method: 'POST', ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
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
    async loadScenario(next) {
      if (typeof next !== 'string' && !isObject(next)) throw argumentError(`${WHO}: loadScenario(scenario): scenario`, 'a scenario name or a scenario as data', next);
      if (typeof next !== 'string') catalog.add(CUSTOM, next);
      return post<Manifest>(`/scenarios/${encodeURIComponent(typeof next === 'string' ? next : CUSTOM)}`);
    },
    reset: () => post<Manifest>('/reset'),
    clock: {
      get: () => json<ClockState>('/clock'),
      async set(to) {
        const at = instantOf(to);
        if (at === undefined) throw argumentError(`${WHO}: clock.set(now): now`, INSTANT_TAKES, to);
        return post<ClockState>('/clock', { now: new Date(at).toISOString() });
      },
      async advance(by) {
        if (advancedBy(mock.runtime.clock.nowMs(), by) === undefined) throw argumentError(`${WHO}: clock.advance(by): by`, ADVANCE_TAKES, by);
        return post<ClockState>('/clock', { advance: by });
      },
      async freeze(stop = true) {
        if (typeof stop !== 'boolean') throw argumentError(`${WHO}: clock.freeze(frozen): frozen`, 'true or false', stop);
        return post<ClockState>('/clock', { frozen: stop });
      },
    },
    async requests(filter = {}) {
      if (!isObject(filter)) throw argumentError(`${WHO}: requests(filter): filter`, `an object of ${REQUEST_FILTERS.join(', ')}`, filter);
      const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
      const q = query.toString() ? `?${query}` : '';
      return (await json<{ items: JournalItem[] }>(`/requests${q}`)).items;
    },
    clearRequests: () => json<void>('/requests', { method: 'DELETE' }),
    coverage: () => json<CoverageReport>('/coverage'),
    clearCoverage: () => json<void>('/coverage', { method: 'DELETE' }),
    admin(path, init) {
      if (typeof path !== 'string' || !path.startsWith('/')) return Promise.reject(argumentError(`${WHO}: admin(path): path`, 'a path under /__admin, such as "/faults"', path));
      return admin(path, init);
    },
  };
}
