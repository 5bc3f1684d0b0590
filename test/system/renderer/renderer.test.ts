/**
 * GitBook's own renderer against the mock (`npm run renderer`, scripts/renderer.ts): every
 * published site of each scenario named in GITBOOK_RENDERER_SCENARIOS (default site-launch)
 * renders, and the renderer's every call to the mock succeeds. It needs a checkout of
 * GitbookIO/gitbook in GITBOOK_RENDERER_DIR, the npm registry, Chromium and a long time
 * (docs/renderer.md); without GITBOOK_RENDERER_DIR it is skipped (CI cannot fetch the renderer).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = process.env.GITBOOK_RENDERER_DIR;
const scenarios = (process.env.GITBOOK_RENDERER_SCENARIOS ?? 'site-launch').split(',').filter(Boolean);

describe.skipIf(!dir)('GitBook\'s renderer on the mock', () => {
  it.each(scenarios)('renders every published site of %s, with no failed call', (scenario) => {
    const out = mkdtempSync(join(tmpdir(), `renderer-${scenario}-`));
    const run = spawnSync('npm', ['run', '--silent', 'renderer', '--', dir!, scenario, out], { encoding: 'utf8', timeout: 3_600_000, maxBuffer: 1 << 26 });
    const last = run.stdout.trim().split('\n').at(-1) ?? '';
    const figure = /(\d+) of (\d+) published sites rendered, (\d+) unexpected failed calls/.exec(last);
    expect(figure, `${run.stdout}\n${run.stderr}`).not.toBeNull();
    const [, rendered, total, failed] = figure!.map(Number);
    expect(total).toBeGreaterThan(0);
    expect({ rendered, failed }, run.stdout).toEqual({ rendered: total, failed: 0 });
    expect(run.status).toBe(0);
  }, 3_700_000);
});
