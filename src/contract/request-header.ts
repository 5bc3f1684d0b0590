/**
 * A request header, read where it is cheapest. Behind a listening server the request is Node's
 * (@hono/node-server hands it over as `env.incoming`): Node's parser has lower-cased the names,
 * joined repeated values as it does, trimmed them and refused any with CR, LF or NUL, and
 * `c.req.header(name)` reads that same object, after testing the name against the header
 * grammar, lower-casing it again and testing the value (0.2-0.3 µs a read; the pipeline reads up
 * to five a request: Origin, X-Mock-Session, Prefer, Authorization, Content-Type). In-process
 * (`app.request`, `mock.fetch`, the browser) there is no Node request: the Request's own headers.
 */
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';

/** The value of the header `lowerName` (a lower-case name), or undefined when the request has none. */
export function headerOf(c: Context, lowerName: string): string | undefined {
  const headers = (c.env as Partial<HttpBindings> | undefined)?.incoming?.headers;
  if (headers === undefined) return c.req.header(lowerName);
  const value = headers[lowerName];
  // A list is only ever Set-Cookie's: read as the Request reads it.
  return typeof value === 'string' || value === undefined ? value : c.req.header(lowerName);
}
