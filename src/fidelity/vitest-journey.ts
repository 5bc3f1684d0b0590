/**
 * A journey written as a vitest file that uses `gitbook-mock/vitest`: verify runs it twice with
 * `GITBOOK_MOCK_URL` pointed at a front of its own, once in front of the upstream and once in
 * front of a mock loaded from the recorded scenario, and keeps each request and answer in order.
 *
 * The upstream's front plays the part of the mock's admin API for the helper: loading or
 * resetting answers the recorded manifest (NAME.manifest.json) with every user's token being
 * --token, and nothing is reset upstream. Its /v1 requests go to the upstream as --token, a
 * write only when refuseUpstreamWriteAsked lets it (else 403, and verify fails).
 */
import { serve } from '@hono/node-server';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { refuseUpstreamWriteAsked, type VerifyCommand } from './args.ts';
import type { RecordedManifest } from './collect.ts';
import type { Mock } from '../app.ts';

export interface Exchange { method: string; path: string; status: number; body: unknown; text?: string }

export interface VitestRun { code: number | null; exchanges: Exchange[]; refused: string[]; output: string }

export function isVitestJourney(file: string): boolean {
  return /\.(?:[cm]?[jt]s|[jt]sx)$/.test(file);
}

/** An answer's status and body (JSON when it parses, else the text). */
export async function answerOf(res: Response): Promise<{ status: number; body: unknown; text: string }> {
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null, text };
  } catch {
    return { status: res.status, body: text, text };
  }
}

type Handler = (req: Request, env: unknown) => Promise<Response>;

function listen(handler: Handler): Promise<{ origin: string; close: () => Promise<void> }> {
  return new Promise((done) => {
    const server = serve({ fetch: handler, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => done({
      origin: `http://127.0.0.1:${info.port}`,
      close: () => new Promise((closed) => { server.closeAllConnections(); server.close(() => closed()); }),
    })) as Server;
  });
}

/** The front of the upstream: the helper's admin calls answered from the manifest, /v1 forwarded as --token. */
function upstreamFront(command: VerifyCommand, manifest: RecordedManifest, upstreamFetch: typeof fetch, run: VitestRun): Handler {
  const tokens = Object.fromEntries(Object.keys(manifest.ids.users ?? {}).map((key) => [key, command.token]));
  return async (req) => {
    const url = new URL(req.url);
    if (url.pathname === '/__admin/reset' || url.pathname.startsWith('/__admin/scenarios/')) {
      return Response.json({ scenario: manifest.scenario, now: new Date().toISOString(), tokens, ids: manifest.ids });
    }
    if (!url.pathname.startsWith('/v1/')) return Response.json({ error: { code: 404, message: `verify: the upstream has no ${url.pathname}` } }, { status: 404 });
    const refused = await refuseUpstreamWriteAsked(command, req.method, url.pathname, upstreamFetch);
    if (refused) {
      run.refused.push(refused);
      return Response.json({ error: { code: 403, message: `gitbook-mock verify: ${refused}` } }, { status: 403 });
    }
    const headers: Record<string, string> = { authorization: `Bearer ${command.token}` };
    for (const name of ['content-type', 'accept']) {
      const value = req.headers.get(name);
      if (value) headers[name] = value;
    }
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
    const res = await upstreamFetch(command.upstream + url.pathname + url.search, { method: req.method, headers, body });
    const bytes = await res.arrayBuffer();
    run.exchanges.push({ method: req.method, path: url.pathname + url.search, ...(await answerOf(new Response(bytes, { status: res.status }))) });
    return new Response(res.status === 204 || res.status === 304 ? null : bytes, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } });
  };
}

/** The front of the mock: the mock itself, its /v1 answers kept. */
function mockFront(mock: Mock, run: VitestRun): Handler {
  return async (req, env) => {
    const url = new URL(req.url);
    const res = await mock.app.fetch(req, env);
    if (url.pathname.startsWith('/v1/')) run.exchanges.push({ method: req.method, path: url.pathname + url.search, ...(await answerOf(res.clone())) });
    return res;
  };
}

/** Runs vitest on `file` (a configuration of verify's own: only that file, no setup files) with GITBOOK_MOCK_URL = `url`. */
function runVitest(file: string, url: string, cwd: string): Promise<{ code: number | null; output: string }> {
  const included = relative(cwd, resolve(file)).split('\\').join('/');
  if (included.startsWith('../') || !existsSync(file)) return Promise.reject(new Error(`the vitest journey ${file} must be a file under the current directory (${cwd})`));
  const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-verify-'));
  const config = join(dir, 'vitest.config.mjs');
  writeFileSync(config, `export default { test: { include: [${JSON.stringify(included)}], watch: false } };\n`);
  let bin: string;
  try {
    // The package's own bin (vitest.mjs is not among its exports; package.json is).
    const pkg = createRequire(join(cwd, 'package.json')).resolve('vitest/package.json');
    bin = join(dirname(pkg), (JSON.parse(readFileSync(pkg, 'utf8')) as { bin: { vitest: string } }).bin.vitest);
  } catch {
    return Promise.reject(new Error(`a vitest journey needs vitest installed in ${cwd}`));
  }
  const child = spawn(process.execPath, [bin, 'run', '--config', config, '--root', cwd], {
    cwd, env: { ...process.env, GITBOOK_MOCK_URL: url, GITBOOK_MOCK_ADMIN_TOKEN: '', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return new Promise((done) => child.on('exit', (code) => {
    rmSync(dir, { recursive: true, force: true });
    done({ code, output });
  }));
}

/** Both runs of a vitest journey: the upstream's and the mock's. */
export async function runVitestJourney(command: VerifyCommand, manifestFile: string, mock: Mock, upstreamFetch: typeof fetch, cwd = process.cwd()): Promise<{ upstream: VitestRun; mock: VitestRun }> {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as RecordedManifest;
  const runs = { upstream: { code: null, exchanges: [], refused: [], output: '' } as VitestRun, mock: { code: null, exchanges: [], refused: [], output: '' } as VitestRun };
  for (const side of ['upstream', 'mock'] as const) {
    const front = await listen(side === 'upstream' ? upstreamFront(command, manifest, upstreamFetch, runs.upstream) : mockFront(mock, runs.mock));
    try {
      Object.assign(runs[side], await runVitest(command.journey, front.origin, cwd));
    } finally {
      await front.close();
    }
  }
  return runs;
}
