/**
 * The coverage report as text (a table for a terminal or a CI log), JSON, or one
 * self-contained HTML file (inline style, no script, nothing loaded from anywhere).
 */
import type { CoverageReport } from './coverage.ts';

export type CoverageFormat = 'text' | 'json' | 'html';

/** Covered items (operations called and transitions exercised) over all items, in percent. */
export function coveragePercent(report: CoverageReport): number {
  const total = report.operations.total + report.transitions.total;
  if (total === 0) return 100;
  return ((report.operations.called + report.transitions.exercised) / total) * 100;
}

const pct = (part: number, whole: number) => `${whole === 0 ? '100.0' : ((part / whole) * 100).toFixed(1)}%`;

function statuses(s: Record<string, number>): string {
  return Object.entries(s).map(([status, n]) => `${status}×${n}`).join(' ');
}

export function summary(report: CoverageReport): string {
  const { operations: o, transitions: t } = report;
  return `operations ${o.called}/${o.total} (${pct(o.called, o.total)}), transitions ${t.exercised}/${t.total} (${pct(t.exercised, t.total)}), overall ${coveragePercent(report).toFixed(1)}%`;
}

export function formatText(report: CoverageReport): string {
  const lines = ['Operations', `  ${'calls'.padStart(5)}  ${'method'.padEnd(6)}  ${'path'.padEnd(72)}  statuses`];
  for (const op of report.operations.items) {
    const mark = op.calls > 0 ? ' ' : '✗';
    lines.push(`${mark} ${String(op.calls).padStart(5)}  ${op.method.padEnd(6)}  ${op.path.padEnd(72)}  ${statuses(op.statuses)}`);
  }
  lines.push('', 'Transitions', `  ${'count'.padStart(5)}  ${'machine'.padEnd(20)}  from → to`);
  for (const t of report.transitions.items) {
    lines.push(`${t.count > 0 ? ' ' : '✗'} ${String(t.count).padStart(5)}  ${t.machine.padEnd(20)}  ${t.from} → ${t.to}`);
  }
  if (report.events) {
    lines.push('', 'Events sent to integrations', `  ${'sent'.padStart(5)}  type`);
    for (const e of report.events.items) lines.push(`${e.sent > 0 ? ' ' : '✗'} ${String(e.sent).padStart(5)}  ${e.type}`);
  }
  lines.push('', `Coverage: ${summary(report)} (✗: not exercised)`);
  return `${lines.map((line) => line.trimEnd()).join('\n')}\n`;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function row(covered: boolean, cells: (string | number)[]): string {
  return `<tr class="${covered ? 'yes' : 'no'}">${cells.map((c) => `<td>${escape(String(c))}</td>`).join('')}</tr>`;
}

export function formatHtml(report: CoverageReport, title = 'gitbook-mock coverage'): string {
  const ops = report.operations.items.map((op) => row(op.calls > 0, [op.operationId, op.method, op.path, op.calls, statuses(op.statuses)]));
  const trs = report.transitions.items.map((t) => row(t.count > 0, [t.machine, t.from, t.to, t.count]));
  const events = report.events
    ? `<h2>Events sent to integrations (${report.events.sent} of ${report.events.total} types)</h2>
<table><thead><tr><th>type</th><th>sent</th></tr></thead>
<tbody>${report.events.items.map((e) => row(e.sent > 0, [e.type, e.sent])).join('\n')}</tbody></table>
`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2rem; color: #222; }
table { border-collapse: collapse; margin-bottom: 2rem; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #ddd; text-align: left; }
tr.no td { background: #fdecea; }
tr.yes td { background: #eaf7ea; }
</style></head>
<body>
<h1>${escape(title)}</h1>
<p>${escape(summary(report))}</p>
<h2>Operations (${report.operations.called} of ${report.operations.total} called)</h2>
<table><thead><tr><th>operationId</th><th>method</th><th>path</th><th>calls</th><th>statuses</th></tr></thead>
<tbody>${ops.join('\n')}</tbody></table>
<h2>Transitions (${report.transitions.exercised} of ${report.transitions.total} exercised)</h2>
<table><thead><tr><th>machine</th><th>from</th><th>to</th><th>count</th></tr></thead>
<tbody>${trs.join('\n')}</tbody></table>
${events}</body></html>
`;
}

export function formatCoverage(report: CoverageReport, format: CoverageFormat): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'html') return formatHtml(report);
  return formatText(report);
}
