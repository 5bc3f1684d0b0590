/**
 * Vitest global setup: the CLI tests run the real `bin/gitbook-mock.js`, which runs the compiled
 * `dist/`. `npm ci` builds it (prepare); after an edit of `src/` it is rebuilt here, once, so
 * those tests never run stale code.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function newest(dir: string): number {
  let out = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    out = Math.max(out, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return out;
}

export default function setup(): void {
  const built = join(ROOT, 'dist', 'bin.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newest(join(ROOT, 'src'))) return;
  process.stderr.write('test setup: src/ is newer than dist/; npm run build\n');
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}
