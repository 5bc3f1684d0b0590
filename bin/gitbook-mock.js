#!/usr/bin/env node
// The CLI is the compiled `dist/bin.js` (built by `npm run build`, which `npm ci` and `npm pack`
// run through `prepare`); it never needs a TypeScript loader.
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(compiled)) {
  process.stderr.write('gitbook-mock: dist/ is missing; run `npm run build` first\n');
  process.exit(2);
}
await import(compiled.href);
