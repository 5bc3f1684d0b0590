/**
 * The admin API of docs/contract.md: health, scenarios, reset, state export and import,
 * the virtual clock, the request log, faults, coverage, snapshots, events and sessions. Every
 * call is a row of `ADMIN_ROWS`, served by the registrar as the API's rows are (it reads the
 * body, writes the answer) and described from the same rows in the mock's OpenAPI document.
 * Who may call it: the pipeline (server/pipeline.ts) checks each row's access, `admin`, with the
 * gate of access.ts. Every call acts on the session its `X-Mock-Session` header names (the
 * default one without it), opened by the pipeline.
 */
import type { Context } from 'hono';
import { ApiError, errors } from '../contract/errors.ts';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../server/body-limit.ts';
import { rawReply, reply, type BodyOf, type RequestSchemaId, type RouteRow } from '../contract/operation.ts';
import type { AdminClockChange, RequestTypes } from '../contract/request-types.ts';
import type { Registrar } from '../server/registrar.ts';
import type { RowInput } from '../contract/operation.ts';
import { advancedBy, instantOf } from '../clock.ts';
import type { Runtime } from '../runtime.ts';
import type { Sessions } from '../sessions/registry.ts';
import { WARNING_HEADER } from '../sessions/exchange.ts';
import { editRecord } from './record-edit.ts';
import { RequestStreams } from './request-stream.ts';
import { snapshotName, Snapshots, type StateTransfer } from './snapshots.ts';

/** 413 when an imported state holds more rows than MAX_IMPORT_ROWS (before any check walks them). */
function checkImportRows(state: unknown): void {
  if (!state || typeof state !== 'object') return;
  let rows = 0;
  for (const value of Object.values(state)) if (Array.isArray(value)) rows += value.length;
  if (rows > MAX_IMPORT_ROWS) {
    throw new ApiError(413, `The state holds ${rows} rows; an import may hold at most ${MAX_IMPORT_ROWS}`);
  }
}

/**
 * Moves, sets or freezes the clock. The schema checked the body's shape; what it cannot say is
 * here: a date-time or a duration that names no time the clock can hold.
 */
function applyClockChange(rt: Runtime, change: AdminClockChange): void {
  if (change.now !== undefined) {
    const at = instantOf(change.now);
    if (at === undefined) throw errors.badRequest('body.now must be an ISO 8601 date-time');
    rt.clock.set(at);
  } else if (change.advance !== undefined) {
    const target = advancedBy(rt.clock.nowMs(), change.advance);
    if (target === undefined) throw errors.badRequest('body.advance must be milliseconds or an ISO 8601 duration like "P7D" or "P1M"');
    rt.clock.set(target);
  } else if (change.frozen !== undefined) rt.clock.freeze(change.frozen);
}

/**
 * The clock's state after `change`, with an `X-Mock-Warning` when it moved the clock back (issue
 * 44): allowed, as a test may want it, but never in silence, since what was written at the later
 * time (records, events, the journal) stays later than the clock.
 */
function clockAnswer(rt: Runtime, before: number): unknown {
  const state = rt.clock.state();
  const after = rt.clock.nowMs();
  if (after >= before) return state;
  const warning = `the clock moved back by ${before - after} ms, from ${new Date(before).toISOString()} to ${state.now}: times written since then (records, events, the journal) are later than the clock now`;
  return reply(state, { headers: { [WARNING_HEADER]: warning } });
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

/**
 * What an admin row's handler is given: its input (`body` and `query` as the row's schemas let
 * them through: the registrar checked them), the session's runtime, the app's admin pieces.
 */
export interface AdminInput<B = unknown, Q extends object = object> extends Omit<RowInput, 'body' | 'query'> {
  readonly body: B;
  readonly query: Q;
  /** The runtime of the session the request names (read when used: the session list needs none). */
  readonly rt: Runtime;
  readonly sessions: Sessions;
  readonly snapshots: Snapshots;
  readonly streams: RequestStreams;
  /** The session's name as the request gives it. */
  readonly session: string;
  /** The request, for the one row that answers with a stream Hono writes. */
  readonly context: Context;
}

/** A call of the admin API: a row (access `admin`); `B` and `Q`: its body and query as its schemas describe them. */
export interface AdminRow<B = unknown, Q extends object = object> extends RouteRow {
  handle(input: AdminInput<B, Q>): unknown;
}

function foundEvent(rt: Runtime, id: string) {
  const item = rt.events.get(id);
  if (!item) throw errors.notFound('Event', id);
  return item;
}

/**
 * A call of the admin API, its handler typed with the body and query its schemas let through: the
 * types generated from those schemas (contract/request-types.ts), as `op()` gives the API rows theirs
 * (the registrar checks them before the handler runs).
 */
function admin<const Q extends RequestSchemaId | undefined = undefined, const B extends RequestSchemaId | undefined = undefined>(
  row: Omit<RouteRow, 'access' | 'query' | 'body'> & { query?: Q; body?: B; handle(input: AdminInput<BodyOf<B>, AdminQueryOf<Q>>): unknown },
): AdminRow {
  return { ...row, access: 'admin' };
}

/** An admin call's query: its schema's type, or no fields without one. */
type AdminQueryOf<Q> = Q extends RequestSchemaId ? RequestTypes[Q] : object;

/** Every call of the admin API. The console's files and the API reference pages are rows of their own modules. */
export const ADMIN_ROWS: readonly AdminRow[] = [
  admin({ operationId: 'adminHealth', method: 'GET', path: '/__admin/health', summary: 'Server status, loaded scenario and clock', status: 200, response: 'admin/health',
    handle: ({ rt }) => ({ status: 'ok', scenario: rt.scenarioName, now: rt.clock.iso() }) }),
  admin({ operationId: 'adminListScenarios', method: 'GET', path: '/__admin/scenarios', summary: 'The scenarios that can be loaded', status: 200, response: 'admin/list',
    handle: ({ rt }) => ({ items: rt.catalog.list() }) }),
  admin({ operationId: 'adminLoadScenario', method: 'POST', path: '/__admin/scenarios/{name}', summary: 'Replace the whole state with a scenario', status: 200, response: 'admin/manifest',
    handle: ({ rt, params }) => {
      const manifest = rt.change(() => rt.loadScenario(params.name));
      rt.log.clear();
      return manifest;
    } }),
  admin({ operationId: 'adminGetManifest', method: 'GET', path: '/__admin/manifest', summary: 'The manifest of the loaded scenario', status: 200, response: 'admin/manifest',
    handle: ({ rt }) => rt.manifest }),
  admin({ operationId: 'adminReset', method: 'POST', path: '/__admin/reset', summary: 'State and clock back to just after the last load', status: 200, response: 'admin/manifest',
    handle: ({ rt }) => {
      const manifest = rt.change(() => rt.reset());
      rt.log.clear();
      return manifest;
    } }),
  admin({ operationId: 'adminExportState', method: 'GET', path: '/__admin/state', summary: 'Export the whole state', status: 200, response: 'admin/object',
    handle: ({ rt }) => stateTransfer.exportOf(rt) }),
  admin({ operationId: 'adminImportState', method: 'PUT', path: '/__admin/state', summary: 'Import a whole state (validated)', status: 200,
    body: 'admin/object', reading: 'required', response: 'admin/status-ok', maxBody: MAX_IMPORT_BYTES,
    handle: ({ rt, body }) => {
      stateTransfer.importInto(rt, body);
      return { status: 'ok' };
    } }),
  // The console's additions: one record edited, named snapshots, the journal as a stream.
  admin({ operationId: 'adminEditRecord', method: 'PUT', path: '/__admin/state/{collection}/{id}', summary: 'Replace one record (checked as a state import)', status: 200,
    body: 'admin/object', reading: 'as sent', response: 'admin/object',
    handle: ({ rt, params, body }) => editRecord(rt, params.collection, params.id, body) }),
  admin({ operationId: 'adminListSnapshots', method: 'GET', path: '/__admin/snapshots', summary: 'The named snapshots kept by this server', status: 200, response: 'admin/snapshot-list',
    handle: ({ snapshots }) => ({ items: snapshots.list() }) }),
  admin({ operationId: 'adminSaveSnapshot', method: 'PUT', path: '/__admin/snapshots/{name}', summary: "Save the session's state as a named snapshot (200 when it replaces one)", status: 201,
    response: 'admin/snapshot',
    handle: ({ rt, params, snapshots, session }) => {
      const { info, replaced } = snapshots.save(rt, snapshotName(params.name), session);
      return reply(info, { status: replaced ? 200 : 201 });
    } }),
  admin({ operationId: 'adminGetSnapshot', method: 'GET', path: '/__admin/snapshots/{name}', summary: 'A snapshot as an export file', status: 200, response: 'admin/object',
    handle: ({ params, snapshots }) => {
      const name = snapshotName(params.name);
      return rawReply(snapshots.text(name), 'application/json', 200, { 'Content-Disposition': `attachment; filename="${name}.json"` });
    } }),
  admin({ operationId: 'adminLoadSnapshot', method: 'POST', path: '/__admin/snapshots/{name}/load', summary: 'Import a snapshot into the session', status: 200, response: 'admin/snapshot',
    handle: ({ rt, params, snapshots }) => snapshots.load(rt, snapshotName(params.name)) }),
  admin({ operationId: 'adminDeleteSnapshot', method: 'DELETE', path: '/__admin/snapshots/{name}', summary: 'Forget a snapshot', status: 204,
    handle: ({ params, snapshots }) => snapshots.delete(snapshotName(params.name)) }),
  admin({ operationId: 'adminStreamRequests', method: 'GET', path: '/__admin/requests/stream', status: 200, responseType: 'text/event-stream',
    summary: 'The journal as Server-Sent Events: `entries` (a JSON array of items, first all, then the new ones) and `cleared`',
    handle: ({ rt, streams, context }) => streams.answer(context, rt.log) }),
  admin({ operationId: 'adminGetClock', method: 'GET', path: '/__admin/clock', summary: 'Read the virtual clock', status: 200, response: 'admin/clock',
    handle: ({ rt }) => rt.clock.state() }),
  admin({ operationId: 'adminSetClock', method: 'POST', path: '/__admin/clock', summary: 'Move, set or freeze the virtual clock', status: 200,
    body: 'admin/clock-change', reading: 'required', response: 'admin/clock',
    handle: ({ rt, body }) => {
      const before = rt.clock.nowMs();
      rt.change(() => applyClockChange(rt, body));
      return clockAnswer(rt, before);
    } }),
  admin({ operationId: 'adminListRequests', method: 'GET', path: '/__admin/requests', summary: 'The requests the API received', status: 200,
    query: 'admin/requests-query', response: 'admin/list',
    handle: ({ rt, query }) => ({ items: rt.log.list(query) }) }),
  admin({ operationId: 'adminClearRequests', method: 'DELETE', path: '/__admin/requests', summary: 'Forget the received requests', status: 204,
    handle: ({ rt }) => rt.log.clear() }),
  admin({ operationId: 'adminAddFault', method: 'POST', path: '/__admin/faults', summary: 'Add a fault rule (forced status, delay, reset or empty answer)', status: 201,
    body: 'admin/fault-rule', reading: 'required', response: 'admin/kept-fault-rule',
    handle: ({ rt, body }) => rt.faults.add(body) }),
  admin({ operationId: 'adminListFaults', method: 'GET', path: '/__admin/faults', summary: 'The fault rules, each with its matched count', status: 200, response: 'admin/list',
    handle: ({ rt }) => ({ items: rt.faults.list() }) }),
  admin({ operationId: 'adminClearFaults', method: 'DELETE', path: '/__admin/faults', summary: 'Remove every fault rule', status: 204,
    handle: ({ rt }) => rt.faults.clear() }),
  admin({ operationId: 'adminDeleteFault', method: 'DELETE', path: '/__admin/faults/{id}', summary: 'Remove one fault rule', status: 204,
    handle: ({ rt, params }) => {
      if (!rt.faults.delete(params.id)) throw errors.notFound('fault rule', params.id);
    } }),
  // Coverage outlives reset and scenario loads: a suite resets before each test and reads
  // the coverage of the whole run at its end.
  admin({ operationId: 'adminGetCoverage', method: 'GET', path: '/__admin/coverage', summary: 'Operations and state-machine transitions exercised', status: 200,
    response: 'admin/coverage', handle: ({ rt }) => rt.coverage.report() }),
  admin({ operationId: 'adminClearCoverage', method: 'DELETE', path: '/__admin/coverage', summary: 'Clear the coverage', status: 204,
    handle: ({ rt }) => rt.coverage.clear() }),
  admin({ operationId: 'adminListSessions', method: 'GET', path: '/__admin/sessions', summary: 'The sessions (X-Mock-Session), the default one included', status: 200,
    // The list belongs to no session: a console left on a session that is gone still finds the others.
    response: 'admin/session-list', session: 'existing', handle: ({ sessions }) => ({ items: sessions.list() }) }),
  // A read does not start a session; this does (the console, when a new name is typed).
  admin({ operationId: 'adminStartSession', method: 'PUT', path: '/__admin/sessions/{name}', summary: 'Start a session if it does not exist (201; 200 when it does): a read never starts one',
    status: 201, response: 'admin/session',
    handle: ({ sessions, params }) => {
      const { info, created } = sessions.start(params.name);
      return reply(info, { status: created ? 201 : 200 });
    } }),
  admin({ operationId: 'adminDeleteSession', method: 'DELETE', path: '/__admin/sessions/{name}', summary: 'Drop a session (not the default one)', status: 204,
    handle: ({ sessions, params }) => sessions.delete(params.name) }),
  // The events the session's writes sent to integrations, each with its deliveries.
  admin({ operationId: 'adminListEvents', method: 'GET', path: '/__admin/events', status: 200, query: 'admin/events-query', response: 'admin/event-list',
    summary: 'Events sent to integrations, each with its deliveries (filters: type, installationId, spaceId, status)',
    handle: ({ rt, query }) => ({ items: rt.events.list(query) }) }),
  admin({ operationId: 'adminGetEvent', method: 'GET', path: '/__admin/events/{id}', summary: 'One event with its deliveries', status: 200, response: 'admin/event',
    handle: ({ rt, params }) => foundEvent(rt, params.id) }),
  admin({ operationId: 'adminRedeliverEvent', method: 'POST', path: '/__admin/events/{id}/redeliver', summary: 'Send an event again (a new round of tries, same eventId)', status: 202,
    response: 'admin/event',
    handle: ({ rt, params }) => {
      const item = foundEvent(rt, params.id);
      if (item.deliveries.length === 0) throw errors.conflict(`Event "${params.id}" has no delivery URL to send it to`);
      return rt.events.redeliver(params.id);
    } }),
  admin({ operationId: 'adminClearEvents', method: 'DELETE', path: '/__admin/events', summary: 'Forget the events and stop their deliveries', status: 204,
    handle: ({ rt }) => rt.events.clear() }),
];

/** Registers the admin API; answers the console's open request streams, which a stopping server ends. */
export function registerAdmin(registrar: Registrar, sessions: Sessions): RequestStreams {
  const snapshots = new Snapshots(stateTransfer);
  const streams = new RequestStreams();
  // The pipeline (server/pipeline.ts) checked each row's access (admin/access.ts) and opened the session.
  registrar.serve(ADMIN_ROWS, (c, row, input, exchange) =>
    row.handle({
      ...input,
      get rt() {
        return exchange.runtime;
      },
      sessions,
      snapshots,
      streams,
      session: exchange.session,
      context: c,
    }),
  );
  return streams;
}
