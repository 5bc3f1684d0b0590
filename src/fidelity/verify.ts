/**
 * `gitbook-mock verify`: replays a journey against the upstream and against a mock loaded from
 * --scenario, compares each pair of answers (compare.ts), writes a Markdown report, and
 * resolves to the exit code: 0 when every difference is in the allow-list (a JSON list of
 * "METHOD PATH: difference" or "*: difference" lines), 1 otherwise, 2 when the journey cannot run.
 *
 * A journey is a JSON list of `{ method?, path, body? }`, or a vitest file that uses
 * `gitbook-mock/vitest` (vitest-journey.ts: run once against each side, requests paired in order).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname } from 'node:path';
import { createMock, type Mock } from '../app.ts';
import { compareAnswers } from './compare.ts';
import { refuseUpstreamWriteAsked, type VerifyCommand } from './args.ts';
import { didYouMean, nearest } from '../text/nearest.ts';
import type { Manifest } from '../scenarios/loader.ts';
import { manifestPath } from './record.ts';
import { answerOf, isVitestJourney, runVitestJourney, type Exchange } from './vitest-journey.ts';

type Out = Pick<NodeJS.WriteStream, 'write'>;
interface Step { method?: string; path: string; body?: unknown }
/** One request as both sides answered it. */
interface Pair { label: string; up?: Exchange; mine?: Exchange }

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the ${what} ${file}: ${(error as Error).message}`);
  }
}

/**
 * `path` with its `{collection.key}` placeholders (`/v1/spaces/{spaces.handbook}`) replaced by
 * the ids of the mock's manifest: a recorded scenario keeps the upstream's ids, so one path names
 * the same record on both sides. An unknown key stops the journey, naming the nearest.
 */
export function journeyPath(path: string, manifest: Pick<Manifest, 'ids'>): string {
  return path.replace(/\{(\w+)\.([\w.-]+)\}/g, (whole, collection: string, key: string) => {
    const ids: Record<string, string> | undefined = (manifest.ids as Record<string, Record<string, string>>)[collection];
    if (!ids) throw new Error(`${path}: ${whole} names no collection of the manifest${didYouMean(nearest(collection, Object.keys(manifest.ids)))}`);
    const id = ids[key];
    if (id === undefined) throw new Error(`${path}: ${whole} names no ${collection} key of the manifest${didYouMean(nearest(key, Object.keys(ids)))}`);
    return encodeURIComponent(id);
  });
}

/** The mock side of a JSON journey: where its requests go, and the manifest its ids and token come from. */
interface MockSide {
  fetch: (path: string, init: RequestInit) => Promise<Response>;
  manifest: Pick<Manifest, 'ids' | 'tokens'>;
}

const inProcess = (mock: Mock): MockSide => ({ fetch: (path, init) => mock.fetch(new Request(`http://mock.local${path}`, init)), manifest: mock.runtime.manifest });

/** A running mock (`--mock URL`): its manifest read from its admin API (`GET /__admin/manifest`). */
async function running(url: string): Promise<MockSide> {
  let res: Response;
  try {
    res = await fetch(`${url}/__admin/manifest`);
  } catch (error) {
    throw new Error(`--mock ${url}: no answer (${(error as Error).message})`);
  }
  if (!res.ok) throw new Error(`--mock ${url}: GET /__admin/manifest answered ${res.status}`);
  const manifest = (await res.json()) as Manifest;
  return { fetch: (path, init) => fetch(url + path, init), manifest };
}

/** A JSON journey: every write checked before the first request, then each step sent to both sides. */
async function replaySteps(command: VerifyCommand, mock: MockSide, upstreamFetch: typeof fetch): Promise<Pair[]> {
  const journey = readJson(command.journey, 'journey');
  if (!Array.isArray(journey) || !journey.every((s) => s && typeof s.path === 'string' && s.path.startsWith('/v1/'))) {
    throw new Error(`${command.journey} must be a JSON list of { "method", "path": "/v1/...", "body" }`);
  }
  const steps = (journey as Step[]).map((step) => ({ ...step, path: journeyPath(step.path, mock.manifest) }));
  for (const step of steps) {
    const refused = await refuseUpstreamWriteAsked(command, step.method ?? 'GET', step.path, upstreamFetch);
    if (refused) throw new Error(refused);
  }
  // The mock answers as the first user of its scenario's manifest (record puts --token's user first).
  const mockToken = Object.values(mock.manifest.tokens)[0] ?? '';
  const pairs: Pair[] = [];
  for (const step of steps) {
    const method = (step.method ?? 'GET').toUpperCase();
    const init = (token: string): RequestInit => ({
      method,
      headers: { authorization: `Bearer ${token}`, ...(step.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: step.body === undefined ? undefined : JSON.stringify(step.body),
    });
    let up;
    try {
      up = await answerOf(await upstreamFetch(command.upstream + step.path, init(command.token)));
    } catch (error) {
      throw new Error(`${method} ${step.path}: the upstream did not answer: ${(error as Error).message}`);
    }
    const mine = await answerOf(await mock.fetch(step.path, init(mockToken)));
    pairs.push({ label: `${method} ${step.path}`, up: { method, path: step.path, ...up }, mine: { method, path: step.path, ...mine } });
  }
  return pairs;
}

export async function runVerify(command: VerifyCommand, out: Out, err: Out, upstreamFetch: typeof fetch = fetch): Promise<number> {
  let allow: string[];
  let pairs: Pair[];
  const lines: string[] = ['# gitbook-mock verify', '', `Upstream: ${command.upstream}`, ''];
  const extra: string[] = [];
  try {
    const allowed = command.allow ? readJson(command.allow, 'allow-list') : [];
    if (!Array.isArray(allowed) || !allowed.every((a) => typeof a === 'string')) throw new Error(`${command.allow} must be a JSON list of strings`);
    allow = allowed as string[];
    pairs = command.mock ? await againstRunning(command, command.mock, upstreamFetch) : await againstInProcess(command, upstreamFetch, lines, extra);
  } catch (error) {
    err.write(`gitbook-mock verify: ${(error as Error).message}\n`);
    return 2;
  }
  return written(command, allow, pairs, lines, extra, out, err);
}

/** `--mock URL`: a JSON journey against the upstream and a running mock. */
async function againstRunning(command: VerifyCommand, url: string, upstreamFetch: typeof fetch): Promise<Pair[]> {
  if (isVitestJourney(command.journey)) throw new Error('--mock verifies a running mock with a JSON journey; a vitest journey runs against a mock of its own (--scenario)');
  return replaySteps(command, await running(url), upstreamFetch);
}

/** The journey against the upstream and a mock made here from --scenario (`starter` without it). */
async function againstInProcess(command: VerifyCommand, upstreamFetch: typeof fetch, lines: string[], extra: string[]): Promise<Pair[]> {
  let pairs: Pair[];
  const mock = command.scenario
    ? createMock({ scenariosDirs: [dirname(command.scenario)], scenario: basename(command.scenario, extname(command.scenario)) })
    : createMock({});
  if (isVitestJourney(command.journey)) {
    const manifest = command.scenario ? manifestPath(command.scenario) : '';
    if (!manifest || !existsSync(manifest)) throw new Error('a vitest journey needs --scenario FILE with the manifest record wrote beside it (NAME.manifest.json)');
    const runs = await runVitestJourney(command, manifest, mock, upstreamFetch);
    if (runs.upstream.refused.length) throw new Error(`the journey made writes verify did not send: ${runs.upstream.refused.join('; ')}`);
    const n = Math.max(runs.upstream.exchanges.length, runs.mock.exchanges.length);
    pairs = Array.from({ length: n }, (_, i) => {
      const [up, mine] = [runs.upstream.exchanges[i], runs.mock.exchanges[i]];
      // i < n: one side at least made the i-th request.
      const sent = up ?? mine;
      const label = up && mine && (up.method !== mine.method || up.path !== mine.path)
        ? `${i + 1}. ${up.method} ${up.path} (mock: ${mine.method} ${mine.path})`
        : `${i + 1}. ${sent ? `${sent.method} ${sent.path}` : ''}`;
      return { label, up, mine };
    });
    lines.push(`Journey: ${command.journey} (vitest: exit ${runs.upstream.code} upstream, ${runs.mock.code} mock)`, '');
    if (runs.upstream.code !== runs.mock.code) extra.push(`vitest exit ${runs.upstream.code} upstream, ${runs.mock.code} mock`);
  } else {
    pairs = await replaySteps(command, inProcess(mock), upstreamFetch);
  }
  return pairs;
}

/** The report of `pairs`: each difference checked against the allow-list, the exit code. */
function written(command: VerifyCommand, allow: string[], pairs: Pair[], lines: string[], extra: string[], out: Out, err: Out): number {
  let unexpected = 0;
  const report = (scope: string, differences: string[]) => {
    for (const d of differences) {
      const allowed = allow.includes(`${scope}: ${d}`) || allow.includes(`*: ${d}`);
      if (!allowed) {
        unexpected += 1;
        err.write(`${scope}: ${d}\n`);
      }
      lines.push(`- ${allowed ? '(allowed) ' : ''}${d}`);
    }
    if (!differences.length) lines.push('- no difference');
    lines.push('');
  };
  if (extra.length) {
    lines.push('## The journey', '');
    report('journey', extra);
  }
  for (const { label, up, mine } of pairs) {
    // The allow-list names a request by method and path (without the number of a vitest journey).
    const sent = up ?? mine;
    const scope = sent ? `${sent.method} ${sent.path}` : label;
    lines.push(`## ${label}`, '');
    if (!up || !mine) {
      lines.push(`Sent to the ${up ? 'upstream' : 'mock'} only`, '');
      report(scope, [`request sent to the ${up ? 'upstream' : 'mock'} only`]);
      continue;
    }
    lines.push(`Status: ${up.status} upstream, ${mine.status} mock`, '');
    const differences = up.method !== mine.method || up.path !== mine.path ? [`request ${up.method} ${up.path} upstream, ${mine.method} ${mine.path} mock`] : [];
    // --strict: the bytes too (key order, spacing, escapes), beside what compareAnswers reads.
    if (command.strict && up.text !== mine.text) differences.push('body differs byte for byte');
    report(scope, [...differences, ...compareAnswers(up, mine)]);
  }
  lines.push(`${unexpected} difference(s) not in the allow-list.`, '');
  if (command.report) writeFileSync(command.report, lines.join('\n'));
  out.write(`gitbook-mock verify: ${pairs.length} request(s), ${unexpected} difference(s) not in the allow-list\n`);
  return unexpected ? 1 : 0;
}
