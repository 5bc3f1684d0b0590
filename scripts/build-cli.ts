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
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/bin.ts'],
  outfile: 'dist/cli/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: false,
  logLevel: 'warning',
});
