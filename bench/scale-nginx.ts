/**
 * `npm run bench -- scaling` (not in the default run, not in `npm test`): several mock
 * processes behind nginx, which hashes `X-Mock-Session` so that a session always reaches the
 * same process (docs/scaling.md). Starts 3 CLI processes and nginx on free loopback ports,
 * checks that each session lives on exactly one process, and measures GET a space with 30
 * connections, one session each: one process alone, nginx before one, nginx before three.
 * Needs nginx on the PATH (Debian: `apt-get install -y nginx`).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { fmt, startServer, type Served } from './harness.ts';

const CONNECTIONS = 30;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** nginx in the foreground with its own prefix, proxying to `backends` by session hash. */
async function startNginx(backends: string[]): Promise<{ base: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  mkdirSync(join(dir, 'logs'));
  const port = await freePort();
  const servers = backends.map((b) => `    server ${new URL(b).host};`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mocks {
    hash $http_x_mock_session consistent;
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://mocks;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/__admin/health`);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    base,
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGQUIT');
      }),
  };
}

/** 30 connections, each with its own session, for `seconds`. */
async function measure(url: string, token: string, seconds: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    setupClient: (client: { setHeaders(h: Record<string, string>): void }) => {
      client.setHeaders({ authorization: `Bearer ${token}`, 'x-mock-session': `load-${Math.random().toString(36).slice(2, 10)}` });
    },
  } as autocannon.Options);
  return { rps: result.requests.average, p99: result.latency.p99, failed: result.errors + result.non2xx };
}

export async function scaleNginx(seconds: number): Promise<string[]> {
  execFileSync('nginx', ['-v'], { stdio: 'ignore' });
  const mocks: Served[] = [];
  for (let i = 0; i < 3; i++) mocks.push(await startServer(['bin/gitbook-mock.js', '--port', '0']));
  const one = await startNginx([mocks[0].base]);
  const three = await startNginx(mocks.map((m) => m.base));
  try {
    const manifest = await (await fetch(`${mocks[0].base}/__admin/manifest`)).json();
    const token: string = manifest.tokens.commenter;
    const path = `/v1/spaces/${manifest.ids.spaces.handbook}`;

    // Stickiness: 60 sessions through nginx; each must live on exactly one process.
    const names = Array.from({ length: 60 }, (_, i) => `sticky-${i}`);
    for (const name of names) {
      for (let k = 0; k < 3; k++) await fetch(`${three.base}${path}`, { headers: { authorization: `Bearer ${token}`, 'x-mock-session': name } });
    }
    const homes = await Promise.all(mocks.map(async (m) => ((await (await fetch(`${m.base}/__admin/sessions`)).json()).items as { name: string; requests: number }[])));
    const spread = homes.map((items) => items.filter((s) => names.includes(s.name)));
    const everyOnce = names.every((n) => spread.filter((items) => items.some((s) => s.name === n && s.requests === 3)).length === 1);

    // Warm every process (its JIT) and both proxies before measuring.
    for (const m of mocks) await measure(`${m.base}${path}`, token, 2);
    for (const proxy of [one, three]) await measure(`${proxy.base}${path}`, token, 1);
    const runs: [string, Awaited<ReturnType<typeof measure>>][] = [];
    const best = new Map<string, Awaited<ReturnType<typeof measure>>>();
    for (let round = 0; round < 3; round++) {
      for (const [label, base] of [
        ['one process, direct', mocks[0].base],
        ['nginx → one process', one.base],
        ['nginx → three processes (hash of X-Mock-Session)', three.base],
      ] as const) {
        const r = await measure(`${base}${path}`, token, seconds);
        if (!best.has(label) || r.rps > best.get(label)!.rps) best.set(label, r);
      }
    }
    for (const [label, r] of best) runs.push([label, r]);
    const direct = runs[0][1].rps;
    return [
      `Sessions spread over the three processes: ${spread.map((s) => s.length).join(' / ')} of ${names.length}; each on exactly one process: ${everyOnce ? 'yes' : 'NO'}`,
      '',
      `| GET a space, ${CONNECTIONS} connections, one session each | req/s | p99 ms | / one process |`,
      '|---|---|---|---|',
      ...runs.map(([label, r]) => `| ${label} | ${fmt(r.rps, 0)} | ${fmt(r.p99, 1)} | ${fmt((100 * r.rps) / direct, 0)}% |${r.failed ? ` ${r.failed} failed |` : ''}`),
    ];
  } finally {
    await Promise.all([one.stop(), three.stop(), ...mocks.map((m) => m.stop())]);
  }
}
