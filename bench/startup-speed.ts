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

/** Milliseconds from spawning `node args` to its "listening on" line; then stops it. */
function toListening(args: string[]): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('listening on')) return;
      const ms = performance.now() - t0;
      child.once('exit', () => resolve(ms));
      child.kill('SIGTERM');
    });
    child.once('error', reject);
  });
}

export async function startupSpeed(rounds: number): Promise<string[]> {
  const mock: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < rounds; i++) {
    mock.push(await toListening(['bin/gitbook-mock.js', '--port', '0']));
    bare.push(await toListening(['--input-type=module', '-e', BARE]));
  }
  const first = Array.from({ length: rounds }, () =>
    JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', FIRST_MOCK], { cwd: ROOT, encoding: 'utf8' })) as { importMs: number; createMs: number },
  );
  const m = stats(mock);
  const b = stats(bare);
  const imp = stats(first.map((f) => f.importMs));
  const create = stats(first.map((f) => f.createMs));
  return [
    `| \`node bin/gitbook-mock.js --port 0\` to the listening line (starter) | ${rounds} | ${fmt(m.median, 0)} | ${fmt(m.max, 0)} | ${(m.median / b.median).toFixed(1)}× the bare server |`,
    `| a bare Hono server, \`node -e\`, to its listening line | ${rounds} | ${fmt(b.median, 0)} | ${fmt(b.max, 0)} | |`,
    `| first \`createMock()\` in a process (starter), after the import | ${rounds} | ${fmt(create.median, 0)} | ${fmt(create.max, 0)} | |`,
    `| \`import('gitbook-mock')\` before it | ${rounds} | ${fmt(imp.median, 0)} | ${fmt(imp.max, 0)} | |`,
  ];
}
