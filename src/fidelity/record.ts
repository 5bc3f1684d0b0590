/**
 * `gitbook-mock record`: a proxy to the upstream that answers with the upstream's answers and
 * collects the records they hold (collect.ts); on SIGINT/SIGTERM it writes them as a scenario.
 * The client's own Authorization header wins over --token, so an app can record as its user.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { Collector } from './collect.ts';
import type { RecordCommand } from './args.ts';
import { officialDriftCheck, type DriftCheck } from './drift-check.ts';

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'host']);

/** The proxy's fetch handler: forwards /v1 requests, collects the JSON answers to reads. */
export function recordingProxy(command: Pick<RecordCommand, 'upstream' | 'token'>, collector: Collector, upstreamFetch: typeof fetch = fetch, drift?: (line: string) => void, check: DriftCheck | null = null) {
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    if (!url.pathname.startsWith('/v1/') && url.pathname !== '/v1') {
      return Response.json({ error: { code: 404, message: `record forwards /v1 requests only, not ${url.pathname}` } }, { status: 404 });
    }
    const headers = new Headers();
    req.headers.forEach((v, k) => { if (!HOP.has(k)) headers.set(k, v); });
    const forToken = !headers.has('authorization');
    if (forToken) headers.set('authorization', `Bearer ${command.token}`);
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
    let res: Response;
    try {
      res = await upstreamFetch(`${command.upstream}${url.pathname}${url.search}`, { method: req.method, headers, body, redirect: 'manual' });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      return Response.json({ error: { code: 502, message: `upstream ${command.upstream} did not answer: ${cause}` } }, { status: 502 });
    }
    const bytes = await res.arrayBuffer();
    if (res.ok && (res.headers.get('content-type') ?? '').includes('json')) {
      try {
        const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
        collector.add(url.pathname, json, forToken);
        for (const line of check?.(req.method, url.pathname, res.status, json) ?? []) drift?.(line);
      } catch {
        // Not JSON after all: nothing to collect.
      }
    }
    const out = new Headers();
    res.headers.forEach((v, k) => { if (!HOP.has(k)) out.set(k, v); });
    return new Response(req.method === 'HEAD' || res.status === 204 || res.status === 304 ? null : bytes, { status: res.status, headers: out });
  };
}

/** The scenario's name: the file's name without .json (loadable with --scenarios-dir DIR --scenario NAME). */
export function scenarioName(out: string): string {
  return basename(out, extname(out));
}

/** Where the manifest goes: NAME.manifest.json beside the scenario (a name with a dot, so no catalog takes it for a scenario). */
export function manifestPath(out: string): string {
  return join(dirname(out), `${scenarioName(out)}.manifest.json`);
}

/** Writes the scenario and its manifest; returns why the scenario does not load in this mock, or null. */
export async function writeRecording(collector: Collector, command: Pick<RecordCommand, 'upstream' | 'out' | 'anonymize'>, now = new Date()): Promise<string | null> {
  const name = scenarioName(command.out);
  const { scenario, manifest } = collector.scenario({ name, upstream: command.upstream, now: now.toISOString(), anonymize: command.anonymize });
  writeFileSync(command.out, `${JSON.stringify(scenario, null, 2)}\n`);
  writeFileSync(manifestPath(command.out), `${JSON.stringify(manifest, null, 2)}\n`);
  try {
    // The mock's own loader (imported here only: the proxy never needs it).
    const { createMock } = await import('../app.ts');
    createMock({ scenariosDirs: [dirname(command.out)], scenario: name });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Asks the upstream who --token belongs to (GET /v1/user), so that user comes first in the scenario. */
async function learnCaller(command: Pick<RecordCommand, 'upstream' | 'token'>, collector: Collector, upstreamFetch: typeof fetch): Promise<void> {
  try {
    const res = await upstreamFetch(`${command.upstream}/v1/user`, { headers: { authorization: `Bearer ${command.token}` } });
    if (res.ok) collector.add('/v1/user', await res.json(), true);
  } catch {
    // The upstream is down: the proxy says so on each request.
  }
}

export function runRecord(command: RecordCommand, out: Pick<NodeJS.WriteStream, 'write'> = process.stdout, err: Pick<NodeJS.WriteStream, 'write'> = process.stderr): void {
  const collector = new Collector();
  const check = officialDriftCheck();
  if (!check) err.write('gitbook-mock record: @gitbook/api is not installed, so answers are not checked against the official schemas (npm i -D @gitbook/api)\n');
  void learnCaller(command, collector, fetch);
  const proxy = recordingProxy(command, collector, fetch, (line) => err.write(`${line}\n`), check);
  const server = serve({ fetch: proxy, port: command.port, hostname: command.host }, (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    out.write(`gitbook-mock record listening on http://${host}:${info.port} (upstream ${command.upstream})\n`);
  }) as Server;
  server.on('error', (error: NodeJS.ErrnoException) => {
    err.write(`gitbook-mock record: cannot listen on ${command.host}:${command.port}: ${error.code ?? error.message}\n`);
    process.exit(2);
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    writeRecording(collector, command).then((problem) => {
      if (problem) err.write(`gitbook-mock record: ${command.out} was written but does not load: ${problem}\n`);
      out.write(`gitbook-mock record: wrote ${command.out} and ${manifestPath(command.out)}\n`);
      server.close(() => process.exit(0));
      server.closeIdleConnections();
      setTimeout(() => process.exit(0), 3000).unref();
    }, (error: Error) => {
      err.write(`gitbook-mock record: cannot write ${command.out}: ${error.message}\n`);
      process.exit(1);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
