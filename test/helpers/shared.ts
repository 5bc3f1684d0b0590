/**
 * The shared design files (`shared/design/...`) live beside the repository: next to the
 * main checkout, or a few levels up from a worktree. The first ancestor that holds the
 * file wins.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function sharedFile(relative: string): string {
  let dir = fileURLToPath(new URL('../../', import.meta.url));
  for (;;) {
    const candidate = join(dir, 'shared', relative);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`shared/${relative} not found above the repository`);
    dir = parent;
  }
}
