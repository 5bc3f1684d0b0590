/**
 * Socket timeouts for the listening server. Node's defaults (a minute for headers, five for a
 * request, checked every 30 s) let 80 slow clients hold sockets for minutes; a mock's callers
 * are local tools, so a few seconds for headers is plenty, and a whole request gets 30 s.
 */
export const SERVER_TIMEOUTS = {
  /** Time to send the request line and headers, in ms (then 408 and the socket closes). */
  headersTimeout: 5_000,
  /** Time to send the whole request, body included, in ms. */
  requestTimeout: 30_000,
  /** How often Node looks for connections past those limits, in ms. */
  connectionsCheckingInterval: 1_000,
  /**
   * An idle keep-alive connection is closed after this, in ms: 400 s, as long as Cloudflare's edge keeps
   * a client's idle HTTP/1.1 connection (its documented connection limits). A client reuses a connection until
   * a second before the `Keep-Alive: timeout` it was told; one whose event loop is busy (GitBook's
   * renderer under `next dev`) can miss that second and send on a connection the server has just
   * closed ("other side closed"), which 5 s made common (docs/renderer.md).
   */
  keepAliveTimeout: 400_000,
} as const;
