/**
 * The JSON error body of any thrown value: the app's error handler, and the registrar's own
 * catch (it notes the answered status in the coverage without a middleware of its own).
 */
import type { Context } from 'hono';
import { ApiError, errorBody } from './errors.ts';
import { scenarioErrorToApi } from '../scenarios/scenario-source.ts';

/** Writes any thrown value as the JSON error body (500 for anything unexpected). */
export function sendError(c: Context, raw: unknown): Response {
  const error = scenarioErrorToApi(raw);
  if (error instanceof ApiError) return c.json(errorBody(error.status, error.message), error.status as 400);
  console.error('gitbook-mock: unexpected error', error);
  return c.json(errorBody(500, 'Internal error; the state was not changed'), 500);
}
