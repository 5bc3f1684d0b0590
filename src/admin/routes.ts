/**
 * The admin API of docs/contract.md: health, scenarios, reset, state export and import,
 * the virtual clock and the request log. Who may call it: see access.ts. Every call acts
 * on the session its `X-Mock-Session` header names (the default one without it).
 */
import type { Context, Hono } from 'hono';
import { ApiError, errors } from '../http/errors.ts';
import { MAX_IMPORT_ROWS } from '../http/body-limit.ts';
import { crossSiteSender, requireAdminAccess } from './access.ts';
import { CONSOLE_FILES } from './ui/files.ts';
import { addDuration, parseDuration } from '../clock.ts';
import type { Runtime } from '../runtime.ts';
import { runtimeOf, withSession } from '../sessions/context.ts';
import type { Sessions } from '../sessions/registry.ts';
import { registerRecordEdit } from './record-edit.ts';
import { RequestStreams } from './request-stream.ts';
import { Snapshots, type StateTransfer } from './snapshots.ts';
import { registerEventRoutes } from './events-routes.ts';
import { checkAdminQuery } from './admin-query.ts';

async function jsonBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') throw errors.badRequest('body is required');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw errors.badRequest(`Malformed JSON body: ${(error as Error).message}`);
  }
}

/** 413 when an imported state holds more rows than MAX_IMPORT_ROWS (before any check walks them). */
function checkImportRows(state: unknown): void {
  if (!state || typeof state !== 'object') return;
  let rows = 0;
  for (const value of Object.values(state)) if (Array.isArray(value)) rows += value.length;
  if (rows > MAX_IMPORT_ROWS) {
    throw new ApiError(413, `The state holds ${rows} rows; an import may hold at most ${MAX_IMPORT_ROWS}`);
  }
}

function applyClockChange(rt: Runtime, body: unknown): void {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw errors.badRequest('body must be an object with one of now, advance or frozen');
  }
  const change = body as Record<string, unknown>;
  const keys = Object.keys(change);
  const known = ['now', 'advance', 'frozen'];
  const unknown = keys.find((k) => !known.includes(k));
  if (unknown) throw errors.badRequest(`body.${unknown} is not a known field; use now, advance or frozen`);
  if (keys.length !== 1) throw errors.badRequest('body must have exactly one of now, advance or frozen');
  if ('now' in change) {
    const at = typeof change.now === 'string' ? Date.parse(change.now) : NaN;
    if (Number.isNaN(at) || !/^\d{4}-\d\d-\d\dT/.test(String(change.now))) {
      throw errors.badRequest('body.now must be an ISO 8601 date-time');
    }
    rt.clock.set(at);
  } else if ('advance' in change) {
    const value = change.advance;
    const duration = typeof value === 'string' ? parseDuration(value) : undefined;
    const target = typeof value === 'number' ? rt.clock.nowMs() + value : duration && addDuration(rt.clock.nowMs(), duration);
    if (target === undefined || !Number.isFinite(target) || Number.isNaN(new Date(target).getTime())) {
      throw errors.badRequest('body.advance must be milliseconds or an ISO 8601 duration like "P7D" or "P1M"');
    }
    rt.clock.set(target);
  } else {
    if (typeof change.frozen !== 'boolean') throw errors.badRequest('body.frozen must be a boolean');
    rt.clock.freeze(change.frozen);
  }
}

/** What GET /__admin/state exports and PUT /__admin/state imports; named snapshots are the same. */
const stateTransfer: StateTransfer = {
  exportOf: (rt) => rt.exportWhole(),
  importInto: (rt, state) => {
    checkImportRows(state);
    // Freshly parsed rows nobody else holds: the store takes them over instead of copying.
    rt.change(() => rt.importState(state, true));
  },
};

/** Registers the admin API; answers the console's open request streams, which a stopping server ends. */
export function registerAdmin(app: Hono, sessions: Sessions): RequestStreams {
  app.use('/__admin/*', async (c, next) => {
    const shell = (c.req.method === 'GET' || c.req.method === 'HEAD') && CONSOLE_FILES.has(c.req.path);
    // The console's own files hold no data: open to a link from anywhere (a top-level page),
    // not to another site's page that would load them into itself (they also refuse framing).
    if (shell && (crossSiteSender(c) === undefined || c.req.header('sec-fetch-dest') === 'document')) return next();
    // Access first: a caller without it never creates a session.
    requireAdminAccess(c, sessions.main.options.adminToken);
    checkAdminQuery(c);
    // A read never creates the session it names (issue 27): it answers 404 naming those that exist.
    const read = c.req.method === 'GET' || c.req.method === 'HEAD';
    // Except the list of sessions, which belongs to none: a console left on a session that is
    // gone must still find the others.
    const named = c.req.header('x-mock-session');
    if (read && named !== undefined && !sessions.get(named) && c.req.path.replace(/\/+$/, '') === '/__admin/sessions') return next();
    await withSession(c, sessions, next, !read);
  });

  app.get('/__admin/sessions', (c) => c.json({ items: sessions.list() }));

  // A read does not start a session; this does (the console, when a new name is typed).
  app.put('/__admin/sessions/:name', (c) => {
    const { info, created } = sessions.start(c.req.param('name'));
    return c.json(info, created ? 201 : 200);
  });

  app.delete('/__admin/sessions/:name', (c) => {
    sessions.delete(c.req.param('name'));
    return c.body(null, 204);
  });

  app.get('/__admin/health', (c) => {
    const rt = runtimeOf(c);
    return c.json({ status: 'ok', scenario: rt.scenarioName, now: rt.clock.iso() });
  });

  app.get('/__admin/scenarios', (c) => c.json({ items: runtimeOf(c).catalog.list() }));

  app.post('/__admin/scenarios/:name', async (c) => {
    const rt = runtimeOf(c);
    const manifest = rt.change(() => rt.loadScenario(c.req.param('name')));
    rt.log.clear();
    return c.json(manifest);
  });

  app.get('/__admin/manifest', (c) => c.json(runtimeOf(c).manifest));

  app.post('/__admin/reset', async (c) => {
    const rt = runtimeOf(c);
    const manifest = rt.change(() => rt.reset());
    rt.log.clear();
    return c.json(manifest);
  });

  app.get('/__admin/state', (c) => c.json(stateTransfer.exportOf(runtimeOf(c))));

  app.put('/__admin/state', async (c) => {
    stateTransfer.importInto(runtimeOf(c), await jsonBody(c));
    return c.json({ status: 'ok' });
  });

  // The console's additions: one record edited, named snapshots, the journal as a stream.
  registerRecordEdit(app);
  new Snapshots(stateTransfer).register(app);
  const streams = new RequestStreams();
  streams.register(app);

  app.get('/__admin/clock', (c) => c.json(runtimeOf(c).clock.state()));

  app.post('/__admin/clock', async (c) => {
    const rt = runtimeOf(c);
    const change = await jsonBody(c);
    rt.change(() => applyClockChange(rt, change));
    return c.json(rt.clock.state());
  });

  app.get('/__admin/requests', (c) => {
    const rt = runtimeOf(c);
    const q = c.req.query();
    const status = q.status === undefined ? undefined : Number(q.status);
    if (status !== undefined && !Number.isInteger(status)) throw errors.badRequest('query.status must be an integer');
    return c.json({ items: rt.log.list({ method: q.method, path: q.path, operationId: q.operationId, status }) });
  });

  app.post('/__admin/faults', async (c) => c.json(runtimeOf(c).faults.add(await jsonBody(c)), 201));

  app.get('/__admin/faults', (c) => c.json({ items: runtimeOf(c).faults.list() }));

  app.delete('/__admin/faults', (c) => {
    runtimeOf(c).faults.clear();
    return c.body(null, 204);
  });

  app.delete('/__admin/faults/:id', (c) => {
    const rt = runtimeOf(c);
    const id = c.req.param('id');
    if (!rt.faults.delete(id)) throw errors.notFound('fault rule', id);
    return c.body(null, 204);
  });

  app.delete('/__admin/requests', (c) => {
    runtimeOf(c).log.clear();
    return c.body(null, 204);
  });

  // Coverage outlives reset and scenario loads: a suite resets before each test and reads
  // the coverage of the whole run at its end.
  app.get('/__admin/coverage', (c) => c.json(runtimeOf(c).coverage.report()));

  app.delete('/__admin/coverage', (c) => {
    runtimeOf(c).coverage.clear();
    return c.body(null, 204);
  });

  registerEventRoutes(app);
  return streams;
}
