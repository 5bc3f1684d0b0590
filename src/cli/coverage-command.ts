/**
 * `gitbook-mock coverage --url URL [--session NAME | --all-sessions] [--fail-under PERCENT] [--format text|json|html] [--details]`:
 * reads GET /__admin/coverage of a running mock (every session added up, unless `--session`
 * names one), prints it, and exits 1 when the overall coverage (operations called and
 * transitions exercised, over all of them) is under PERCENT, so a CI job can fail on it. 2: a
 * bad flag or a server that cannot be read.
 */
import { parseArgs } from 'node:util';
import { joinNegativeNumbers } from '../cli-args.ts';
import type { CoverageReport } from '../coverage/coverage.ts';
import { coveragePercent, formatCoverage, summary, type CoverageFormat } from '../coverage/format.ts';
import { mergeCoverage } from '../coverage/merge.ts';

export const COVERAGE_USAGE = `Usage: gitbook-mock coverage --url URL [options]

Prints which operations and state-machine transitions a running mock has seen exercised.

Options:
  --url URL             the mock, for example http://127.0.0.1:4010
  --all-sessions        every session of the server, added up (the default)
  --session NAME        one session only (sent as X-Mock-Session)
  --fail-under PERCENT  exit 1 when the overall coverage is below PERCENT (0 to 100)
  --format FORMAT       text (default: a summary line), json, or html (one self-contained file)
  --details             with text: the whole table of operations, transitions and events
  -h, --help            prints this text and exits`;

export interface CoverageCommand {
  url: string;
  /** One session; undefined: every session, added up. */
  session?: string;
  failUnder?: number;
  format: CoverageFormat;
  /** The whole table rather than the summary (text only). */
  details: boolean;
  help: boolean;
}

export class CoverageUsageError extends Error {}

export function parseCoverageArgs(argv: string[]): CoverageCommand {
  let values;
  try {
    values = parseArgs({
      args: joinNegativeNumbers(argv, ['--fail-under']),
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        session: { type: 'string' },
        'all-sessions': { type: 'boolean' },
        details: { type: 'boolean' },
        'fail-under': { type: 'string' },
        format: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    throw new CoverageUsageError((error as Error).message.split('\n')[0]);
  }
  const help = values.help ?? false;
  if (!help && !values.url) throw new CoverageUsageError('--url is required');
  if (values.url && !/^https?:\/\/[^/]/.test(values.url)) throw new CoverageUsageError(`--url must be an http(s) URL, got "${values.url}"`);
  const format = (values.format ?? 'text') as CoverageFormat;
  if (!['text', 'json', 'html'].includes(format)) throw new CoverageUsageError(`--format must be text, json or html, got "${format}"`);
  let failUnder: number | undefined;
  if (values['fail-under'] !== undefined) {
    failUnder = Number(values['fail-under']);
    if (values['fail-under'].trim() === '' || !Number.isFinite(failUnder) || failUnder < 0 || failUnder > 100) {
      throw new CoverageUsageError(`--fail-under must be a number from 0 to 100, got "${values['fail-under']}"`);
    }
  }
  if (values.session !== undefined && values.session.trim() === '') throw new CoverageUsageError('--session must not be empty');
  if (values.session !== undefined && values['all-sessions']) throw new CoverageUsageError('--session and --all-sessions cannot go together');
  return { url: values.url ?? '', session: values.session, failUnder, format, details: values.details ?? false, help };
}

/** The JSON answer of GET `path` of the mock (in `session` when given); its error message otherwise. */
async function readAdmin(command: CoverageCommand, path: string, session?: string): Promise<{ body: unknown; warning: string | null }> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (session) headers['X-Mock-Session'] = session;
  const url = new URL(path, command.url);
  const res = await fetch(url, { headers });
  if (!res.ok) {
    const text = await res.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message;
    } catch {
      // not the mock's error body: show the text
    }
    throw new Error(message ?? `GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return { body: await res.json(), warning: res.headers.get('x-mock-warning') };
}

async function readCoverage(command: CoverageCommand): Promise<CoverageReport> {
  const { session } = command;
  if (session !== undefined) {
    const { body, warning } = await readAdmin(command, '/__admin/coverage', session);
    // A session that does not exist is read as it would start (empty coverage): say so instead.
    if (warning?.startsWith(`Session "${session}" does not exist`)) throw new Error(warning);
    return body as CoverageReport;
  }
  // Every session: a suite against a server runs a session per test file (gitbook-mock/vitest).
  const { body } = await readAdmin(command, '/__admin/sessions');
  const reports: CoverageReport[] = [];
  for (const { name } of (body as { items: { name: string }[] }).items) {
    reports.push((await readAdmin(command, '/__admin/coverage', name)).body as CoverageReport);
  }
  return mergeCoverage(reports) ?? ((await readAdmin(command, '/__admin/coverage')).body as CoverageReport);
}

/** Runs the subcommand; resolves to the exit code. */
/** Where the command writes: process.stdout and process.stderr, or a test's collector. */
export interface Writer {
  write(text: string): unknown;
}

export async function runCoverageCommand(argv: string[], out: Writer = process.stdout, err: Writer = process.stderr): Promise<number> {
  let command: CoverageCommand;
  try {
    command = parseCoverageArgs(argv);
  } catch (error) {
    if (!(error instanceof CoverageUsageError)) throw error;
    err.write(`gitbook-mock coverage: ${error.message} (see --help)\n`);
    return 2;
  }
  if (command.help) {
    out.write(`${COVERAGE_USAGE}\n`);
    return 0;
  }
  let report: CoverageReport;
  try {
    report = await readCoverage(command);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    err.write(`gitbook-mock coverage: cannot read the coverage of ${command.url}: ${cause ?? (error as Error).message}\n`);
    return 2;
  }
  out.write(command.format === 'text' && !command.details ? `Coverage: ${summary(report)} (--details for the table)\n` : formatCoverage(report, command.format));
  if (command.failUnder !== undefined && coveragePercent(report) < command.failUnder) {
    err.write(`gitbook-mock coverage: ${summary(report)}, under --fail-under ${command.failUnder}%\n`);
    return 1;
  }
  return 0;
}
