/** The real CLI closes a connection that never finishes its headers within a few seconds. */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SERVER_TIMEOUTS } from '../../src/http/server-timeouts.ts';

const BIN = fileURLToPath(new URL('../../bin/gitbook-mock.js', import.meta.url));
let child: ChildProcess | undefined;
afterEach(() => child?.kill('SIGKILL'));

describe('slow clients', () => {
  it('answers 408 and closes a socket that sends headers too slowly', async () => {
    child = spawn(process.execPath, [BIN, '--port', '0', '--scenario', 'empty'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const base = await new Promise<URL>((resolve) => {
      let out = '';
      child!.stdout!.on('data', (c) => {
        out += c;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(new URL(m[1]));
      });
    });
    const started = Date.now();
    const { answer, elapsed } = await new Promise<{ answer: string; elapsed: number }>((resolve) => {
      let answer = '';
      const socket = connect(Number(base.port), base.hostname, () => socket.write('GET /__admin/health HTTP/1.1\r\nHost: localhost\r\n'));
      socket.on('data', (c) => (answer += c));
      socket.on('close', () => resolve({ answer, elapsed: Date.now() - started }));
      socket.on('error', () => undefined);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(elapsed).toBeLessThan(SERVER_TIMEOUTS.headersTimeout + 2 * SERVER_TIMEOUTS.connectionsCheckingInterval + 1_000);
  }, 20_000);
});
