/**
 * `useGitBookMock()`: one call at the top of a test file gives a mock with its manifest, the
 * official client wired to it, and a reset before every test. In-process by default; given
 * a URL (or `GITBOOK_MOCK_URL`), the same against a running server, one session per file.
 */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { GitBookAPI } from '@gitbook/api';
import type { AppOptions, Mock } from '../app.ts';
import type { Manifest } from '../scenarios/loader.ts';
import { inProcess, overHttp, sessionName, type Fetch, type Target } from './session.ts';
import { attachCoverage, coverageOf, isSuite } from './coverage.ts';
import { adminMembers, type AdminMembers } from '../handle/admin-handle.ts';
import { manifestId, manifestToken } from '../scenarios/manifest-keys.ts';
import { checkAppOptions } from '../app-options.ts';
import { isSessionName } from '../sessions/registry.ts';
import { argumentError } from '../text/argument-error.ts';

export interface UseMockOptions extends AppOptions {
  /** A running server (`http://127.0.0.1:4010`); default `GITBOOK_MOCK_URL`, else in-process. */
  url?: string;
  /** The session against a running server; default: named after the test file. */
  session?: string;
  /** The admin token of a server started with `--admin-token`; default `GITBOOK_MOCK_ADMIN_TOKEN`. */
  adminToken?: string;
  /** `test` (default): every test starts from the scenario as loaded. `file`: state carries over. */
  scope?: 'test' | 'file';
}

/** `loadScenario`, `clock`, `faults`, `requests`, `events` and `coverage`: the names of `gitbook-mock/msw`'s handle (handle/admin-handle.ts). */
export interface GitBookMock extends AdminMembers {
  /** The manifest of the loaded scenario: tokens and ids by key. */
  readonly manifest: Manifest;
  /** Base URL the API answers on. */
  readonly url: string;
  /** The session of this file on a running server (undefined in-process). */
  readonly session: string | undefined;
  /** The in-process mock (undefined against a running server). */
  readonly mock: Mock | undefined;
  /**
   * Fetches from the mock; a path such as `/v1/user` is resolved against `url`. Against a
   * server it sends the file's `X-Mock-Session` unless the request names one. A scenario or
   * state it loads into the file's session becomes `manifest`.
   */
  fetch: Fetch;
  /** The official client as user `user` of the manifest (default `admin`), or as the installation with that key. */
  client(user?: string): GitBookAPI;
  /** The token of user `user` of the manifest (or of the installation with that key). */
  token(user?: string): string;
  /** The id of entity `key` in manifest collection `collection`. */
  id(collection: string, key: string): string;
  /** Loads scenario `name` into the file's mock (or session); `manifest` and `id()` then describe it. */
  loadScenario(name: string): Promise<Manifest>;
  /** State and clock back to just after the scenario loaded. */
  reset(): Promise<Manifest>;
}

/** An admin call that loads a state (a scenario, a reset, an import, a snapshot), after which the manifest is read again. */
const LOADS = /\/__admin\/(scenarios\/[^/]+|reset|state|snapshots\/[^/]+\/load)$/;

/** Whether `request` loaded a state into the session the handle's manifest describes (`session`; the default one in-process). */
function loadsState(request: Request, session: string | undefined): boolean {
  if (request.method === 'GET' || request.method === 'HEAD' || !LOADS.test(new URL(request.url).pathname)) return false;
  const named = request.headers.get('x-mock-session');
  return named === null || named === session;
}

type ClientClass = typeof GitBookAPI;

async function loadClient(): Promise<ClientClass | undefined> {
  try {
    return (await import('@gitbook/api')).GitBookAPI;
  } catch {
    return undefined;
  }
}

/**
 * Throws a TypeError naming the first option that is not what it takes, when `useGitBookMock`
 * is called (not later, in a hook): the app's options as `createMock` takes them, and its own.
 */
function checkUseOptions(options: UseMockOptions): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw argumentError('options', 'an object', options);
  const { url, session, adminToken, scope, ...app } = options;
  if (url !== undefined && (typeof url !== 'string' || !/^https?:\/\/[^/]/i.test(url))) throw argumentError('options.url', 'the http(s) URL of a running server', url);
  if (session !== undefined && (typeof session !== 'string' || !isSessionName(session))) throw argumentError('options.session', 'a session name (1 to 64 of A-Z a-z 0-9 . _ -)', session);
  // An empty token is none, as an empty GITBOOK_MOCK_ADMIN_TOKEN is on the command line.
  if (adminToken !== undefined && typeof adminToken !== 'string') throw argumentError('options.adminToken', 'a string', adminToken);
  if (scope !== undefined && scope !== 'test' && scope !== 'file') throw argumentError('options.scope', '"test" or "file"', scope);
  checkAppOptions(app);
}

export function useGitBookMock(options: UseMockOptions = {}): GitBookMock {
  checkUseOptions(options);
  const { url = process.env.GITBOOK_MOCK_URL, session, adminToken = process.env.GITBOOK_MOCK_ADMIN_TOKEN, scope = 'test', ...app } = options;
  let target: Target | undefined;
  let manifest: Manifest | undefined;
  let Client: ClientClass | undefined;
  /** The scenario the file started on: a test that loads another one does not change what the next test starts from. */
  let fileScenario: string | undefined;

  const ready = (): Target => {
    if (!target) throw new Error('gitbook-mock: the mock starts in beforeAll; use it inside tests and hooks');
    return target;
  };
  const current = (): Manifest => {
    ready();
    if (!manifest) throw new Error('gitbook-mock: the mock starts in beforeAll; use it inside tests and hooks');
    return manifest;
  };

  beforeAll(async () => {
    const file = expect.getState().testPath ?? 'test-file';
    target = url ? overHttp(url, session ?? sessionName(file), adminToken) : await inProcess(app);
    [manifest, Client] = await Promise.all([target.load(url ? app.scenario : undefined), loadClient()]);
    fileScenario = manifest.scenario;
  });
  if (scope === 'test') {
    beforeEach(async () => {
      const target = ready();
      manifest = await target.reset();
      if (fileScenario !== undefined && manifest.scenario !== fileScenario) manifest = await target.load(fileScenario);
    });
  }
  // vitest 4 passes (context, suite) to afterAll and wants the context destructured;
  // vitest 3 passes (suite), read from `arguments`.
  afterAll(async function ({}: object, suite?: unknown) {
    // The file's coverage travels to GitBookMockCoverageReporter in vitest's main process.
    // eslint-disable-next-line prefer-rest-params
    const file = isSuite(suite) ? suite : isSuite(arguments[0]) ? arguments[0] : undefined;
    if (target) attachCoverage(file, await coverageOf(target, adminToken));
    target = undefined;
    manifest = undefined;
  });

  /** An admin call of the file's session, with the admin token when there is one. */
  const adminCall = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (adminToken && !headers.has('authorization')) headers.set('authorization', `Bearer ${adminToken}`);
    return ready().fetch(`/__admin${path}`, { ...init, headers });
  };
  const readManifest = async (): Promise<Manifest> => {
    const response = await adminCall('/manifest');
    if (!response.ok) throw new Error(`gitbook-mock: GET /__admin/manifest answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as Manifest;
  };
  const members = adminMembers(adminCall, 'gitbook-mock', () => target?.mock?.events);
  const fetch: Fetch = async (input, init) => {
    const t = ready();
    const request = typeof input === 'string' && input.startsWith('/') ? new Request(t.url + input, init) : new Request(input, init);
    const loads = loadsState(request, t.session);
    const response = await t.fetch(request);
    // A copy in-process: the manifest of a load is shared by every session that loads the same scenario.
    if (loads && response.ok) manifest = t.mock ? structuredClone(t.mock.runtime.manifest) : await readManifest();
    return response;
  };

  const handle: GitBookMock = {
    ...members,
    get manifest() {
      return current();
    },
    get url() {
      return ready().url;
    },
    get session() {
      return ready().session;
    },
    get mock() {
      return ready().mock;
    },
    fetch,
    token(user = 'admin') {
      // A user's token, or an installation's (manifest `installationTokens`) by its key.
      return manifestToken(current(), user, 'gitbook-mock');
    },
    id(collection, key) {
      return manifestId(current(), collection, key, 'gitbook-mock');
    },
    client(user = 'admin') {
      if (!Client) throw new Error('gitbook-mock: client() needs the official client: npm i -D @gitbook/api');
      return new Client({ authToken: handle.token(user), endpoint: ready().url, serviceBinding: { fetch: handle.fetch } });
    },
    reset: async () => (manifest = await ready().reset()),
    loadScenario: async (name) => (manifest = await ready().load(name)),
  };
  return handle;
}
