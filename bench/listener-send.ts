/**
 * One request handed to @hono/node-server's request listener (the one `serve` uses) as a Node
 * request on a socket that is never connected, answered into a ServerResponse that writes
 * nowhere: what the server runs for a request, and nothing of the network. Shared by
 * listener-cpu.ts and listener-allocations.ts.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { getRequestListener } from '@hono/node-server';
import { pathToFileURL } from 'node:url';
import { createMock, type Mock } from '../src/app.ts';
import { threeRequests, type ThreeRequests } from './three-requests.ts';

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


/**
 * The code to measure: the modules `LISTENER_MOCKS` names (each exporting `createMock`, all run
 * in this one process), else this checkout's `src/`; each made ready with the three requests,
 * whose headers, bodies and answers (the first one's) the floor takes.
 */
export async function listenerContenders(): Promise<ThreeRequests & { contenders: [string, Mock][] }> {
  const modules = process.env.LISTENER_MOCKS?.split(/\s+/).filter(Boolean) ?? [];
  const contenders: [string, Mock][] = [];
  for (const module of modules) contenders.push([module, ((await import(pathToFileURL(module).href)) as { createMock: typeof createMock }).createMock()]);
  if (!modules.length) contenders.push(['mock', createMock()]);
  const prepared = await Promise.all(contenders.map(([, mock]) => threeRequests(mock)));
  return { ...prepared[0], contenders };
}
