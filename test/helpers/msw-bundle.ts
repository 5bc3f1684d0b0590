/**
 * What an app's bundler makes of `gitbook-mock/msw` (esbuild for the browser, minified, split at
 * its dynamic imports as Vite and Rollup split them, gzip level 9 as a server would send it):
 * what a page loads first, and what it loads later, on its first request with a body or to the
 * generic tier. Used by test/system/msw/bundle.test.ts and `npm run bench -- msw`.
 */
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface BundleSizes {
  /** The entry and the chunks it imports statically: what the page loads before its first answer. */
  first: { minified: number; gzipped: number };
  /** The chunks only a dynamic import reaches. */
  later: { minified: number; gzipped: number };
}

/** The sizes of `source`'s bundle; `external`: packages left out (MSW, to measure the mock alone). */
export async function bundleSizes(source: string, external: string[] = []): Promise<BundleSizes> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js', sourcefile: 'app.js' },
    bundle: true,
    splitting: true,
    outdir: '/virtual-out',
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    external,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((file) => outputs[file].entryPoint !== undefined)!;
  const first = new Set<string>();
  for (const pending = [entry]; pending.length; ) {
    const file = pending.pop()!;
    if (first.has(file)) continue;
    first.add(file);
    for (const { path, kind } of outputs[file].imports) if (kind === 'import-statement' && outputs[path]) pending.push(path);
  }
  const sizes: BundleSizes = { first: { minified: 0, gzipped: 0 }, later: { minified: 0, gzipped: 0 } };
  for (const file of result.outputFiles) {
    const path = Object.keys(outputs).find((name) => file.path.endsWith(name.replace(/^.*virtual-out/, '')))!;
    const part = first.has(path) ? sizes.first : sizes.later;
    part.minified += file.contents.length;
    part.gzipped += gzipSync(file.contents, { level: 9 }).length;
  }
  return sizes;
}
