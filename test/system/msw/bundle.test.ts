/**
 * Issue 29: `gitbook-mock/msw` (the package export, dist/msw/) bundles for a browser. A plugin
 * notes every import of a Node built-in before esbuild resolves it (`platform: 'browser'`
 * would refuse most, but a package's `browser` field could swap one for a stand-in), so none
 * reaches the bundle by any path. Nor does anything that compiles code at run time (a page's `script-src 'self'`
 * forbids it), nor the Node-only libraries: faker, json-schema-faker, pdfkit, ajv's compiler.
 * And the mock (MSW aside) weighs at most 300 KB gzipped before the page's first answer
 * (issue 44): the body validators and the generic tier's schemas come later, on first use.
 */
import { describe, expect, it } from 'vitest';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';
import { bundleSizes } from '../../helpers/msw-bundle.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

async function bundle(source: string): Promise<{ text: string; metafile: Metafile; asked: string[] }> {
  const asked: string[] = [];
  const noBuiltins: Plugin = {
    name: 'no-node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const name = args.path.replace(/^node:/, '').split('/')[0];
        if (!BUILTINS.has(args.path) && !(BUILTINS.has(name) && !args.path.startsWith('.'))) return undefined;
        asked.push(`${args.path} (from ${args.importer})`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [noBuiltins],
  });
  return { text: result.outputFiles[0].text, metafile: result.metafile, asked };
}

describe('gitbook-mock/msw bundled for the browser', () => {
  it('holds no Node built-in, no code compiled at run time and no Node-only library', async () => {
    const { text, metafile, asked } = await bundle("export { createMockHandlers } from 'gitbook-mock/msw';");
    expect(asked).toEqual([]);
    const inputs = Object.keys(metafile.inputs);
    // The package export resolves to the compiled entry and its build-time modules.
    expect(inputs).toContain('dist/msw/index.js');
    expect(inputs).toContain('dist/msw/generated/validators.js');
    const nodeOnly = inputs.filter((f) => /node_modules\/(@faker-js|json-schema-faker|pdfkit|fontkit|@hono\/node-server|ajv\/dist\/(core|compile|2020))|dist\/(node-platform|persistence\/data-file|scenarios\/(catalog|node-filler|filler)|http\/schemas|admin\/ui\/routes|openapi\/routes)\.js/.test(f));
    expect(nodeOnly).toEqual([]);
    expect(text).not.toMatch(/new Function\s*\(|\beval\s*\(/);
  });

  it('notes a Node built-in however it is named (the check can fail)', async () => {
    const { asked } = await bundle("export { createMockHandlers } from 'gitbook-mock/msw'; export { readFileSync } from 'node:fs'; export { join } from 'path';");
    expect(asked).toEqual(['node:fs (from <stdin>)', 'path (from <stdin>)']);
  });

  it("loads at most 300 KB gzipped of the mock (MSW aside) before the first answer, the body validators later", async () => {
    const { first, later } = await bundleSizes("export { createMockHandlers } from 'gitbook-mock/msw';", ['msw', 'msw/*']);
    expect(first.gzipped).toBeLessThanOrEqual(300 * 1024);
    // What the first answer does not need is in a chunk of its own.
    expect(later.gzipped).toBeGreaterThan(50 * 1024);
  });
});
