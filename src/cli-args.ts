/** The command line of docs/contract.md, parsed into app and listen options. */
import { parseArgs } from 'node:util';
import type { AppOptions } from './runtime.ts';
import { didYouMean, nearest } from './text/nearest.ts';

export interface CliOptions {
  port: number;
  host: string;
  app: AppOptions;
  help: boolean;
}

export const USAGE = `Usage: gitbook-mock [options]

A stateful mock of the GitBook REST API (v1). Prints "listening on http://HOST:PORT" when ready.

Options:
  --port N            port to listen on (default 4010; 0 takes a free one)
  --host ADDRESS      address to listen on (default 127.0.0.1)
  --scenario NAME     scenario loaded at start (default starter; built-in: empty, starter,
                      trash, review, site-launch, org-admin, large)
  --scenarios-dir DIR a folder of your own scenario files, searched before the built-in
                      ones (repeatable); point their "$schema" at
                      node_modules/gitbook-mock/schemas/scenario.json
  --data FILE         keep the state in this JSON file and load it again on restart (the
                      default session's; sessions named by X-Mock-Session are not kept)
  --seed N            changes generated filler data (names, texts, times), never ids
  --latency MS        adds MS milliseconds to every API response
  --admin-token TOKEN opens the admin API from anywhere with Authorization: Bearer TOKEN
                      (or GITBOOK_MOCK_ADMIN_TOKEN); without it, loopback only
  --max-sessions N    most sessions (X-Mock-Session header) kept besides the default one;
                      past it the least recently used idle session goes (default 1000)
  --session-ttl S     seconds a session may stay idle before it is dropped (default 1800;
                      0 keeps sessions until evicted or deleted)
  -h, --help          prints this text and exits

Admin API on the same port: GET /__admin/scenarios, POST /__admin/reset, the QA console
at /__admin/ui. SIGINT or SIGTERM stops the server (exit 0); a bad flag exits 2.

gitbook-mock coverage --url URL [--session NAME] [--fail-under PERCENT] [--format text|json|html]
prints what a running server saw exercised (see gitbook-mock coverage --help).

gitbook-mock record --upstream URL --token TOKEN --out FILE   (see gitbook-mock record --help)
gitbook-mock verify --upstream URL --token TOKEN JOURNEY      (see gitbook-mock verify --help)`;

export class CliError extends Error {}

/** `unit`: what the number counts (`milliseconds`), named in the refusal. */
function integer(name: string, text: string | undefined, min: number, max: number, unit = ''): number | undefined {
  if (text === undefined) return undefined;
  const range = `between ${min} and ${max}${unit ? ` ${unit}` : ''}`;
  if (!/^-?\d+$/.test(text)) throw new CliError(`--${name} must be a whole number ${range}, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max) throw new CliError(`--${name} must be ${range}, got ${value}`);
  return value;
}

/**
 * `--latency -5` as `--latency=-5`: node's parseArgs takes a value that starts with a dash
 * for an option of its own and refuses it as "ambiguous", which says nothing of the values
 * allowed. Joined, a negative number reaches the range check (`--latency must be between 0 and
 * 600000 milliseconds, got -5`), and `--seed -5` simply works.
 */
export function joinNegativeNumbers(argv: readonly string[], numeric: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') return [...out, ...argv.slice(i)];
    const next = argv[i + 1];
    if (numeric.includes(argv[i]) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${argv[i]}=${next}`);
      i++;
    } else out.push(argv[i]);
  }
  return out;
}

const NUMERIC = ['--port', '--seed', '--latency', '--max-sessions', '--session-ttl'];

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  scenario: { type: 'string' },
  'scenarios-dir': { type: 'string', multiple: true },
  data: { type: 'string' },
  seed: { type: 'string' },
  latency: { type: 'string' },
  'admin-token': { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-ttl': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The parser's first line, with the nearest flag for one it does not know (`--prot`: did you mean --port?). */
export function flagProblem(message: string, flags: readonly string[]): string {
  const line = message.split('\n')[0];
  const unknown = /^Unknown option '(--[^'=]+)/.exec(line)?.[1];
  return unknown ? `${line}${didYouMean(nearest(unknown, flags))}` : line;
}

export function parseCli(argv: string[], env: NodeJS.ProcessEnv = process.env): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeNumbers(argv, NUMERIC), strict: true, allowPositionals: false, options: OPTIONS });
  } catch (error) {
    throw new CliError(flagProblem((error as Error).message, Object.keys(OPTIONS).map((name) => `--${name}`)));
  }
  const v = parsed.values;
  if (v.host !== undefined && v.host.trim() === '') throw new CliError('--host must not be empty');
  const adminToken = v['admin-token'] ?? (env.GITBOOK_MOCK_ADMIN_TOKEN || undefined);
  if (adminToken !== undefined && adminToken.trim() === '') throw new CliError('--admin-token must not be empty');
  if (v.scenario !== undefined && v.scenario.trim() === '') throw new CliError('--scenario must not be empty');
  return {
    help: v.help ?? false,
    port: integer('port', v.port, 0, 65535) ?? 4010,
    host: v.host ?? '127.0.0.1',
    app: {
      scenario: v.scenario ?? 'starter',
      scenariosDirs: v['scenarios-dir'] ?? [],
      dataFile: v.data,
      seed: integer('seed', v.seed, -(2 ** 31), 2 ** 31 - 1),
      latency: integer('latency', v.latency, 0, 600_000, 'milliseconds'),
      adminToken,
      maxSessions: integer('max-sessions', v['max-sessions'], 1, 1_000_000),
      sessionTtl: integer('session-ttl', v['session-ttl'], 0, 365 * 24 * 3600, 'seconds'),
    },
  };
}

/** Whether --host keeps the server on this machine (the admin token is then optional). */
export function isLoopbackListen(host: string): boolean {
  return /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(host.trim());
}
