/**
 * The JSON error body of any thrown value: the app's error handler, and the registrar's own
 * catch (it notes the answered status in the coverage without a middleware of its own).
 */
import type { Context } from 'hono';
import { ApiError, errorBody } from '../contract/errors.ts';
import { scenarioErrorToApi } from '../scenarios/scenario-source.ts';
import { JSON_TYPE, withSource } from '../journal/journal-capture.ts';
import type { Exchange } from '../sessions/exchange.ts';

/**
 * Writes any thrown value as the JSON error body (500 for anything unexpected), noted on the
 * request's exchange for the journal where there is one (the pipeline hands it).
 */
export function sendError(c: Context, raw: unknown, exchange?: Exchange): Response {
  const error = scenarioErrorToApi(raw);
  if (!(error instanceof ApiError)) console.error('gitbook-mock: unexpected error', error);
  const [status, message] = error instanceof ApiError ? [error.status, error.message] : [500, 'Internal error; the state was not changed'];
  // Written as c.json does, with the text noted for the request journal.
  const text = JSON.stringify(errorBody(status, message));
  const headers = error instanceof ApiError && error.headers ? { ...JSON_TYPE, ...error.headers } : JSON_TYPE;
  if (!exchange) return c.body(text, status as 400, headers);
  exchange.noteAnswer(text, headers);
  return exchange.respond(text, status, withSource(headers, exchange.source));
}
