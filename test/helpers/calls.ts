/**
 * Conveniences over the published helper (`useGitBookMock` of `gitbook-mock/vitest`) for the
 * API tests: `call` as a user of the manifest, `admin`, and `path`, which names ids as
 * `{collection.key}`, for example `/v1/spaces/{spaces.handbook}/comments`.
 *
 *     const gb = useGitBookMock({ wallClock: () => 0 });
 *     const t = callsOn(gb);
 *     const res = await t.call('editor', 'POST', '/v1/spaces/{spaces.handbook}/comments', body);
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GitBookMock } from '../../src/vitest/index.ts';

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface Calls {
  /** An API call as user `user` of the manifest (a string the manifest lacks is sent as the token; null: no token). */
  call<T = any>(user: string | null, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult<T>>;
  /** An admin API call. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<CallResult<T>>;
  /** The id of `key` in manifest collection `collection` (the handle's `id`, for helpers given only these calls). */
  id(collection: string, key: string): string;
  /** `template` with its `{collection.key}` placeholders replaced by ids of the manifest. */
  path(template: string): string;
}

async function send(gb: GitBookMock, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<CallResult> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const res = await gb.fetch(path, init);
  const text = await res.text();
  let parsed: unknown = text;
  if (text && res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(text);
  return { status: res.status, body: parsed, headers: res.headers };
}

export function callsOn(gb: GitBookMock): Calls {
  const path = (template: string) => template.replace(/\{(\w+)\.([\w.-]+)\}/g, (_, c: string, k: string) => encodeURIComponent(gb.id(c, k)));
  return {
    path,
    id: (collection, key) => gb.id(collection, key),
    call: (user, method, p, body, headers = {}) => {
      const auth: Record<string, string> = user === null ? {} : { authorization: `Bearer ${gb.manifest.tokens[user] ?? user}` };
      return send(gb, method, path(p), body, { ...auth, ...headers });
    },
    admin: (method, p, body) => send(gb, method, p, body, {}),
  };
}

/** Options of `useGitBookMock` that start it on `scenario`, written as `name`.json in a folder of its own. */
export function scenarioOptions(name: string, scenario: object): { scenariosDirs: string[]; scenario: string } {
  const dir = mkdtempSync(join(tmpdir(), `gitbook-mock-${name}-`));
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(scenario));
  return { scenariosDirs: [dir], scenario: name };
}

/**
 * Clears what a reset keeps: the other sessions, the named snapshots, fault rules, events,
 * coverage and the journal (last, so these calls leave no entry). For files whose tests read
 * those and each expect a mock as new: `beforeEach(() => clearKept(t))` after `useGitBookMock`.
 */
export async function clearKept(t: Calls): Promise<void> {
  const sessions = (await t.admin('GET', '/__admin/sessions')).body.items as { name: string }[];
  for (const { name } of sessions) if (name !== 'default') await t.admin('DELETE', `/__admin/sessions/${encodeURIComponent(name)}`);
  const snapshots = (await t.admin('GET', '/__admin/snapshots')).body.items as { name: string }[];
  for (const { name } of snapshots) await t.admin('DELETE', `/__admin/snapshots/${encodeURIComponent(name)}`);
  for (const path of ['/__admin/faults', '/__admin/events', '/__admin/coverage', '/__admin/requests']) await t.admin('DELETE', path);
}
