#!/usr/bin/env node
// The CLI is `dist/cli/main.cjs`, the compiled src/bin.ts in one CommonJS file (built by `npm run
// build`, which `npm ci` and `npm pack` run through `prepare`; scripts/build-cli.ts says why one
// file); it never needs a TypeScript loader.
//
// It runs here as Node would run it, but compiled through `node:vm` with V8's code cache: Node 20
// keeps no compiled code between runs, and compiling it was the largest share of the start
// (docs/benchmarks.md, "Start-up, issue 26"). The cache is the bytecode of the file and of what
// the start ran, written by the first start that had none (or whose cache V8 turned down) to
// dist/cli/code-cache/, named by the file's SHA-256, Node's version and the architecture; V8
// itself refuses one made with other V8 flags, and a start with flags of its own writes none.
// A folder that cannot be written only means no cache: each start then compiles as without it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const compiled = fileURLToPath(new URL('../dist/cli/main.cjs', import.meta.url));
const sources = fileURLToPath(new URL('../src/', import.meta.url));

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

const source = readFileSync(compiled, 'utf8');
const key = createHash('sha256').update(source).digest('hex').slice(0, 32);
const cacheFile = join(dirname(compiled), 'code-cache', `${key}-${process.version}-${process.arch}.bin`);
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // None yet: this start writes it.
}
// The wrapper Node gives a CommonJS module, so the file sees the same names.
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: compiled,
  cachedData,
});
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(compiled), module, compiled, dirname(compiled));

// The cache is made now, with what the start compiled, and before the server changes a V8 flag
// once it listens (src/bin.ts): V8 turns down a cache made under other flags.
if ((!cachedData || script.cachedDataRejected) && process.execArgv.length === 0 && !process.env.NODE_OPTIONS) {
  const data = script.createCachedData();
  const partial = `${cacheFile}.${process.pid}`;
  mkdir(dirname(cacheFile), { recursive: true })
    .then(() => writeFile(partial, data))
    .then(() => rename(partial, cacheFile))
    .catch(() => rm(partial, { force: true }).catch(() => {}));
}

// Only in a clone of the repository (the package ships no src/): say when dist/ is older. The
// files are looked at once the server is started, not before (walking src/ took a tenth of the
// start), so the warning comes after the listening line.
if (existsSync(sources)) {
  const built = statSync(compiled).mtimeMs;
  newest(sources).then((time) => {
    if (time > built) process.stderr.write('gitbook-mock: warning: src/ changed since the last build; running the old dist/ (npm run build, or npm run dev for the sources)\n');
  }, () => {});
}
