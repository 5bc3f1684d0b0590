/**
 * How a request finds its session: a middleware opens the session the `X-Mock-Session`
 * header names (the default one without it) and puts its runtime on the Hono context; the
 * registrar, the admin routes and the file routes read it from there (`runtimeOf`).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Runtime } from '../runtime.ts';
import type { Session, Sessions } from './registry.ts';
import { WARNING_HEADER } from '../faults/apply.ts';

declare module 'hono' {
  interface ContextVariableMap {
    runtime: Runtime;
  }
}

export const SESSION_HEADER = 'X-Mock-Session';

/** The runtime of the request's session (set by `selectSession`). */
export function runtimeOf(c: Context): Runtime {
  return c.get('runtime');
}

/**
 * Opens the session of the request for as long as it is answered (creating it, unless `create`
 * is false). Browsers (an `Origin`) get the header echoed, exposed by CORS; other callers know
 * what they sent, and a header set before the handler costs @hono/node-server its fast response
 * path (measured: 85% of the throughput without the header, against 90% asked).
 */
export async function withSession(c: Context, sessions: Sessions, next: () => Promise<void>, create = true): Promise<void> {
  const session = enterSession(c, sessions, create);
  try {
    await next();
  } finally {
    sessions.done(session);
  }
}

/**
 * The first half of `withSession`: opens the session and puts its runtime on the context; call
 * `sessions.done` after. `create: false` (admin reads): a missing session is read as it would start
 * (a fork that is not kept) and the answer carries `X-Mock-Warning` saying so.
 */
export function enterSession(c: Context, sessions: Sessions, create = true): Session {
  const name = c.req.header(SESSION_HEADER);
  const session = sessions.open(name, create);
  c.set('runtime', session.runtime);
  if (name !== undefined && c.req.header('origin')) c.header(SESSION_HEADER, name);
  // Wrong input is flagged, never passed in silence: a typo'd session name on a read.
  if (session.missing) c.header(WARNING_HEADER, session.missing);
  return session;
}

export function selectSession(sessions: Sessions): MiddlewareHandler {
  return (c, next) => withSession(c, sessions, next);
}
