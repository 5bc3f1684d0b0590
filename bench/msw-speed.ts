/**
 * `npm run bench -- msw` (issue 29): gitbook-mock/msw in a browser. The size of an app's bundle
 * of it (esbuild for the browser, minified, gzip level 9 as a server would send it) and what
 * takes the space; then, in headless Chromium (Debian's, by playwright-core), the page of
 * test/system/msw/browser.test.ts run in fresh browser contexts: worker.start() to the first answered
 * request, and requests answered through MSW's worker (against a bare MSW handler: the worker's
 * own round trip) and by the mock in the page alone. Runs the compiled dist/ (prebench builds it).
 */
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { ROOT, fmt, stats } from './harness.ts';
import { launchBrowser } from '../test/helpers/browser.ts';
import { bundlePage, servePage, type PageResult } from '../test/helpers/msw-page.ts';
import { bundleSizes } from '../test/helpers/msw-bundle.ts';

/** What a Vite or Storybook app of the README bundles: the worker, the handlers, the starter scenario. */
const APP = `import { setupWorker } from 'msw/browser';
import { createMockHandlers } from 'gitbook-mock/msw';
const gitbook = createMockHandlers({ scenario: 'starter' });
export const worker = setupWorker(...gitbook.handlers);`;

async function bundle(contents: string): Promise<{ bytes: Uint8Array; metafile: Metafile }> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { bytes: result.outputFiles[0].contents, metafile: result.metafile };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** Where an input file of the bundle belongs. */
function part(input: string): string {
  if (input.startsWith('dist/msw/generated/validators')) return 'validators compiled ahead of time (dist/msw/generated/validators.js)';
  if (input.startsWith('dist/msw/generated/data')) return 'scenarios and fixtures as data (dist/msw/generated/data.js)';
  if (input.startsWith('dist/msw/generated/bodies')) return 'body validators and the generic tier\'s schemas, loaded on first use (dist/msw/generated/bodies.js)';
  if (input.startsWith('dist/')) return 'the mock: operations, rules, store, scenario builder (dist/)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1] ?? input;
  if (/^(msw|@mswjs\/.*|@open-draft\/.*|tldts.*|tough-cookie|headers-polyfill|outvariant|strict-event-emitter|path-to-regexp|set-cookie-parser|rettime|until-async|is-node-process|@bundled-es-modules\/.*|graphql|cookie)$/.test(pkg)) return 'msw and its dependencies';
  return pkg;
}

/** Parts of the app's bundle, each also bundled alone to gzip it (alone, a part compresses a little worse than within the whole). */
const PARTS: Record<string, string> = {
  'msw and its dependencies': `import { http } from 'msw'; import { setupWorker } from 'msw/browser'; export const w = setupWorker(http.get('/x', () => new Response()));`,
  'validators compiled ahead of time (dist/msw/generated/validators.js)': `export * from './dist/msw/generated/validators.js';`,
  'scenarios and fixtures as data (dist/msw/generated/data.js)': `export * from './dist/msw/generated/data.js';`,
  "body validators and the generic tier's schemas, loaded on first use (dist/msw/generated/bodies.js)": `export * from './dist/msw/generated/bodies.js';`,
  yaml: `export { parse } from 'yaml';`,
  marked: `export { marked, Lexer } from 'marked';`,
};

async function bundleSize(): Promise<string[]> {
  const app = await bundle(APP);
  const shares = new Map<string, number>();
  const output = Object.values(app.metafile.outputs)[0];
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) shares.set(part(input), (shares.get(part(input)) ?? 0) + bytesInOutput);
  const alone = new Map<string, number>();
  for (const [name, source] of Object.entries(PARTS)) alone.set(name, gz((await bundle(source)).bytes));
  const total = gz(app.bytes);
  const mock = await bundleSizes("export { createMockHandlers } from 'gitbook-mock/msw';", ['msw', 'msw/*']);
  const rows = [
    `| the app's bundle in one file (the README's worker with \`starter\`) | ${kb(app.bytes.length)} | ${kb(total)} | |`,
    `| the mock alone (MSW aside), split as a bundler splits it: loaded before the first answer | ${kb(mock.first.minified)} | **${kb(mock.first.gzipped)}** | ≤ 300 KB gzipped: ${mock.first.gzipped <= 300 * 1024 ? 'met' : 'not met'} |`,
    `| the same, loaded on the first request with a body or to the generic tier | ${kb(mock.later.minified)} | ${kb(mock.later.gzipped)} | |`,
  ];
  for (const [name, bytes] of [...shares].sort((a, b) => b[1] - a[1]).filter(([, bytes]) => bytes >= 2048)) {
    rows.push(`| ${name} | ${kb(bytes)} | ${alone.has(name) ? kb(alone.get(name)!) : ''} | |`);
  }
  return ['| what | minified | gzipped (bundled alone) | |', '|---|---|---|---|', ...rows];
}

async function pageSpeed(runs: number, requests: number): Promise<string[]> {
  const served = await servePage(await bundlePage());
  const browser = await launchBrowser(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
  const results: PageResult[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      // A fresh context each run: no worker registered yet, as on a first visit.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${served.origin}/?requests=${requests}`);
      await page.waitForFunction(() => document.getElementById('result')?.textContent, undefined, { timeout: 60_000 });
      const result = JSON.parse((await page.textContent('#result'))!) as PageResult;
      if (result.error) throw new Error(result.error);
      results.push(result);
      await context.close();
    }
  } finally {
    await browser.close();
    await served.close();
  }
  const row = (what: string, samples: number[], unit: string, aim = '') => {
    const s = stats(samples);
    return `| ${what} | ${samples.length} | ${fmt(s.median, 2)} ${unit} | ${fmt(s.p99, 2)} | ${fmt(s.max, 2)} | ${aim} |`;
  };
  const pooled = (key: 'client' | 'fetch' | 'floor' | 'inPage') => results.flatMap((r) => r.timings[key]);
  const start = results.map((r) => r.timings.startToFirstMs);
  const client = stats(pooled('client')).median;
  return [
    '| what | samples | median | p99 | max | aim |',
    '|---|---|---|---|---|---|',
    row('`createMockHandlers()` in the page (scenario `trash` built)', results.map((r) => r.timings.createMs), 'ms'),
    row('`worker.start()` to the first answered request (a fresh context each run)', start, 'ms', `≤ 300 ms: ${stats(start).median <= 300 ? 'met' : 'not met'}`),
    row('GET a space with the official client, through the worker', pooled('client'), 'ms', `≤ 2 ms: ${client <= 2 ? 'met' : 'not met'}`),
    row('the same with a plain `fetch`, through the worker', pooled('fetch'), 'ms'),
    row('floor: a plain `fetch` answered by a bare MSW handler (fixed JSON)', pooled('floor'), 'ms'),
    row("the mock's own answer in the page (`gb.mock.fetch`, no worker)", pooled('inPage'), 'ms'),
  ];
}

export async function mswSpeed(runs: number, requests: number): Promise<string[]> {
  const { version } = await import('msw/package.json', { with: { type: 'json' } }).then((m) => m.default as { version: string });
  return [
    `msw ${version}; \`npm run bench -- msw\`.`,
    '',
    ...(await bundleSize()),
    '',
    ...(await pageSpeed(runs, requests)),
  ];
}
