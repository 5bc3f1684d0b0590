/**
 * Where a helper's requests go: an in-process mock, or a running server where each test file
 * has its own session (docs/contract.md "Sessions": the `X-Mock-Session` header on every call).
 */
import type { AppOptions, Mock } from '../app.ts';
import type { Manifest } from '../scenarios/loader.ts';

export type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface Target {
  /** Base URL of the API (`/v1/...` and `/__admin/...` resolve against it). */
  readonly url: string;
  /** The session name sent as `X-Mock-Session` (undefined in-process). */
  readonly session?: string;
  /** The in-process mock (undefined against a running server). */
  readonly mock?: Mock;
  readonly fetch: Fetch;
  /** Loads `scenario` (or keeps the one loaded) and answers its manifest. */
  load(scenario?: string): Promise<Manifest>;
  reset(): Promise<Manifest>;
}

export const IN_PROCESS_URL = 'http://gitbook-mock.local';
const SESSION_NAME = /[^A-Za-z0-9._-]+/g;

/** A session name (docs/contract.md: 1 to 64 of `A-Z a-z 0-9 . _ -`) from a test file's path. */
export function sessionName(file: string, cwd = process.cwd()): string {
  const relative = file.startsWith(cwd) ? file.slice(cwd.length) : file;
  const name = relative.replace(SESSION_NAME, '-').replace(/^[-.]+|-+$/g, '');
  return (name.length > 64 ? name.slice(-64).replace(/^[-.]+/, '') : name) || 'test-file';
}

/** A fetch that resolves paths against `base` and passes everything else through `send`. */
function resolving(base: string, send: (request: Request) => Promise<Response>): Fetch {
  return (input, init) => {
    const request = typeof input === 'string' && input.startsWith('/') ? new Request(base + input, init) : new Request(input, init);
    return send(request);
  };
}

/** An in-process mock; the app is imported here only, so a suite against a URL never loads it. */
export async function inProcess(options: AppOptions): Promise<Target> {
  const { createMock } = await import('../app.ts');
  const mock = createMock(options);
  const fetch = resolving(IN_PROCESS_URL, (request) => mock.fetch(request));
  return {
    url: IN_PROCESS_URL,
    mock,
    fetch,
    // Copies: the manifest of a load is shared by every session that loads the same scenario
    // (scenarios/built-scenarios.ts), and a test may change what it was given.
    load: async (scenario) => structuredClone(scenario ? mock.runtime.loadScenario(scenario) : mock.runtime.manifest),
    reset: async () => structuredClone(mock.runtime.reset()),
  };
}

export function overHttp(url: string, session: string, adminToken?: string): Target {
  const base = url.replace(/\/+$/, '');
  const fetch = resolving(base, (request) => {
    // A request that names its own session keeps it (two sessions of one test: alice and bob).
    if (!request.headers.has('x-mock-session')) request.headers.set('x-mock-session', session);
    return globalThis.fetch(request);
  });
  const admin = async (method: string, path: string): Promise<Manifest> => {
    const headers: Record<string, string> = adminToken ? { authorization: `Bearer ${adminToken}` } : {};
    const response = await fetch(path, { method, headers });
    const text = await response.text();
    if (!response.ok) throw new Error(`gitbook-mock: ${method} ${base}${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as Manifest;
  };
  return {
    url: base,
    session,
    fetch,
    load: (scenario) => (scenario ? admin('POST', `/__admin/scenarios/${encodeURIComponent(scenario)}`) : admin('POST', '/__admin/reset')),
    reset: () => admin('POST', '/__admin/reset'),
  };
}
