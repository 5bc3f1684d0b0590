/**
 * `gitbook-mock verify`: replays a journey (a JSON list of `{ method?, path, body? }`) against
 * the upstream and against an in-process mock loaded from --scenario, compares each pair of
 * answers (compare.ts), writes a Markdown report, and resolves to the exit code: 0 when every
 * difference is in the allow-list (a JSON list of "METHOD PATH: difference" or "*: difference"
 * lines), 1 otherwise, 2 when the journey cannot run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname } from 'node:path';
import { createMock } from '../app.ts';
import { compareAnswers } from './compare.ts';
import { refuseUpstreamWriteAsked, type VerifyCommand } from './args.ts';

type Out = Pick<NodeJS.WriteStream, 'write'>;
interface Step { method?: string; path: string; body?: unknown }

async function answer(res: Response): Promise<{ status: number; body: unknown }> {
  const text = await res.text();
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: res.status, body: text };
  }
}

function readJson(file: string, what: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the ${what} ${file}: ${(error as Error).message}`);
  }
}

export async function runVerify(command: VerifyCommand, out: Out, err: Out, upstreamFetch: typeof fetch = fetch): Promise<number> {
  let steps: Step[];
  let allow: string[];
  let mock;
  try {
    const journey = readJson(command.journey, 'journey');
    if (!Array.isArray(journey) || !journey.every((s) => s && typeof s.path === 'string' && s.path.startsWith('/v1/'))) {
      throw new Error(`${command.journey} must be a JSON list of { "method", "path": "/v1/...", "body" }`);
    }
    steps = journey as Step[];
    const allowed = command.allow ? readJson(command.allow, 'allow-list') : [];
    if (!Array.isArray(allowed) || !allowed.every((a) => typeof a === 'string')) throw new Error(`${command.allow} must be a JSON list of strings`);
    allow = allowed as string[];
    // Every write is checked before the first request is sent.
    for (const step of steps) {
      const refused = await refuseUpstreamWriteAsked(command, step.method ?? 'GET', step.path, upstreamFetch);
      if (refused) throw new Error(refused);
    }
    mock = command.scenario
      ? createMock({ scenariosDirs: [dirname(command.scenario)], scenario: basename(command.scenario, extname(command.scenario)) })
      : createMock({});
  } catch (error) {
    err.write(`gitbook-mock verify: ${(error as Error).message}\n`);
    return 2;
  }
  // The mock answers as the first user of its scenario's manifest.
  const mockToken = Object.values(mock.runtime.manifest.tokens)[0] ?? '';
  const lines: string[] = ['# gitbook-mock verify', '', `Upstream: ${command.upstream}`, ''];
  let unexpected = 0;
  for (const step of steps) {
    const method = (step.method ?? 'GET').toUpperCase();
    const init = (token: string): RequestInit => ({
      method,
      headers: { authorization: `Bearer ${token}`, ...(step.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: step.body === undefined ? undefined : JSON.stringify(step.body),
    });
    let up;
    try {
      up = await answer(await upstreamFetch(command.upstream + step.path, init(command.token)));
    } catch (error) {
      err.write(`gitbook-mock verify: ${method} ${step.path}: the upstream did not answer: ${(error as Error).message}\n`);
      return 2;
    }
    const mine = await answer(await mock.fetch(new Request(`http://mock.local${step.path}`, init(mockToken))));
    const differences = compareAnswers(up, mine);
    lines.push(`## ${method} ${step.path}`, '', `Status: ${up.status} upstream, ${mine.status} mock`, '');
    for (const d of differences) {
      const allowed = allow.includes(`${method} ${step.path}: ${d}`) || allow.includes(`*: ${d}`);
      if (!allowed) unexpected += 1;
      lines.push(`- ${allowed ? '(allowed) ' : ''}${d}`);
      if (!allowed) err.write(`${method} ${step.path}: ${d}\n`);
    }
    if (!differences.length) lines.push('- no difference');
    lines.push('');
  }
  lines.push(`${unexpected} difference(s) not in the allow-list.`, '');
  if (command.report) writeFileSync(command.report, lines.join('\n'));
  out.write(`gitbook-mock verify: ${steps.length} request(s), ${unexpected} difference(s) not in the allow-list\n`);
  return unexpected ? 1 : 0;
}
