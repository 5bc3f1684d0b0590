/**
 * Coverage reports added up: the vitest reporter adds its test files' (vitest/coverage.ts), the
 * `coverage` command a server's sessions' (cli/coverage-command.ts).
 */
import type { CoverageReport, OperationCoverage, TransitionCoverage } from './coverage.ts';

/** Several reports as one (test files', sessions'): calls, statuses and counts added up item by item. */
export function mergeCoverage(reports: readonly CoverageReport[]): CoverageReport | undefined {
  if (reports.length === 0) return undefined;
  const ops = new Map<string, OperationCoverage>();
  const transitions = new Map<string, TransitionCoverage>();
  const events = new Map<string, number>();
  for (const report of reports) {
    for (const e of report.events?.items ?? []) events.set(e.type, (events.get(e.type) ?? 0) + e.sent);
    for (const op of report.operations.items) {
      const key = `${op.method} ${op.path}`;
      const into = ops.get(key) ?? { ...op, calls: 0, statuses: {} };
      into.calls += op.calls;
      for (const [status, n] of Object.entries(op.statuses)) into.statuses[status] = (into.statuses[status] ?? 0) + n;
      ops.set(key, into);
    }
    for (const t of report.transitions.items) {
      const key = `${t.machine} ${t.from} ${t.to}`;
      const into = transitions.get(key) ?? { ...t, count: 0 };
      into.count += t.count;
      transitions.set(key, into);
    }
  }
  const opItems = [...ops.values()];
  const tItems = [...transitions.values()];
  return {
    operations: { total: opItems.length, called: opItems.filter((o) => o.calls > 0).length, items: opItems },
    transitions: { total: tItems.length, exercised: tItems.filter((t) => t.count > 0).length, items: tItems },
    ...(events.size > 0 && { events: { total: events.size, sent: [...events.values()].filter((n) => n > 0).length, items: [...events].map(([type, sent]) => ({ type, sent })) } }),
  };
}
