/**
 * Vitest global setup: the CLI tests run the real `bin/gitbook-mock.js`, which runs the compiled
 * `dist/`. `npm ci` builds it (prepare); after an edit of `src/` it is rebuilt here, once, so
 * those tests never run stale code. `gitbook-mock/msw` also holds what the build makes of
 * `schemas/`, `scenarios/` and `fixtures/` (scripts/build-msw.ts): an edit there rebuilds too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newest(dir: string): number {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let out = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out = Math.max(out, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return out;
}

export default function setup(): void {
  // A developer running only in-process tests may skip the build (the CLI, package and msw tests
  // then run whatever dist/ holds).
  if (process.env.SKIP_DIST_BUILD === '1') return;
  // The last file the build writes (scripts/build-msw.ts): present only after a whole build.
  const built = join(ROOT, 'dist', 'msw', 'generated', 'data.js');
  const sources = ['src', 'schemas', 'scenarios', 'fixtures', 'scripts/build-msw.ts', 'scripts/build-cli.ts'].map((s) => newest(join(ROOT, s)));
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) return;
  process.stderr.write('test setup: src/ (or schemas/, scenarios/, fixtures/) is newer than dist/; npm run build\n');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
