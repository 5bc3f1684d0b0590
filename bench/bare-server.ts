/**
 * The baseline for the HTTP benchmarks: a bare Hono route on the same server stack, with
 * no auth, validation or store, answering a fixed JSON body read from BARE_BODY_FILE.
 */
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODY_FILE!, 'utf8')) as Record<string, unknown>;
const app = new Hono();
app.get('/bare/:name', (c) => c.json(bodies[c.req.param('name')] as object));
app.post('/bare/:name', async (c) => {
  await c.req.json();
  return c.json(bodies[c.req.param('name')] as object);
});
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`bare listening on http://127.0.0.1:${info.port}\n`);
});
