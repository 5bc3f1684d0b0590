/**
 * The server's own refusals (issue 40, finding 6): what Node refuses before a request reaches
 * the app (headers too large, a request line it cannot read) answers with the error body of
 * every other error, as JSON, and closes the connection.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { startCli } from '../../helpers/cli.ts';

let port: number;

beforeAll(async () => {
  port = Number(new URL((await startCli(['--scenario', 'empty'])).base).port);
});

/** Sends `raw` on a new connection and resolves with everything the server wrote before it closed. */
function exchange(raw: string): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    socket.on('data', (c) => (answer += c));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
  });
}

function parsed(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [status, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(status.split(' ')[1]), headers, body: JSON.parse(body) as { error: { code: number; message: string } } };
}

describe("the server's own refusals", () => {
  it.each([
    ['headers too large', 431, `GET /__admin/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['a request line it cannot read', 400, 'NOT HTTP AT ALL\r\n\r\n'],
    ['a malformed header', 400, 'GET /__admin/health HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n'],
  ])('%s: %i with the JSON error body and connection: close', async (_, status, raw) => {
    const answer = parsed(await exchange(raw));
    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(answer.headers.connection).toBe('close');
    expect(answer.body.error.code).toBe(status);
    expect(answer.body.error.message).not.toBe('');
  });
});
