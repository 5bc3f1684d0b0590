/**
 * A page that runs gitbook-mock/msw in a browser (test/system/msw/page/main.ts, bundled here with
 * esbuild for the browser), served on loopback with a strict Content-Security-Policy, beside
 * MSW's `mockServiceWorker.js`. Used by test/system/msw/browser.test.ts and `npm run bench -- msw`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** No inline script or style, no eval, scripts and workers from the page's origin only; fetch may name the API (the worker answers it). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self' https://api.gitbook.com",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

const HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>gitbook-mock/msw in a browser page</title>
<link rel="stylesheet" href="/page.css">
<script type="module" src="/page.js"></script>
<script>document.title = 'inline script ran';</script>
</head>
<body>
<h1>gitbook-mock/msw</h1>
<p>The official <code>@gitbook/api</code> client calls <code>https://api.gitbook.com</code>; MSW's worker answers from the mock running in this page. No server, no network.</p>
<ol id="steps"></ol>
<pre id="result" hidden></pre>
</body>
</html>
`;

const CSS = `body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 46rem; color: #1d2433; }
h1 { font-size: 1.4rem; margin-bottom: .3rem; }
code { background: #eef1f6; padding: 0 .25rem; border-radius: 3px; }
ol { padding-left: 1.4rem; } li { margin: .45rem 0; }
`;

/** The page's script: test/system/msw/page/main.ts and everything it imports (gitbook-mock/msw from dist/). */
export async function bundlePage(): Promise<string> {
  const result = await build({
    entryPoints: [`${ROOT}test/system/msw/page/main.ts`],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

export interface ServedPage {
  origin: string;
  close(): Promise<void>;
}

export async function servePage(script: string): Promise<ServedPage> {
  const worker = readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', HTML],
    '/page.js': ['text/javascript; charset=utf-8', script],
    '/page.css': ['text/css; charset=utf-8', CSS],
    '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
  };
  const server: Server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://localhost').pathname];
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file[0], 'content-security-policy': CSP, 'cache-control': 'no-store' });
    res.end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** What the page reports in `#result` (test/system/msw/page/main.ts). */
export interface PageResult {
  spaces: string[];
  comment: { id: string; listed: boolean };
  trashed: { title: string; before: number; after: number; now: string };
  timings: { createMs: number; startToFirstMs: number; client: number[]; fetch: number[]; floor: number[]; inPage: number[] };
  violations: string[];
  evalBlocked: boolean;
  error?: string;
}
