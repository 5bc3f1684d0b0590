/**
 * The real CLI closes a connection that never finishes its headers within Node's minute, and
 * answers one whose client was busy for a while before it wrote its request.
 */
import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { SERVER_TIMEOUTS } from '../../../src/server/server-timeouts.ts';
import { startCli } from '../../helpers/cli.ts';

describe('slow clients', () => {
  it('answers 408 and closes a socket that sends headers too slowly', async () => {
    const base = new URL((await startCli(['--scenario', 'empty'])).base);
    const started = Date.now();
    const { answer, elapsed } = await new Promise<{ answer: string; elapsed: number }>((resolve) => {
      let answer = '';
      const socket = connect(Number(base.port), base.hostname, () => socket.write('GET /__admin/health HTTP/1.1\r\nHost: localhost\r\n'));
      socket.on('data', (c) => (answer += c));
      socket.on('close', () => resolve({ answer, elapsed: Date.now() - started }));
      socket.on('error', () => undefined);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // With the error body of every other error (issue 40), where Node writes none.
    expect(answer).toMatch(/\r\ncontent-type: application\/json\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]).error.code).toBe(408);
    expect(elapsed).toBeGreaterThanOrEqual(SERVER_TIMEOUTS.headersTimeout - SERVER_TIMEOUTS.connectionsCheckingInterval);
    expect(elapsed).toBeLessThan(SERVER_TIMEOUTS.headersTimeout + 2 * SERVER_TIMEOUTS.connectionsCheckingInterval + 1_000);
  }, SERVER_TIMEOUTS.headersTimeout + 30_000);

  it('answers a request written 6 s after its connection opened (a client whose event loop was busy)', async () => {
    // GitBook's renderer under `next dev` opened connections and wrote on them after a compile (docs/renderer.md).
    const base = new URL((await startCli(['--scenario', 'empty'])).base);
    const answer = await new Promise<string>((resolve) => {
      let answer = '';
      const socket = connect(Number(base.port), base.hostname, () => {
        setTimeout(() => socket.write('GET /__admin/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'), 6_000);
      });
      socket.on('data', (c) => (answer += c));
      socket.on('close', () => resolve(answer));
      socket.on('error', () => undefined);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  }, 30_000);
});
