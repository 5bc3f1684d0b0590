/**
 * A build that never leaves the package without dist/: it writes a folder of its own, and only
 * a build that finished takes dist/'s place (a rename each way). An interrupted or failed build
 * removes its folder and leaves dist/ as it was, so `npx gitbook-mock` in a clone (which runs
 * `prepare`) keeps working while one runs, or after one was stopped.
 */
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The prefix of a build's own folder, and of the old dist/ while it is swapped out. */
export const BUILDING = '.dist-building-';
const OLD = '.dist-old-';

/** Runs `build(out)` into `root/.dist-building-<id>`, then swaps it in for `root/dist`. */
export async function buildAndSwap(root: string, id: string, build: (out: string) => Promise<void> | void): Promise<void> {
  // Folders left by a build that was killed (no handler of it ran).
  for (const name of readdirSync(root)) if (name.startsWith(BUILDING) || name.startsWith(OLD)) rmSync(join(root, name), { recursive: true, force: true });
  const out = join(root, `${BUILDING}${id}`);
  const dist = join(root, 'dist');
  const old = join(root, `${OLD}${id}`);
  try {
    await build(out);
  } catch (error) {
    rmSync(out, { recursive: true, force: true });
    throw error;
  }
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(out, dist);
  rmSync(old, { recursive: true, force: true });
}
