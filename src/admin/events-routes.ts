/**
 * `/__admin/events`: the events the session's writes sent to integrations, each with its
 * deliveries (status, tries, answer excerpts), newest last; filters; one event; send one
 * again; forget them all. Behind the admin API's access check and session (admin/routes.ts).
 */
import type { Hono } from 'hono';
import { errors } from '../http/errors.ts';
import { runtimeOf } from '../sessions/context.ts';

const STATUSES = ['pending', 'delivered', 'failed'];

export function registerEventRoutes(app: Hono): void {
  app.get('/__admin/events', (c) => {
    // Unknown parameters are refused before this (admin-query.ts).
    const query = c.req.query();
    if (query.status !== undefined && !STATUSES.includes(query.status)) throw errors.badRequest(`query.status must be one of ${STATUSES.join(', ')}`);
    return c.json({ items: runtimeOf(c).events.list(query) });
  });

  app.get('/__admin/events/:id', (c) => {
    const item = runtimeOf(c).events.get(c.req.param('id'));
    if (!item) throw errors.notFound('Event', c.req.param('id'));
    return c.json(item);
  });

  app.post('/__admin/events/:id/redeliver', (c) => {
    const id = c.req.param('id');
    const item = runtimeOf(c).events.get(id);
    if (!item) throw errors.notFound('Event', id);
    if (item.deliveries.length === 0) throw errors.conflict(`Event "${id}" has no delivery URL to send it to`);
    return c.json(runtimeOf(c).events.redeliver(id), 202);
  });

  app.delete('/__admin/events', (c) => {
    runtimeOf(c).events.clear();
    return c.body(null, 204);
  });
}
