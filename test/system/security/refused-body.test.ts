/**
 * A refusal costs nothing (issue 40, finding 5): the real CLI decides the admin API's access
 * from the method, path and headers, so a refused `PUT /__admin/state` answers 403 before its
 * body is read, and a 200 MB chunked body leaves the server's memory where it was.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startCli } from '../../helpers/cli.ts';
import { ENDLESS_BYTES, streamChunked } from '../../helpers/chunked.ts';

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

describe('a refused import', () => {
  it.each([
    ['a page of another site', { host: 'localhost', origin: 'https://evil.example' }],
    ['a caller that names no loopback host, without the admin token', { host: 'mock.example' }],
  ])('from %s answers 403 at once, unread, and the server keeps its memory', async (_, headers) => {
    const { child, base } = await startCli(['--scenario', 'empty']);
    const pid = child.pid!;
    const before = await settled(pid);
    const { answer, ms, sent } = await streamChunked(Number(new URL(base).port), 'PUT', '/__admin/state', { 'content-type': 'application/json', ...headers });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 403/);
    expect(JSON.parse(body).error.code).toBe(403);
    // Answered from the headers, not after the 200 MB.
    expect(ms).toBeLessThan(2_000);
    expect(sent).toBeLessThan(ENDLESS_BYTES / 4);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(rss(pid) - before).toBeLessThan(20 * MB);
  }, 30_000);
});
