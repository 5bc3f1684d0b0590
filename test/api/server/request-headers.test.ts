/**
 * Behind a listening server the pipeline reads a request's headers from Node's request
 * (contract/request-header.ts): names in any case, values with spaces around them, and a
 * repeated Authorization read as they are in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createMock, type Mock } from '../../../src/app.ts';

let mock: Mock;
let server: Server;

beforeAll(async () => {
  mock = createMock({ wallClock: () => 0 });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `lines` (the request line and headers, as written) and reads the whole answer. */
function raw(lines: string[], body = ''): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, body] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)];
      const [statusLine, ...fields] = head.split('\r\n');
      const headers = Object.fromEntries(fields.map((f) => [f.slice(0, f.indexOf(':')).toLowerCase(), f.slice(f.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(`${[...lines, `Host: 127.0.0.1:${port}`, 'Connection: close'].join('\r\n')}\r\n\r\n${body}`);
  });
}

describe('request headers over a socket', () => {
  it('reads names in any case and values with spaces around them, as in-process', async () => {
    const { tokens, ids } = mock.runtime.manifest;
    const path = `/v1/spaces/${ids.spaces.handbook}`;
    const sent = await raw([`GET ${path} HTTP/1.1`, `AUTHORIZATION:   Bearer ${tokens.reader}  `, 'x-MOCK-session:  apart ', 'ORIGIN: http://localhost:3000']);
    const there = await mock.fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers: { authorization: `Bearer ${tokens.reader}`, 'x-mock-session': 'apart', origin: 'http://localhost:3000' } });
    expect(sent.status).toBe(200);
    expect(sent.headers['x-mock-session']).toBe('apart');
    expect(sent.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(sent.body).toBe(await there.text());
    expect(JSON.parse(sent.body).permissions.comment).toBe(false);
  });

  it('answers a Prefer header and refuses a body that is not JSON by its Content-Type', async () => {
    const { tokens, ids } = mock.runtime.manifest;
    const path = `/v1/spaces/${ids.spaces.handbook}`;
    expect((await raw([`GET ${path} HTTP/1.1`, `Authorization: Bearer ${tokens.reader}`, 'PREFER: code=503'])).status).toBe(503);
    const body = JSON.stringify({ body: { markdown: 'hi' } });
    const refused = await raw([`POST ${path}/comments HTTP/1.1`, `Authorization: Bearer ${tokens.commenter}`, 'CONTENT-TYPE: text/plain', `Content-Length: ${body.length}`], body);
    expect(refused.status).toBe(415);
  });
});
