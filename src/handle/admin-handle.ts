/**
 * What both test handles offer over the admin API, under the same names (`useGitBookMock()` of
 * `gitbook-mock/vitest` and `createMockHandlers()` of `gitbook-mock/msw`): scenarios, the
 * clock, fault rules, the journal, events and coverage. Each member is one admin call, in-process
 * or to a running server, so the admin API's own checks apply (a clock change, a fault rule)
 * and its answers come back as it gives them. Runs in a browser: no Node module.
 */
import type { Manifest } from '../scenarios/loader.ts';
import type { CoverageReport } from '../coverage/coverage.ts';
import type { MockEvents } from '../events/mock-events.ts';
import type { EventItem } from '../events/types.ts';
import { eventsOf, type GitBookMockEvents } from './events.ts';
import { ADVANCE_TAKES, advancedBy, INSTANT_TAKES, instantOf } from '../clock.ts';
import { REQUEST_FILTERS } from '../admin/admin-query.ts';
import { argumentError } from '../text/argument-error.ts';

/** One admin call: `path` under `/__admin` (`/faults`), answered as the admin API answers it. */
export type AdminCall = (path: string, init?: RequestInit) => Promise<Response>;

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

/** Filters of GET /__admin/requests. */
export interface RequestFilter {
  method?: string;
  /** A path prefix (`/v1/spaces`). */
  path?: string;
  operationId?: string;
  status?: number;
}

/** A fault rule as POST /__admin/faults takes it (docs/contract.md "Response control"). */
export interface FaultRuleInput {
  operationId?: string;
  method?: string;
  /** A path template of the route table (`/v1/spaces/{spaceId}`) or an exact path. */
  path?: string;
  status?: number;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Milliseconds, at most 60 s. */
  delay?: number;
  fault?: 'reset' | 'empty';
  times?: number;
  after?: number;
}

/** A rule as the mock keeps it: its id, and how many requests it answered. */
export interface FaultRule extends FaultRuleInput {
  id: string;
  matched?: number;
}

export interface AdminMembers {
  /** Replaces the whole state with the scenario `name` (`POST /__admin/scenarios/{name}`); answers its manifest. */
  loadScenario(name: string): Promise<Manifest>;
  /** State and clock back to just after the last load; the journal and the fault rules are emptied. */
  reset(): Promise<Manifest>;
  /** The virtual clock (`/__admin/clock`): read it, set it, move it on (`'P8D'` or milliseconds), stop or restart it. */
  readonly clock: {
    get(): Promise<ClockState>;
    /** To an ISO 8601 date-time (as `POST /__admin/clock` takes `now`), a Date, or milliseconds since 1970. */
    set(now: string | Date | number): Promise<ClockState>;
    advance(by: string | number): Promise<ClockState>;
    freeze(frozen?: boolean): Promise<ClockState>;
  };
  /** Fault rules (`/__admin/faults`): `add` answers the rule with its id; `list`, `{ items }` with their matched counts. */
  readonly faults: {
    add(rule: FaultRuleInput): Promise<FaultRule>;
    list(): Promise<{ items: FaultRule[] }>;
    delete(id: string): Promise<void>;
    clear(): Promise<void>;
  };
  /** What the API received, newest last: `{ items }`, as `GET /__admin/requests` answers. */
  requests(filter?: RequestFilter): Promise<{ items: JournalItem[] }>;
  clearRequests(): Promise<void>;
  /** Operations called and state-machine transitions exercised (`GET /__admin/coverage`). */
  coverage(): Promise<CoverageReport>;
  clearCoverage(): Promise<void>;
  /** The events the mock sends integrations: `await events.waitFor('space_content_updated')`. */
  readonly events: GitBookMockEvents;
}

/** The query of `filter` (`?method=GET`), without the fields left undefined. */
function queryOf(filter: object): string {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The members over `call`. `who` starts every error (`gitbook-mock/msw: POST /__admin/clock: 400
 * ...`); `local` gives the in-process mock's events, awaited without polling.
 */
export function adminMembers(call: AdminCall, who: string, local?: () => MockEvents | undefined): AdminMembers {
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const res = await call(path, init);
    const text = await res.text();
    if (!res.ok) {
      let message = text;
      try {
        message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
      } catch {
        // not the error body: the text as it came
      }
      throw new Error(`${who}: ${init?.method ?? 'GET'} /__admin${path}: ${res.status} ${message}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const send = <T>(method: string, path: string, body?: unknown) =>
    json<T>(path, { method, ...(body !== undefined && { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });
  return {
    async loadScenario(name) {
      if (typeof name !== 'string') throw argumentError(`${who}: loadScenario(name): name`, 'a scenario name', name);
      return send<Manifest>('POST', `/scenarios/${encodeURIComponent(name)}`);
    },
    reset: () => send<Manifest>('POST', '/reset'),
    clock: {
      get: () => json<ClockState>('/clock'),
      // Checked here too, so a wrong argument is a TypeError naming it (the admin API's 400 would
      // come back as an Error); the admin API checks the move again against the session's clock.
      async set(now) {
        const at = instantOf(now);
        if (at === undefined) throw argumentError(`${who}: clock.set(now): now`, INSTANT_TAKES, now);
        return send<ClockState>('POST', '/clock', { now: new Date(at).toISOString() });
      },
      async advance(by) {
        if (advancedBy(Date.now(), by) === undefined) throw argumentError(`${who}: clock.advance(by): by`, ADVANCE_TAKES, by);
        return send<ClockState>('POST', '/clock', { advance: by });
      },
      async freeze(frozen = true) {
        if (typeof frozen !== 'boolean') throw argumentError(`${who}: clock.freeze(frozen): frozen`, 'true or false', frozen);
        return send<ClockState>('POST', '/clock', { frozen });
      },
    },
    faults: {
      add: (rule) => send<FaultRule>('POST', '/faults', rule),
      list: () => json<{ items: FaultRule[] }>('/faults'),
      delete: (id) => send<void>('DELETE', `/faults/${encodeURIComponent(id)}`),
      clear: () => send<void>('DELETE', '/faults'),
    },
    async requests(filter = {}) {
      if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw argumentError(`${who}: requests(filter): filter`, `an object of ${REQUEST_FILTERS.join(', ')}`, filter);
      return json<{ items: JournalItem[] }>(`/requests${queryOf(filter)}`);
    },
    clearRequests: () => send<void>('DELETE', '/requests'),
    coverage: () => json<CoverageReport>('/coverage'),
    clearCoverage: () => send<void>('DELETE', '/coverage'),
    events: eventsOf(
      async (filter) => (await json<{ items: EventItem[] }>(`/events${queryOf(filter)}`)).items,
      who,
      local,
    ),
  };
}
