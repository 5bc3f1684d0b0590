/**
 * A CPU profile of the CLI under load for one operation, over a real socket:
 *   node --import tsx bench/profile-http.ts space|comments|post [seconds] [profile dir]
 * Starts `dist/cli/main.cjs` with `--cpu-prof`, warms it up, loads it with autocannon (10
 * connections) and prints the server's CPU a request; the profile is written when it stops.
 */
import { cpuMs, load, startServer } from './harness.ts';

const [name = 'post', seconds = '5', dir = '/tmp/gitbook-mock-profile'] = process.argv.slice(2);
const duration = Number(seconds);
const mock = await startServer(['--cpu-prof', `--cpu-prof-dir=${dir}`, 'dist/cli/main.cjs', '--port', '0']);
try {
  const manifest = await (await fetch(`${mock.base}/__admin/reset`, { method: 'POST' })).json();
  const auth = { authorization: `Bearer ${manifest.tokens.commenter}` };
  const space = manifest.ids.spaces.handbook;
  const commentsPath = `/v1/spaces/${space}/comments`;
  const post = JSON.stringify({ body: { markdown: 'A benchmark comment with a little text in it.' } });
  for (let i = 0; i < 25; i++) await (await fetch(`${mock.base}${commentsPath}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: post })).arrayBuffer();
  const path = name === 'space' ? `/v1/spaces/${space}` : name === 'comments' ? `${commentsPath}?limit=20` : commentsPath;
  const method = name === 'post' ? 'POST' : 'GET';
  const options = { method, body: method === 'POST' ? post : undefined, headers: auth, duration } as const;
  await load('warm-up', `${mock.base}${path}`, options);
  const cpu0 = cpuMs(mock.child.pid!);
  const r = await load('mock', `${mock.base}${path}`, { ...options, pid: mock.child.pid });
  console.log(`${name}: ${r.rps.toFixed(0)} req/s, ${r.cpuUs?.toFixed(1)} µs of server CPU a request, ${r.non2xx + r.errors} failed (cpu ${cpuMs(mock.child.pid!) - cpu0} ms)`);
} finally {
  await mock.stop();
}
