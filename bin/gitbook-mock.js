#!/usr/bin/env node
// The CLI is `dist/cli/main.js`, the compiled src/bin.ts (built by `npm run build`, which `npm ci`
// and `npm pack` run through `prepare`: scripts/build-cli.ts says why one bundle); it never needs
// a TypeScript loader.
import { existsSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const compiled = new URL('../dist/cli/main.js', import.meta.url);
const sources = new URL('../src/', import.meta.url);

/** The newest modification time of the files under `dir` (a path ending in a slash). */
async function newest(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const times = await Promise.all(entries.map((entry) => (entry.isDirectory() ? newest(`${dir}${entry.name}/`) : stat(dir + entry.name).then((s) => s.mtimeMs))));
  return Math.max(0, ...times);
}

if (!existsSync(compiled)) {
  process.stderr.write('gitbook-mock: dist/ is missing; run `npm run build` first\n');
  process.exit(2);
}
await import(compiled.href);
// Only in a clone of the repository (the package ships no src/): say when dist/ is older. The
// files are looked at once the server is started, not before (walking src/ took a tenth of the
// start), so the warning comes after the listening line.
if (existsSync(sources)) {
  const built = statSync(compiled).mtimeMs;
  newest(fileURLToPath(sources)).then((time) => {
    if (time > built) process.stderr.write('gitbook-mock: warning: src/ changed since the last build; running the old dist/ (npm run build, or npm run dev for the sources)\n');
  }, () => {});
}
