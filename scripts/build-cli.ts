/**
 * The build step of the command line (run by `npm run build`, after tsc): dist/cli/main.cjs, the
 * CLI's own code and the packages every start needs in one CommonJS file, which
 * bin/gitbook-mock.js runs with V8's code cache (it says how). The library entry points stay the
 * compiled modules of dist/.
 *
 * Why a bundle: loading the compiled modules one by one (about 210 of our own at start) cost
 * the CLI about half of its time to the listening line, most of it in Node's module loader
 * (a CPU profile of the start, and `import()` of dist/index.js against an esbuild bundle of the
 * same code: 510-600 ms against 280-390 ms on a loaded 2-core machine).
 *
 * Why CommonJS: Node 20 keeps no compiled code of ES modules between runs, and compiling the
 * bundle's megabyte and the functions the start runs was the largest share of the start left
 * (docs/benchmarks.md, "Start-up, issue 26"). A script compiled by `node:vm` takes a code cache;
 * `import.meta.url`, which the modules that find the package's files use, becomes the file's
 * own URL. What only a subcommand or a later request needs is imported with `import()` and
 * stays unrun until then: esbuild wraps each such module in a function of its own.
 *
 * The bundle sits two folders below the package, as the modules that find the package's files
 * do (src/paths/package-paths.ts), so the same addresses hold in it.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_OUT, ROOT } from './build-out.ts';
import { ScenarioCatalog } from '../src/scenarios/catalog.ts';
import { buildScenario } from '../src/scenarios/loader.ts';
import { nodeFiller } from '../src/scenarios/node-filler.ts';
import { prebuiltText } from '../src/scenarios/prebuilt.ts';

/**
 * The packages every start loads, bundled in: resolving and loading hono's, lowdb's and the
 * others' modules one by one from node_modules was a tenth of the start (json-schema-faker, the
 * filler of scenarios that leave fields out, has no CommonJS entry: it comes in too). The rest stay outside,
 * loaded from node_modules when first needed (ajv, faker, pdfkit and its fonts, the console's
 * Swagger UI files: some of them read files beside their own modules) or never by the server.
 */
const BUNDLED = new Set(['hono', '@hono/node-server', 'lowdb', 'marked', 'tinyduration', 'fastest-levenshtein', '@noble/hashes', 'json-schema-faker']);
const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${ROOT}`), 'utf8')) as Record<string, Record<string, string> | undefined>;
const external = [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies]
  .flatMap((deps) => Object.keys(deps ?? {}))
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/bin.ts'],
  outfile: join(relative(ROOT, BUILD_OUT), 'cli/main.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external,
  define: { 'import.meta.url': '__moduleUrl' },
  // `import()` of a package (YAML, pdfkit, fontkit) becomes a require() in a promise: from code
  // that came out of V8's code cache, Node 20 loses the import() callback of a vm script
  // (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING). Each of them has a CommonJS entry.
  supported: { 'dynamic-import': false },
  banner: { js: 'const __moduleUrl = require("node:url").pathToFileURL(__filename).href;' },
  sourcemap: false,
  logLevel: 'warning',
});

/**
 * The built-in scenarios built ahead of time, with the default filler seed (src/scenarios/prebuilt.ts):
 * every one but those with a generator (`large`, whose state is megabytes; it builds at load).
 */
function prebuildScenarios(): void {
  const out = pathToFileURL(join(BUILD_OUT, 'prebuilt/'));
  mkdirSync(out, { recursive: true });
  const catalog = new ScenarioCatalog([]);
  for (const name of catalog.names()) {
    const scenario = catalog.read(name);
    if (scenario.generator) continue;
    const built = buildScenario(scenario, { fillerSeed: 0, filler: nodeFiller });
    writeFileSync(new URL(`${name}.json`, out), prebuiltText(scenario, 0, built));
  }
}

prebuildScenarios();
