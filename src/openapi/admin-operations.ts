/**
 * The admin API (docs/contract.md) as rows for the OpenAPI document. The admin routes are plain
 * Hono routes (src/admin/routes.ts), not operation rows, so they are described here; a test
 * checks every row against the served app, and that every admin route has a row.
 */
export interface AdminOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  status: number;
  /** The success body, inline JSON Schema (absent: no body, or not JSON). */
  response?: Record<string, unknown>;
  /** Media type of a success body that is not JSON. */
  mediaType?: string;
  body?: Record<string, unknown>;
}

const object = { type: 'object' };
const items = { type: 'object', properties: { items: { type: 'array', items: object } }, required: ['items'] };
const manifest = {
  type: 'object',
  properties: { scenario: { type: 'string' }, now: { type: 'string', format: 'date-time' }, tokens: object, ids: object },
  required: ['scenario', 'now', 'tokens', 'ids'],
};
const clock = { type: 'object', properties: { now: { type: 'string', format: 'date-time' }, frozen: { type: 'boolean' } }, required: ['now', 'frozen'] };
const count = { type: 'integer', minimum: 0 };
const sessionInfo = {
  type: 'object',
  properties: { name: { type: 'string' }, scenario: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, lastUsedAt: { type: 'string', format: 'date-time' }, requests: count },
  required: ['name', 'scenario', 'createdAt', 'lastUsedAt', 'requests'],
};
const faultRule = {
  type: 'object',
  properties: {
    id: { type: 'string' }, operationId: { type: 'string' }, method: { type: 'string' }, path: { type: 'string' },
    status: { type: 'integer', minimum: 100, maximum: 599 }, body: { type: 'object' }, headers: { type: 'object', additionalProperties: { type: 'string' } },
    delay: count, fault: { type: 'string' }, times: { type: 'integer', minimum: 1 }, after: count,
  },
};
const coverage = {
  type: 'object',
  properties: {
    operations: {
      type: 'object',
      properties: {
        total: count,
        called: count,
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              operationId: { type: 'string' }, method: { type: 'string' }, path: { type: 'string' }, calls: count,
              statuses: { type: 'object', additionalProperties: count },
            },
            required: ['operationId', 'method', 'path', 'calls', 'statuses'],
          },
        },
      },
      required: ['total', 'called', 'items'],
    },
    transitions: {
      type: 'object',
      properties: {
        total: count,
        exercised: count,
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { machine: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, count },
            required: ['machine', 'from', 'to', 'count'],
          },
        },
      },
      required: ['total', 'exercised', 'items'],
    },
  },
  required: ['operations', 'transitions'],
};

const snapshot = {
  type: 'object',
  properties: { name: { type: 'string' }, scenario: { type: 'string' }, session: { type: 'string' }, savedAt: { type: 'string', format: 'date-time' }, bytes: count },
  required: ['name', 'scenario', 'session', 'savedAt', 'bytes'],
};
const snapshotList = { type: 'object', properties: { items: { type: 'array', items: snapshot } }, required: ['items'] };

const event = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    payload: object,
    deliveries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' }, installationId: { type: 'string' }, url: { type: 'string' }, format: { enum: ['runtime', 'webhook'] },
          status: { enum: ['pending', 'delivered', 'failed'] }, nextAttemptAt: { type: 'string', format: 'date-time' },
          attempts: {
            type: 'array',
            items: {
              type: 'object',
              properties: { at: { type: 'string', format: 'date-time' }, status: { type: 'integer' }, error: { type: 'string' }, excerpt: { type: 'string' }, durationMs: count },
              required: ['at', 'durationMs'],
            },
          },
        },
        required: ['id', 'installationId', 'url', 'format', 'status', 'attempts'],
      },
    },
  },
  required: ['id', 'type', 'createdAt', 'payload', 'deliveries'],
};

export const adminOperations: readonly AdminOperation[] = [
  { operationId: 'adminHealth', method: 'GET', path: '/__admin/health', summary: 'Server status, loaded scenario and clock', status: 200,
    response: { type: 'object', properties: { status: { const: 'ok' }, scenario: { type: 'string' }, now: { type: 'string' } }, required: ['status', 'scenario', 'now'] } },
  { operationId: 'adminListScenarios', method: 'GET', path: '/__admin/scenarios', summary: 'The scenarios that can be loaded', status: 200, response: items },
  { operationId: 'adminLoadScenario', method: 'POST', path: '/__admin/scenarios/{name}', summary: 'Replace the whole state with a scenario', status: 200, response: manifest },
  { operationId: 'adminGetManifest', method: 'GET', path: '/__admin/manifest', summary: 'The manifest of the loaded scenario', status: 200, response: manifest },
  { operationId: 'adminReset', method: 'POST', path: '/__admin/reset', summary: 'State and clock back to just after the last load', status: 200, response: manifest },
  { operationId: 'adminExportState', method: 'GET', path: '/__admin/state', summary: 'Export the whole state', status: 200, response: object },
  { operationId: 'adminImportState', method: 'PUT', path: '/__admin/state', summary: 'Import a whole state (validated)', status: 200, body: object,
    response: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] } },
  { operationId: 'adminGetClock', method: 'GET', path: '/__admin/clock', summary: 'Read the virtual clock', status: 200, response: clock },
  { operationId: 'adminSetClock', method: 'POST', path: '/__admin/clock', summary: 'Move, set or freeze the virtual clock', status: 200, response: clock,
    body: { type: 'object', properties: { now: { type: 'string', format: 'date-time' }, advance: { type: ['string', 'integer'] }, frozen: { type: 'boolean' } } } },
  { operationId: 'adminListRequests', method: 'GET', path: '/__admin/requests', summary: 'The requests the API received', status: 200, response: items },
  { operationId: 'adminClearRequests', method: 'DELETE', path: '/__admin/requests', summary: 'Forget the received requests', status: 204 },
  { operationId: 'adminStreamRequests', method: 'GET', path: '/__admin/requests/stream', status: 200, mediaType: 'text/event-stream',
    summary: 'The journal as Server-Sent Events: `entries` (a JSON array of items, first all, then the new ones) and `cleared`' },
  { operationId: 'adminEditRecord', method: 'PUT', path: '/__admin/state/{collection}/{id}', summary: 'Replace one record (checked as a state import)', status: 200,
    body: object, response: object },
  { operationId: 'adminListSnapshots', method: 'GET', path: '/__admin/snapshots', summary: 'The named snapshots kept by this server', status: 200, response: snapshotList },
  { operationId: 'adminSaveSnapshot', method: 'PUT', path: '/__admin/snapshots/{name}', summary: "Save the session's state as a named snapshot (200 when it replaces one)", status: 201,
    response: snapshot },
  { operationId: 'adminGetSnapshot', method: 'GET', path: '/__admin/snapshots/{name}', summary: 'A snapshot as an export file', status: 200, response: object },
  { operationId: 'adminLoadSnapshot', method: 'POST', path: '/__admin/snapshots/{name}/load', summary: 'Import a snapshot into the session', status: 200, response: snapshot },
  { operationId: 'adminDeleteSnapshot', method: 'DELETE', path: '/__admin/snapshots/{name}', summary: 'Forget a snapshot', status: 204 },
  { operationId: 'adminAddFault', method: 'POST', path: '/__admin/faults', summary: 'Add a fault rule (forced status, delay, reset or empty answer)', status: 201, body: faultRule,
    response: faultRule },
  { operationId: 'adminListFaults', method: 'GET', path: '/__admin/faults', summary: 'The fault rules, each with its matched count', status: 200, response: items },
  { operationId: 'adminClearFaults', method: 'DELETE', path: '/__admin/faults', summary: 'Remove every fault rule', status: 204 },
  { operationId: 'adminDeleteFault', method: 'DELETE', path: '/__admin/faults/{id}', summary: 'Remove one fault rule', status: 204 },
  { operationId: 'adminGetCoverage', method: 'GET', path: '/__admin/coverage', summary: 'Operations and state-machine transitions exercised', status: 200, response: coverage },
  { operationId: 'adminClearCoverage', method: 'DELETE', path: '/__admin/coverage', summary: 'Clear the coverage', status: 204 },
  { operationId: 'adminListSessions', method: 'GET', path: '/__admin/sessions', summary: 'The sessions (X-Mock-Session), the default one included', status: 200,
    response: {
      type: 'object',
      properties: {
        items: { type: 'array', items: sessionInfo },
      },
      required: ['items'],
    } },
  { operationId: 'adminStartSession', method: 'PUT', path: '/__admin/sessions/{name}', summary: 'Start a session if it does not exist (201; 200 when it does): a read never starts one', status: 201,
    response: sessionInfo },
  { operationId: 'adminDeleteSession', method: 'DELETE', path: '/__admin/sessions/{name}', summary: 'Drop a session (not the default one)', status: 204 },
  { operationId: 'adminGetOpenApi', method: 'GET', path: '/__admin/openapi.json', summary: 'This document', status: 200, response: object },
  { operationId: 'adminGetDocs', method: 'GET', path: '/__admin/docs', summary: 'API reference page of this document', status: 200, mediaType: 'text/html' },
  { operationId: 'adminGetConsole', method: 'GET', path: '/__admin/ui', summary: 'The QA console', status: 200, mediaType: 'text/html' },
  { operationId: 'adminListEvents', method: 'GET', path: '/__admin/events', summary: 'Events sent to integrations, each with its deliveries (filters: type, installationId, spaceId, status)', status: 200,
    response: { type: 'object', properties: { items: { type: 'array', items: event } }, required: ['items'] } },
  { operationId: 'adminGetEvent', method: 'GET', path: '/__admin/events/{id}', summary: 'One event with its deliveries', status: 200, response: event },
  { operationId: 'adminRedeliverEvent', method: 'POST', path: '/__admin/events/{id}/redeliver', summary: 'Send an event again (a new round of tries, same eventId)', status: 202, response: event },
  { operationId: 'adminClearEvents', method: 'DELETE', path: '/__admin/events', summary: 'Forget the events and stop their deliveries', status: 204 },
];
