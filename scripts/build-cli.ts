/**
 * The build step of the command line (run by `npm run build`, after tsc): dist/cli/main.js, the
 * CLI's own code in one ES module, which bin/gitbook-mock.js starts. The library entry points
 * stay the compiled modules of dist/.
 *
 * Why a bundle: loading the compiled modules one by one (about 210 of our own at start) cost
 * the CLI about half of its time to the listening line, most of it in Node's module loader
 * (a CPU profile of the start, and `import()` of dist/index.js against an esbuild bundle of the
 * same code: 510-600 ms against 280-390 ms on a loaded 2-core machine). The dependencies stay
 * outside (`packages: 'external'`), loaded from node_modules as before.
 *
 * The bundle sits two folders below the package, as the modules that find the package's files
 * do (src/paths/package-paths.ts), so the same addresses hold in it.
 */
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ScenarioCatalog } from '../src/scenarios/catalog.ts';
import { buildScenario } from '../src/scenarios/loader.ts';
import { nodeFiller } from '../src/scenarios/node-filler.ts';
import { prebuiltText } from '../src/scenarios/prebuilt.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * The packages every start loads, bundled in: resolving and loading hono's, lowdb's and the
 * others' modules one by one from node_modules was a tenth of the start. The rest stay outside,
 * loaded from node_modules when first needed (ajv, faker, pdfkit and its fonts, the console's
 * Swagger UI files: some of them read files beside their own modules) or never by the server.
 */
const BUNDLED = new Set(['hono', '@hono/node-server', 'lowdb', 'marked', 'tinyduration', 'fastest-levenshtein', '@noble/hashes']);
const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${ROOT}`), 'utf8')) as Record<string, Record<string, string> | undefined>;
const external = [pkg.dependencies, pkg.devDependencies, pkg.peerDependencies]
  .flatMap((deps) => Object.keys(deps ?? {}))
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/bin.ts'],
  outdir: 'dist/cli',
  entryNames: 'main',
  // What only a subcommand needs (bin.ts imports it with import()) goes to a chunk of its own
  // beside main.js, with the packages it imports: the server's start loads none of it.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: false,
  logLevel: 'warning',
});

/**
 * The built-in scenarios built ahead of time, with the default filler seed (src/scenarios/prebuilt.ts):
 * every one but those with a generator (`large`, whose state is megabytes; it builds at load).
 */
function prebuildScenarios(): void {
  const out = new URL('dist/prebuilt/', `file://${ROOT}`);
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
