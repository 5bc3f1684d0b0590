/**
 * The fair floor of the speed benches: a bare Hono app that answers `/bare/NAME` with
 * `texts[NAME]`, the very bytes the mock sent, serialized once (`c.body(text)`), 201 to a POST
 * after reading its JSON body. No auth, validation or store. Plain JavaScript, so that the
 * floor's own process (bare-server.mjs) runs it on node with no TypeScript loader, as the
 * mock's compiled dist/ runs; the in-process benches import it too (types: floor-app.d.mts).
 */
import { Hono } from 'hono';

const JSON_TYPE = { 'content-type': 'application/json' };

export function floorApp(texts) {
  const app = new Hono();
  app.get('/bare/:name', (c) => c.body(texts[c.req.param('name')], 200, JSON_TYPE));
  app.post('/bare/:name', async (c) => {
    await c.req.json();
    return c.body(texts[c.req.param('name')], 201, JSON_TYPE);
  });
  return app;
}
