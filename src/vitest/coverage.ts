/**
 * Coverage of a vitest run. useGitBookMock attaches the coverage of its mock (in-process, or
 * the file's session on a running server) to the test file's meta when the file ends; the
 * reporter, in vitest's main process, adds the files' coverage up and prints it at the end:
 *
 *   // vitest.config.ts
 *   import { GitBookMockCoverageReporter } from 'gitbook-mock/vitest';
 *   export default defineConfig({ test: { reporters: ['default', new GitBookMockCoverageReporter()] } });
 */
import { writeFileSync } from 'node:fs';
import type { CoverageReport } from '../coverage/coverage.ts';
import { mergeCoverage } from '../coverage/merge.ts';
import { coveragePercent, formatHtml, formatText, summary } from '../coverage/format.ts';
import type { Target } from './session.ts';

export { mergeCoverage };

/** The key under which a test file's meta carries its mock's coverage. */
export const META_KEY = 'gitbookMockCoverage';

/** The coverage of the file's mock; undefined when the server does not report any. */
export async function coverageOf(target: Target, adminToken?: string): Promise<CoverageReport | undefined> {
  if (target.mock) return target.mock.runtime.coverage.report();
  try {
    const headers: Record<string, string> = adminToken ? { authorization: `Bearer ${adminToken}` } : {};
    const response = await target.fetch('/__admin/coverage', { headers });
    return response.ok ? ((await response.json()) as CoverageReport) : undefined;
  } catch {
    return undefined;
  }
}

interface SuiteLike {
  meta: Record<string, unknown>;
  file?: SuiteLike;
}

export function isSuite(value: unknown): value is SuiteLike {
  return !!value && typeof value === 'object' && 'meta' in value && 'tasks' in value;
}

/** Puts `report` on the test file's meta (added to what another mock of the file put there). */
export function attachCoverage(suite: SuiteLike | undefined, report: CoverageReport | undefined): void {
  if (!suite || !report) return;
  const meta = (suite.file ?? suite).meta;
  const earlier = meta[META_KEY] as CoverageReport | undefined;
  meta[META_KEY] = earlier ? mergeCoverage([earlier, report]) : report;
}

export interface CoverageReporterOptions {
  /** Print the whole table, not only the summary line (default false). */
  details?: boolean;
  /** Also write the report as one self-contained HTML file here. */
  html?: string;
  /** Also write the report as JSON here. */
  json?: string;
  /** Fail the run (exit code 1) when the overall coverage is under this percentage. */
  failUnder?: number;
}

/** vitest's TestModule, as far as the reporter reads it (no import of vitest's types needed). */
interface ModuleLike {
  meta(): object;
}

/** A vitest reporter that prints the gitbook-mock coverage of the run when it ends. */
export class GitBookMockCoverageReporter {
  /** The run's coverage once it ended (undefined when no file used useGitBookMock). */
  report: CoverageReport | undefined;

  constructor(private readonly options: CoverageReporterOptions = {}) {}

  onTestRunEnd(modules: ReadonlyArray<ModuleLike>): void {
    const reports = modules.map((m) => (m.meta() as Record<string, unknown>)[META_KEY] as CoverageReport | undefined).filter((r) => r !== undefined);
    this.report = mergeCoverage(reports);
    if (!this.report) return;
    const { details, html, json, failUnder } = this.options;
    process.stdout.write(details ? `\n${formatText(this.report)}` : `\ngitbook-mock coverage: ${summary(this.report)}\n`);
    if (html) writeFileSync(html, formatHtml(this.report));
    if (json) writeFileSync(json, `${JSON.stringify(this.report, null, 2)}\n`);
    if (failUnder !== undefined && coveragePercent(this.report) < failUnder) {
      process.stdout.write(`gitbook-mock coverage is under ${failUnder}%\n`);
      process.exitCode = 1;
    }
  }
}
