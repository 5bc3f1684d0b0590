/**
 * createApp builds the whole server from options; it listens nowhere (see bin.ts).
 * Nothing is kept at module level: two apps in one process never share state. The app itself
 * is build-mock.ts's, on the Node platform (node-platform.ts: files, ajv, pdfkit, --data).
 */
import type { Hono } from 'hono';
import { buildMock, type Mock } from './build-mock.ts';
import { nodePlatform } from './node-platform.ts';
import type { AppOptions } from './runtime.ts';

export type { AppOptions } from './runtime.ts';
export { MAX_BODY_BYTES, type Mock } from './build-mock.ts';
export { sendError } from './server/send-error.ts';

export function createMock(options: AppOptions = {}): Mock {
  return buildMock(options, nodePlatform);
}

/** The Hono app alone (see createMock for its runtime and in-process fetch). */
export function createApp(options: AppOptions = {}): Hono {
  return createMock(options).app;
}
