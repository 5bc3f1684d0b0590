/**
 * Body limits over a real socket (issue 11 items 5 and 10): a chunked body is refused with
 * 413 while it streams, on /v1 and /__admin, long before the client has sent it all; admin
 * imports have their own, larger limits in bytes and rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type AddressInfo } from 'node:net';
import { streamChunked } from '../../helpers/chunked.ts';
import { serve, type ServerType } from '@hono/node-server';
import { createMock, MAX_BODY_BYTES, type Mock } from '../../../src/app.ts';
import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, readLimited } from '../../../src/server/body-limit.ts';


let mock: Mock;
let server: ServerType;
let port: number;

beforeAll(async () => {
  mock = createMock({ scenario: 'starter', wallClock: () => Date.parse('2026-01-01T00:00:00Z') });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: mock.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(() => server.close());

/** A chunked body the client would never stop sending, to the mock of this file. */
function streamEndless(method: string, path: string, headers: Record<string, string>) {
  return streamChunked(port, method, path, headers);
}

function statusAndBody(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
}

describe('streaming body limit', () => {
  it('refuses an endless chunked body on /v1 with 413 and the error body while it streams', async () => {
    const { answer, sent } = await streamEndless('POST', '/v1/orgs', { authorization: 'Bearer x', 'content-type': 'application/json' });
    const { status, body } = statusAndBody(answer);
    expect(status).toBe(413);
    expect(body).toEqual({ error: { code: 413, message: `Request body is larger than ${MAX_BODY_BYTES} bytes` } });
    // Answered after a little more than the limit, not after the 200 MB the client would send.
    expect(sent).toBeLessThan(16 * MAX_BODY_BYTES);
  });

  it('refuses an endless chunked body on /__admin the same way, and changes nothing', async () => {
    const before = mock.runtime.clock.iso();
    const { answer, sent } = await streamEndless('POST', '/__admin/clock', { 'content-type': 'application/json' });
    expect(statusAndBody(answer).status).toBe(413);
    expect(sent).toBeLessThan(16 * MAX_BODY_BYTES);
    expect(mock.runtime.clock.iso()).toBe(before);
    expect((await mock.fetch('http://localhost/__admin/health')).status).toBe(200);
  });

  it('still serves a chunked body under the limit, and the journal keeps its preview', async () => {
    const body = JSON.stringify({ advance: 'P1D' });
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /__admin/clock HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n');
        socket.write(`${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
      });
      socket.on('data', (c) => (text += c));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});

describe('readLimited', () => {
  it('settles with a 400 when the request closes before its end, and with the text when it ends', async () => {
    const cut = new PassThrough();
    const pending = readLimited(cut as unknown as IncomingMessage, 100);
    cut.write('{"adv');
    cut.destroy();
    await expect(pending).rejects.toMatchObject({ status: 400 });
    const whole = new PassThrough();
    const read = readLimited(whole as unknown as IncomingMessage, 100);
    whole.end('{"advance":"P1D"}');
    expect(await read).toBe('{"advance":"P1D"}');
  });
});

describe('admin import limits', () => {
  it('takes back an exported state larger than the API limit', async () => {
    const state = await (await mock.fetch('http://localhost/__admin/state')).json();
    state.comments[0].body.markdown = 'x'.repeat(2 * MAX_BODY_BYTES);
    const answer = await new Promise<string>((resolve) => {
      const text = JSON.stringify(state);
      let out = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`PUT /__admin/state HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n`);
        socket.write(text);
      });
      socket.on('data', (c) => (out += c));
      socket.on('close', () => resolve(out));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(mock.runtime.exportState().comments[0].body.markdown).toHaveLength(2 * MAX_BODY_BYTES);
  });

  it('refuses a declared import over its byte limit at once, and one over its row limit, with 413', async () => {
    const before = JSON.stringify(mock.runtime.exportState());
    const big = await new Promise<string>((resolve) => {
      let out = '';
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`PUT /__admin/state HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${MAX_IMPORT_BYTES + 1}\r\n\r\n{`);
      });
      socket.on('data', (c) => {
        out += c;
        if (out.endsWith('}')) socket.destroy();
      });
      socket.on('close', () => resolve(out));
    });
    expect(statusAndBody(big)).toEqual({ status: 413, body: { error: { code: 413, message: `Request body is larger than ${MAX_IMPORT_BYTES} bytes` } } });
    const rows = `{"users":[${Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => '0').join(',')}]}`;
    const res = await mock.fetch('http://localhost/__admin/state', { method: 'PUT', body: rows, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toContain(String(MAX_IMPORT_ROWS));
    expect(JSON.stringify(mock.runtime.exportState())).toBe(before);
  });
});
