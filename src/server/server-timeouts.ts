/**
 * Socket timeouts for the listening server: Node's own limits for a request (a minute for its
 * headers, five for the whole of it), checked every second rather than every 30 s.
 *
 * Node starts the headers' minute when the connection opens, not when its first byte arrives.
 * A client opens a connection and writes its request once its event loop next runs; GitBook's
 * renderer under `next dev`, its loop held by a compile, wrote its GET only after the 5 s this
 * limit once was, and read the mock's 408 as the answer to it (a 500 of its page:
 * docs/renderer.md). So the limits are Node's, made for clients that are not always quick.
 */
export const SERVER_TIMEOUTS = {
  /** Time for a request's headers, in ms, from the connection's opening for its first (then 408 and the socket closes). */
  headersTimeout: 60_000,
  /** Time to send the whole request, body included, in ms. */
  requestTimeout: 300_000,
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
