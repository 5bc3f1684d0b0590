/**
 * Flags of `gitbook-mock record` and `gitbook-mock verify` (issue 30): parsed and checked here,
 * before anything is sent to an upstream. A bad flag is a FidelityUsageError (exit 2).
 */
import { flagProblem } from '../cli-args.ts';
import { parseArgs } from 'node:util';

export const RECORD_USAGE = `Usage: gitbook-mock record --upstream URL --token TOKEN --out FILE [options]

Listens like the server, forwards every /v1 request to the upstream and answers with its
answer (a line on stderr per answer off the official schema); on SIGINT or SIGTERM writes FILE
as a scenario of the records it saw, with their upstream ids (never the token), and beside it
NAME.manifest.json naming them by key.

Options:
  --upstream URL   the real service, for example https://api.gitbook.com
  --token TOKEN    the upstream token (a client's own Authorization header wins when it sends one)
  --out FILE       the scenario file to write, named after the scenario (FILE.json)
  --port N         port to listen on (default 4010; 0 takes a free one)
  --host H         address to listen on (default 127.0.0.1)
  --anonymize      replace personal data (names, emails, photos) with filler
  -h, --help       prints this text and exits`;

export const VERIFY_USAGE = `Usage: gitbook-mock verify --upstream URL --token TOKEN JOURNEY [options]

Replays JOURNEY against the upstream and against the mock, and reports per request what differs.
JOURNEY is a JSON list of requests, or a vitest file that uses gitbook-mock/vitest (run once
against each side; needs --scenario with the manifest record wrote beside it). A JSON journey's
paths may name ids by manifest key: /v1/spaces/{spaces.handbook}.
Exit 1 on a difference not in the allow-list, 2 when it cannot run (a bad flag, a refused write).

Options:
  --upstream URL   the real service, for example https://api.gitbook.com
  --token TOKEN    the upstream token
  --scenario FILE  the scenario the mock loads (for example one that record wrote)
  --allow FILE     differences that are expected (see docs/fidelity.md)
  --report FILE    write a Markdown report there
  --allow-writes   send writes (non-GET requests) to the upstream; needs --org
  --org ID         the upstream organization the writes may touch (each write's
                   organization is asked of the upstream first; others are refused)
  --strict         compare the answers byte for byte too (key order, spacing)
  --mock URL       verify a running mock (a JSON journey) instead of one made from --scenario
  -h, --help       prints this text and exits`;

export class FidelityUsageError extends Error {}

export interface RecordCommand { upstream: string; token: string; out: string; port: number; host: string; anonymize: boolean; help: boolean }
export interface VerifyCommand {
  upstream: string; token: string; journey: string; scenario?: string; allow?: string; report?: string;
  allowWrites: boolean; org?: string; help: boolean;
  /** Also compare the answers' bytes (`body differs byte for byte` when they are not the same text). */
  strict?: boolean;
  /** A running mock to verify (its URL), in place of one made in process from --scenario. */
  mock?: string;
}

function parse(argv: string[], options: NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>, positionals: boolean) {
  try {
    return parseArgs({ args: argv, strict: true, allowPositionals: positionals, options });
  } catch (error) {
    throw new FidelityUsageError(flagProblem((error as Error).message, Object.keys(options).map((name) => `--${name}`)));
  }
}

function upstreamOf(value: unknown): string {
  if (typeof value !== 'string') throw new FidelityUsageError('--upstream is required');
  if (!/^https?:\/\/[^/]/.test(value)) throw new FidelityUsageError(`--upstream must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function mockUrlOf(value: unknown, scenario: unknown): string {
  if (typeof value !== 'string' || !/^https?:\/\/[^/]/.test(value)) throw new FidelityUsageError(`--mock must be the http(s) URL of a running mock, got "${String(value)}"`);
  if (scenario !== undefined) throw new FidelityUsageError('--mock and --scenario: give one (a running mock has its scenario loaded already)');
  return value.replace(/\/+$/, '');
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new FidelityUsageError(`--${name} is required`);
  return value;
}

export function parseRecordArgs(argv: string[]): RecordCommand {
  const { values } = parse(argv, {
    upstream: { type: 'string' }, token: { type: 'string' }, out: { type: 'string' }, port: { type: 'string' },
    host: { type: 'string' }, anonymize: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  }, false);
  if (values.help) return { upstream: '', token: '', out: '', port: 4010, host: '127.0.0.1', anonymize: false, help: true };
  const port = Number(values.port ?? 4010);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new FidelityUsageError(`--port must be 0 to 65535, got "${String(values.port)}"`);
  return {
    upstream: upstreamOf(values.upstream), token: required(values, 'token'), out: required(values, 'out'),
    port, host: (values.host as string | undefined) ?? '127.0.0.1', anonymize: Boolean(values.anonymize), help: false,
  };
}

export function parseVerifyArgs(argv: string[]): VerifyCommand {
  const { values, positionals } = parse(argv, {
    upstream: { type: 'string' }, token: { type: 'string' }, scenario: { type: 'string' }, allow: { type: 'string' },
    report: { type: 'string' }, 'allow-writes': { type: 'boolean' }, org: { type: 'string' }, strict: { type: 'boolean' }, mock: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  }, true);
  if (values.help) return { upstream: '', token: '', journey: '', allowWrites: false, help: true };
  if (positionals.length !== 1) throw new FidelityUsageError(`one JOURNEY file is required, got ${positionals.length}`);
  const allowWrites = Boolean(values['allow-writes']);
  if (allowWrites && !values.org) throw new FidelityUsageError('--allow-writes needs --org ID, the upstream organization the writes may touch');
  return {
    upstream: upstreamOf(values.upstream), token: required(values, 'token'), journey: positionals[0],
    scenario: values.scenario as string | undefined, allow: values.allow as string | undefined,
    report: values.report as string | undefined, allowWrites, org: values.org as string | undefined, help: false,
    strict: Boolean(values.strict), ...(values.mock !== undefined && { mock: mockUrlOf(values.mock, values.scenario) }),
  };
}

/**
 * Safe by default: a write (any method but GET, HEAD, OPTIONS) goes to the upstream only with
 * --allow-writes and --org ID, and only when its path names no other organization.
 * Returns why the request is refused, or null when it may be sent.
 */
export function refuseUpstreamWrite(command: Pick<VerifyCommand, 'allowWrites' | 'org'>, method: string, path: string): string | null {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) return null;
  if (!command.allowWrites || !command.org) return `${method} ${path} is a write; verify sends writes to the upstream only with --allow-writes --org ID`;
  const org = /^\/v1\/orgs\/([^/?]+)/.exec(path)?.[1];
  if (org !== undefined && decodeURIComponent(org) !== command.org) return `${method} ${path} names organization ${org}, not --org ${command.org}`;
  return null;
}

/**
 * The organization a write touches, asked of the upstream before anything is written: the one
 * its path names (/v1/orgs/ID/...), or the owner of the space or collection it names. Returns
 * why the write is refused (another organization, or one that cannot be told), or null.
 */
export async function refuseUpstreamWriteAsked(
  command: Pick<VerifyCommand, 'allowWrites' | 'org' | 'upstream' | 'token'>, method: string, path: string, upstreamFetch: typeof fetch,
): Promise<string | null> {
  const refused = refuseUpstreamWrite(command, method, path);
  if (refused || ['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase()) || path.startsWith('/v1/orgs/')) return refused;
  const owned = /^\/v1\/(spaces|collections)\/([^/?]+)/.exec(path);
  if (!owned) return `${method} ${path}: verify cannot tell which organization this write touches, so it does not send it`;
  let owner: unknown;
  try {
    const res = await upstreamFetch(`${command.upstream}/v1/${owned[1]}/${owned[2]}`, { headers: { authorization: `Bearer ${command.token}` } });
    owner = res.ok ? ((await res.json()) as { organization?: unknown }).organization : undefined;
  } catch {
    owner = undefined;
  }
  if (typeof owner !== 'string') return `${method} ${path}: the upstream did not say which organization ${owned[1].slice(0, -1)} ${owned[2]} belongs to`;
  return owner === command.org ? null : `${method} ${path} touches organization ${owner}, not --org ${command.org}`;
}
