/**
 * GET /__admin/requests/stream: the journal as Server-Sent Events, in-process. The console's
 * Requests and Fault rules screens read it instead of polling.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { useGitBookMock, type GitBookMock } from '../../../../src/vitest/index.ts';
import { callsOn, clearKept } from '../../../helpers/calls.ts';

const gb = useGitBookMock({ wallClock: () => 0 });
const t = callsOn(gb);
// Each test expects a mock as new: no journal, other session, snapshot or coverage left by the one before.
beforeEach(() => clearKept(t));

interface SseEvent {
  event: string;
  data: any;
}

/** Reads events off an SSE body; `next()` waits for the next one. */
function events(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(timeoutMs = 3000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) continue; // a ping
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = block.split('\n').filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
          return { event, data: JSON.parse(data) };
        }
        if (Date.now() > deadline) throw new Error('no event in time');
        const { value, done } = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), deadline - Date.now())),
        ]);
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    async ended(): Promise<boolean> {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    },
    cancel: () => reader.cancel(),
  };
}

async function open(gb: GitBookMock, session?: string) {
  const res = await gb.fetch('/__admin/requests/stream', { headers: session ? { 'X-Mock-Session': session } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return events(res.body!);
}

describe('the journal as a stream', () => {
  it('sends what the journal holds, then each new request as it is answered, then a clear', async () => {
    await t.call('reader', 'GET', '/v1/orgs');
    const stream = await open(gb);
    const first = await stream.next();
    expect(first.event).toBe('entries');
    expect(first.data.map((e: { path: string }) => e.path)).toEqual(['/v1/orgs']);

    await t.call('admin', 'GET', '/v1/spaces/{spaces.handbook}');
    const next = await stream.next();
    expect(next.event).toBe('entries');
    expect(next.data).toHaveLength(1);
    expect(next.data[0]).toMatchObject({ path: t.path('/v1/spaces/{spaces.handbook}'), caller: 'admin', response: { status: 200 }, seq: 2 });

    await t.admin('DELETE', '/__admin/requests');
    expect((await stream.next()).event).toBe('cleared');
    await t.call('reader', 'GET', '/v1/orgs');
    const after = await stream.next();
    expect(after.data.map((e: { seq: number }) => e.seq)).toEqual([3]);
    await stream.cancel();
  });

  describe('on a mock of its own', () => {
    // The journal numbers its entries from 1 on a new mock; clearing it does not start again.
    const gb = useGitBookMock({ wallClock: () => 0 });
    const t = callsOn(gb);

    it('gathers a burst of requests into few events, losing none', async () => {
      const stream = await open(gb);
      expect((await stream.next()).data).toEqual([]);
      await Promise.all(Array.from({ length: 50 }, () => t.call('reader', 'GET', '/v1/orgs')));
      const seen: number[] = [];
      let batches = 0;
      while (seen.length < 50) {
        seen.push(...(await stream.next()).data.map((e: { seq: number }) => e.seq));
        batches++;
      }
      expect(seen).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(batches).toBeLessThan(5);
      await stream.cancel();
    });
  });

  it("streams the session's own journal only", async () => {
    await gb.fetch('/__admin/requests', { method: 'DELETE', headers: { 'X-Mock-Session': 'qa-stream' } }); // starts the session
    const stream = await open(gb, 'qa-stream');
    expect((await stream.next()).data).toEqual([]);
    await t.call('reader', 'GET', '/v1/orgs');
    await t.call('reader', 'GET', '/v1/user', undefined, { 'X-Mock-Session': 'qa-stream' });
    const next = await stream.next();
    expect(next.data.map((e: { path: string; session: string }) => [e.path, e.session])).toEqual([['/v1/user', 'qa-stream']]);
    await stream.cancel();
  });

  it('ends when the server stops (endStreams), so it never holds a stopping server open', async () => {
    const stream = await open(gb);
    await stream.next();
    gb.mock!.endStreams();
    expect(await stream.ended()).toBe(true);
  });
});
