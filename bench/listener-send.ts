/**
 * One request handed to @hono/node-server's request listener (the one `serve` uses) as a Node
 * request on a socket that is never connected, answered into a ServerResponse that writes
 * nowhere: what the server runs for a request, and nothing of the network. Shared by
 * listener-cpu.ts and listener-allocations.ts.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { getRequestListener } from '@hono/node-server';

export type Listener = ReturnType<typeof getRequestListener>;

/** One request through `listener`; resolves with the status once the answer has ended. */
export function send(listener: Listener, method: string, url: string, headers: Record<string, string>, body?: string): Promise<number> {
  const socket = new Socket();
  const incoming = new IncomingMessage(socket);
  incoming.method = method;
  incoming.url = url;
  incoming.httpVersion = '1.1';
  incoming.httpVersionMajor = 1;
  incoming.httpVersionMinor = 1;
  const all = { host: '127.0.0.1:4010', ...headers, ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }) };
  incoming.headers = all;
  incoming.rawHeaders = Object.entries(all).flat();
  if (body !== undefined) incoming.push(body);
  incoming.push(null);
  const outgoing = new ServerResponse(incoming);
  return new Promise((resolve) => {
    const end = outgoing.end.bind(outgoing);
    outgoing.end = ((...args: Parameters<ServerResponse['end']>) => {
      const result = end(...args);
      resolve(outgoing.statusCode);
      return result;
    }) as ServerResponse['end'];
    void listener(incoming, outgoing);
  });
}

