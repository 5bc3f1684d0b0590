/**
 * A fresh in-process mock made with createMock, for the few tests that need more than the
 * published helper gives (`useGitBookMock` of `gitbook-mock/vitest`, which starts its mocks
 * before the tests run): a second mock started on the `--data` file the first wrote
 * (test/system/persistence/), a scenario naming a receiver the test only starts
 * (test/system/events/delivery.test.ts). Every other test uses `useGitBookMock`, with the
 * conveniences of test/helpers/calls.ts. `call` takes tokens and ids from the scenario
 * manifest; paths may name ids as `{collection.key}`, for example
 * `/v1/spaces/{spaces.handbook}/comments`.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitBookAPI } from '@gitbook/api';
import { createMock, type AppOptions, type Mock } from '../../src/app.ts';
import type { Manifest } from '../../src/scenarios/loader.ts';

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestMock {
  mock: Mock;
  manifest: Manifest;
  /** The id of `key` in `collection` (fails loudly when the manifest lacks it). */
  id(collection: string, key: string): string;
  /** Replaces `{collection.key}` placeholders with ids from the manifest. */
  path(template: string): string;
  /** An API call as user `userKey` (null: no token). */
  call<T = any>(userKey: string | null, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult<T>>;
  /** An admin API call. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<CallResult<T>>;
  /** The official client, as user `userKey`, served in-process. */
  client(userKey: string): GitBookAPI;
}

export const ORIGIN = 'http://localhost';

async function send(mock: Mock, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<CallResult> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const res = await mock.fetch(`${ORIGIN}${path}`, init);
  const text = await res.text();
  let parsed: unknown = text;
  if (text && res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
  return { status: res.status, body: parsed, headers: res.headers };
}

export function createTestMock(options: AppOptions = {}): TestMock {
  const mock = createMock({ wallClock: () => 0, ...options });
  const manifest = mock.runtime.manifest;
  const id = (collection: string, key: string) => {
    const value = manifest.ids[collection]?.[key];
    if (value === undefined) throw new Error(`manifest has no ${collection}.${key}`);
    return value;
  };
  const path = (template: string) => template.replace(/\{(\w+)\.([\w.-]+)\}/g, (_, c: string, k: string) => encodeURIComponent(id(c, k)));
  return {
    mock,
    manifest,
    id,
    path,
    call: (userKey, method, p, body, headers = {}) => {
      const auth: Record<string, string> = userKey === null ? {} : { authorization: `Bearer ${manifest.tokens[userKey] ?? userKey}` };
      return send(mock, method, path(p), body, { ...auth, ...headers });
    },
    admin: (method, p, body) => send(mock, method, p, body, {}),
    client: (userKey) =>
      new GitBookAPI({
        authToken: manifest.tokens[userKey],
        endpoint: ORIGIN,
        serviceBinding: { fetch: (input: RequestInfo | URL, init?: RequestInit) => mock.fetch(input, init) },
      }),
  };
}

/** A test mock started on `scenario`, written as `name`.json in a folder of its own. */
export function createScenarioMock(name: string, scenario: object, options: AppOptions = {}): TestMock {
  const dir = mkdtempSync(join(tmpdir(), `gitbook-mock-${name}-`));
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(scenario));
  return createTestMock({ ...options, scenariosDirs: [dir], scenario: name });
}
