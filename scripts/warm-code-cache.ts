/**
 * The last step of `npm run build`, once the new dist/ is in place (scripts/build.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { ROOT } from './build-out.ts';

/**
 * Starts the CLI once, so that the first start after a build (`npm ci`, the tests' rebuild, the
 * bench) finds the code cache bin/gitbook-mock.js keeps in dist/cli/code-cache/: without it that
 * start compiles the whole file, about a fifth more work. The package leaves the folder out
 * (`files` in package.json): a cache holds only for the Node that wrote it. Nothing here fails
 * the build: a start that cannot listen, or flags in NODE_OPTIONS (the CLI writes no cache
 * then), leave the first real start to write it.
 */
async function warmCodeCache(): Promise<void> {
  if (process.env.NODE_OPTIONS) return;
  const dir = `${ROOT}dist/cli/code-cache/`;
  // Caches of an earlier build name another file's hash: they would never be read again.
  rmSync(dir, { recursive: true, force: true });
  const written = () => existsSync(dir) && readdirSync(dir).some((name) => name.endsWith('.bin'));
  const child = spawn(process.execPath, ['bin/gitbook-mock.js', '--port', '0'], { cwd: ROOT, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let waited = 0; waited < 15_000 && child.exitCode === null && !written(); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  child.kill('SIGTERM');
  await exited;
}

await warmCodeCache();
