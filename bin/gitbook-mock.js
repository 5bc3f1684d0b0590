#!/usr/bin/env node
// Runs the CLI from the compiled `dist/` when it is up to date with `src/` (npm ci builds it),
// and from the TypeScript sources through tsx otherwise, so an edited source always runs.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = join(root, 'dist', 'bin.js');

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (existsSync(compiled) && statSync(compiled).mtimeMs >= newestSource(join(root, 'src'))) {
  await import(compiled);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/bin.ts');
}
