/**
 * Start-up, each in a fresh process: `node bin/gitbook-mock.js --port 0` to its listening line
 * (against a bare Hono server started the same way), and the first `createMock()` after
 * importing the package (import and call timed apart). Runs the compiled dist/ (prebench builds it).
 */
import { spawn, execFileSync } from 'node:child_process';
import { ROOT, fmt, stats } from './harness.ts';

const BARE = `import { Hono } from 'hono'; import { serve } from '@hono/node-server';
const app = new Hono(); app.get('/', (c) => c.json({}));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (i) => process.stdout.write('listening on http://127.0.0.1:' + i.port + '\\n'));`;

const FIRST_MOCK = `const t0 = performance.now(); const { createMock } = await import('./dist/index.js');
const t1 = performance.now(); createMock(); const t2 = performance.now();
process.stdout.write(JSON.stringify({ importMs: t1 - t0, createMs: t2 - t1 }));`;

/** What a request to the fresh server cost: its first (validators compile then) and second. */
async function firstRequests(base: string): Promise<[number, number]> {
  const manifest = (await (await fetch(`${base}/__admin/manifest`)).json()) as { tokens: Record<string, string>; ids: Record<string, Record<string, string>> };
  const url = `${base}/v1/spaces/${manifest.ids.spaces.handbook}/comments`;
  const init = { method: 'POST', headers: { authorization: `Bearer ${manifest.tokens.commenter}`, 'content-type': 'application/json' }, body: '{"body":{"markdown":"hi"}}' };
  const out: number[] = [];
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const res = await fetch(url, init);
    await res.text();
    if (!res.ok) throw new Error(`POST comment answered ${res.status}`);
    out.push(performance.now() - t0);
  }
  return out as [number, number];
}

/** Milliseconds from spawning `node args` to its "listening on" line (and its first requests); then stops it. */
function toListening(args: string[], requests = false): Promise<{ ms: number; first?: [number, number] }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', async (chunk) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      child.stdout.removeAllListeners('data');
      const ms = performance.now() - t0;
      const first = requests ? await firstRequests(m[1]).catch(reject) : undefined;
      child.once('exit', () => resolve({ ms, first: first ?? undefined }));
      child.kill('SIGTERM');
    });
    child.once('error', reject);
  });
}

export async function startupSpeed(rounds: number): Promise<string[]> {
  const mock: number[] = [];
  const bare: number[] = [];
  const firstPost: number[] = [];
  const secondPost: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const run = await toListening(['bin/gitbook-mock.js', '--port', '0'], true);
    mock.push(run.ms);
    firstPost.push(run.first![0]);
    secondPost.push(run.first![1]);
    bare.push((await toListening(['--input-type=module', '-e', BARE])).ms);
  }
  const first = Array.from({ length: rounds }, () =>
    JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', FIRST_MOCK], { cwd: ROOT, encoding: 'utf8' })) as { importMs: number; createMs: number },
  );
  const m = stats(mock);
  const b = stats(bare);
  const imp = stats(first.map((f) => f.importMs));
  const create = stats(first.map((f) => f.createMs));
  const p1 = stats(firstPost);
  const p2 = stats(secondPost);
  return [
    `| \`node bin/gitbook-mock.js --port 0\` to the listening line (starter) | ${rounds} | ${fmt(m.median, 0)} | ${fmt(m.max, 0)} | ${(m.median / b.median).toFixed(1)}× the bare server |`,
    `| a bare Hono server, \`node -e\`, to its listening line | ${rounds} | ${fmt(b.median, 0)} | ${fmt(b.max, 0)} | |`,
    `| first \`createMock()\` in a process (starter), after the import | ${rounds} | ${fmt(create.median, 0)} | ${fmt(create.max, 0)} | |`,
    `| \`import('gitbook-mock')\` before it | ${rounds} | ${fmt(imp.median, 0)} | ${fmt(imp.max, 0)} | |`,
    `| the server's first API request, POST a comment, after one admin call (validators compile in idle time after the listening line) | ${rounds} | ${fmt(p1.median, 0)} | ${fmt(p1.max, 0)} | |`,
    `| the same request again | ${rounds} | ${fmt(p2.median, 1)} | ${fmt(p2.max, 1)} | |`,
  ];
}
