/**
 * The floor of the HTTP benchmarks, run in a process of its own: a bare Hono route on the
 * project's own hono and @hono/node-server, with no auth, validation or store.
 *
 * `/bare/:name` is the fair floor: it sends the very bytes the mock sent for that request,
 * serialized once at start (`c.body(text)`), so the ratio measures what the mock adds to the
 * server stack. `/object/:name` is the older floor, which serializes an object on every request
 * (`c.json(object)`); it is kept for comparison with earlier figures and does more work than
 * the floor should, so ratios against it read higher. Plain JavaScript, so that it runs on
 * node as the mock's compiled dist/ does, with no TypeScript loader in its process.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { floorApp } from './floor-app.mjs';

const texts = JSON.parse(readFileSync(process.env.BARE_BODY_FILE, "utf8"));
const objects = Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, JSON.parse(text)]));

const app = floorApp(texts);
app.get('/object/:name', (c) => c.json(objects[c.req.param('name')]));
app.post('/object/:name', async (c) => {
  await c.req.json();
  return c.json(objects[c.req.param('name')], 201);
});
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`bare listening on http://127.0.0.1:${info.port}\n`);
});
