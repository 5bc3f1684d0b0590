#!/usr/bin/env node
// The CLI is `dist/cli/main.js`, the compiled src/bin.ts in one module (built by `npm run build`,
// which `npm ci` and `npm pack` run through `prepare`: scripts/build-cli.ts says why one module);
// it never needs a TypeScript loader.
import { existsSync, readdirSync, statSync } from 'node:fs';

const compiled = new URL('../dist/cli/main.js', import.meta.url);
const sources = new URL('../src/', import.meta.url);

function newest(dir) {
  let out = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    out = Math.max(out, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return out;
}

if (!existsSync(compiled)) {
  process.stderr.write('gitbook-mock: dist/ is missing; run `npm run build` first\n');
  process.exit(2);
}
// Only in a clone of the repository (the package ships no src/): say when dist/ is older.
if (existsSync(sources) && newest(sources) > statSync(compiled).mtimeMs) {
  process.stderr.write('gitbook-mock: warning: src/ changed since the last build; running the old dist/ (npm run build, or npm run dev for the sources)\n');
}
await import(compiled.href);
