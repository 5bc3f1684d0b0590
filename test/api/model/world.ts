/**
 * What the model test drives: one in-process mock on a `--data` file, the official client as
 * a user of its state, and the state as last exported (commands pick their targets from it).
 * Every answer passes through `fetch`, which notes each 5xx, whoever sent the request.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitBookAPI } from '@gitbook/api';
import { createMock, type Mock } from '../../../src/app.ts';
import { IN_PROCESS_URL } from '../../../src/vitest/index.ts';
import type { StateExport } from '../../../src/scenarios/state-check.ts';

/** The virtual clock starts from the scenario's time and moves only when a command moves it. */
const wallClock = () => Date.parse('2026-01-01T00:00:00Z');

export interface World {
  readonly mock: Mock;
  readonly dataFile: string;
  /** The state as the last check exported it (its text and its records). */
  text: string;
  state: StateExport;
  /** Every answer of status 5xx so far, as `METHOD path → status`. */
  readonly serverErrors: string[];
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The official client with the token of the user of this id (default: the manifest's admin). */
  api(userId?: string): GitBookAPI;
  /** A call as the manifest's admin, for the few operations of the seeds the official client has no method for. */
  admin(method: string, path: string, body: unknown): Promise<Response>;
  close(): void;
}

export async function openWorld(scenario: string): Promise<World> {
  const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-model-'));
  const dataFile = join(dir, 'state.json');
  const mock = createMock({ scenario, dataFile, wallClock });
  const serverErrors: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(typeof input === 'string' && input.startsWith('/') ? `${IN_PROCESS_URL}${input}` : input, init);
    const label = `${request.method} ${new URL(request.url).pathname}`;
    const response = await mock.fetch(request);
    if (response.status >= 500) serverErrors.push(`${label} → ${response.status}: ${await response.clone().text()}`);
    return response;
  };
  const text = await (await fetch('/__admin/state')).text();
  const world: World = {
    mock,
    dataFile,
    text,
    state: JSON.parse(text) as StateExport,
    serverErrors,
    fetch: (path, init) => fetch(path, init),
    api(userId) {
      const user = userId === undefined ? undefined : world.state.users.find((u) => u.id === userId);
      const authToken = user?.token ?? world.state.manifest.tokens.admin;
      return new GitBookAPI({ authToken, endpoint: IN_PROCESS_URL, serviceBinding: { fetch } });
    },
    admin: (method, path, body) =>
      fetch(path, { method, headers: { authorization: `Bearer ${world.state.manifest.tokens.admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    close() {
      mock.endStreams();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}

/** `GET /__admin/state`, as text. */
export async function exportText(world: World): Promise<string> {
  const res = await world.fetch('/__admin/state');
  if (res.status !== 200) throw new Error(`GET /__admin/state answered ${res.status}: ${await res.text()}`);
  return res.text();
}

/**
 * The state a mock started on a copy of the `--data` file (and its journal) holds: a restart,
 * in process, that leaves the running mock's files alone.
 */
export async function restartedText(world: World): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-model-restart-'));
  try {
    const copy = join(dir, 'state.json');
    copyFileSync(world.dataFile, copy);
    if (existsSync(`${world.dataFile}.journal`)) copyFileSync(`${world.dataFile}.journal`, `${copy}.journal`);
    const restarted = createMock({ dataFile: copy, wallClock });
    const res = await restarted.fetch(`${IN_PROCESS_URL}/__admin/state`);
    restarted.endStreams();
    return res.text();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
