/**
 * CORS for browser apps on other origins, preflight included. hono/cors sets its headers
 * on `c.res` before and after the handler, which makes @hono/node-server give up its fast
 * response path (measured: GET a space at a fifth of the bare route's throughput). This
 * sets them as prepared headers instead, which every response then carries, errors too.
 */
import type { Context } from 'hono';
import { headerOf } from '../contract/request-header.ts';

export interface CorsOptions {
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds: number;
  /** Whether a page of `origin` may call `path` (no CORS headers when not); any by default. */
  allows?: (origin: string, path: string) => boolean;
}

/** Where the headers every answer of a request carries are set (the request's exchange). */
export interface AnswerHeaders {
  header(name: string, value: string): void;
}

/**
 * The CORS step of the pipeline: for a browser's request (an `Origin`) that `allows` lets in,
 * sets the headers every answer then carries (on `answer`), and answers a preflight itself
 * (204); undefined when the request goes on to its route.
 */
export function cors(options: CorsOptions): (c: Context, path: string, answer: AnswerHeaders) => Response | undefined {
  const methods = options.allowMethods.join(', ');
  const allowHeaders = options.allowHeaders.join(', ');
  const expose = options.exposeHeaders.join(', ');
  return (c, path, answer) => {
    const origin = headerOf(c, 'origin');
    // Only browsers send Origin, and only their requests need CORS headers.
    if (!origin || (options.allows && !options.allows(origin, path))) return undefined;
    // Any origin may call /v1, with credentials: echo it back.
    answer.header('Access-Control-Allow-Origin', origin);
    answer.header('Access-Control-Allow-Credentials', 'true');
    answer.header('Vary', 'Origin');
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      answer.header('Access-Control-Allow-Methods', methods);
      answer.header('Access-Control-Allow-Headers', c.req.header('access-control-request-headers') ?? allowHeaders);
      answer.header('Access-Control-Max-Age', String(options.maxAgeSeconds));
      return c.body(null, 204);
    }
    answer.header('Access-Control-Expose-Headers', expose);
    return undefined;
  };
}
