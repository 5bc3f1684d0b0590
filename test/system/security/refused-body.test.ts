/**
 * A refusal costs nothing (issue 40, finding 5): the real CLI decides the admin API's access
 * from the method, path and headers, so a refused `PUT /__admin/state` answers 403 before its
 * body is read, and a 200 MB chunked body leaves the server's memory where it was.
 */
import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { startCli } from '../../helpers/cli.ts';

const CHUNK = Buffer.alloc(64 * 1024, 'a');
/** What the client would send if nobody stopped it. */
const BODY_BYTES = 200 * 1024 * 1024;
const MB = 1024 * 1024;

/** The resident memory of process `pid`, in bytes. */
function rss(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
}

/** Waits until the server's memory holds still (its warm-up compiles the validators after the listening line). */
async function settled(pid: number): Promise<number> {
  let last = rss(pid);
  for (let i = 0; i < 40; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = rss(pid);
    if (Math.abs(now - last) < MB) return now;
    last = now;
  }
  return last;
}

/**
 * `PUT /__admin/state` with a chunked body of BODY_BYTES generated a chunk at a time, stopped as
 * soon as the answer arrives: the answer, how long it took and how many body bytes went out.
 */
function putEndlessState(port: number, headers: Record<string, string>) {
  return new Promise<{ answer: string; ms: number; sent: number }>((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    let sent = 0;
    let answered = false;
    const socket = connect(port, '127.0.0.1');
    const head = Object.entries({ 'content-type': 'application/json', 'transfer-encoding': 'chunked', ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const pump = () => {
      while (!answered && sent < BODY_BYTES) {
        sent += CHUNK.length;
        const ok = socket.write(`${CHUNK.length.toString(16)}\r\n`) && socket.write(CHUNK) && socket.write('\r\n');
        if (!ok) return void socket.once('drain', pump);
      }
      if (!answered) socket.write('0\r\n\r\n');
    };
    socket.on('connect', () => {
      socket.write(`PUT /__admin/state HTTP/1.1\r\n${head}\r\n`);
      pump();
    });
    socket.on('data', (c) => {
      answer += c;
      if (!answered && /\r\n\r\n[\s\S]*\}$/.test(answer)) {
        answered = true;
        resolve({ answer, ms: Date.now() - started, sent });
        socket.destroy();
      }
    });
    socket.on('error', (error) => (answered ? undefined : reject(error)));
    socket.on('close', () => (answered ? undefined : reject(new Error(`closed without an answer after ${sent} bytes: ${answer}`))));
  });
}

describe('a refused import', () => {
  it.each([
    ['a page of another site', { host: 'localhost', origin: 'https://evil.example' }],
    ['a caller that names no loopback host, without the admin token', { host: 'mock.example' }],
  ])('from %s answers 403 at once, unread, and the server keeps its memory', async (_, headers) => {
    const { child, base } = await startCli(['--scenario', 'empty']);
    const pid = child.pid!;
    const before = await settled(pid);
    const { answer, ms, sent } = await putEndlessState(Number(new URL(base).port), headers);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 403/);
    expect(JSON.parse(body).error.code).toBe(403);
    // Answered from the headers, not after the 200 MB.
    expect(ms).toBeLessThan(2_000);
    expect(sent).toBeLessThan(BODY_BYTES / 4);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(rss(pid) - before).toBeLessThan(20 * MB);
  }, 30_000);
});
