/** The CLI's HTTP warm-up sends its requests to a throwaway server of its own, stops when real requests come, and leaves nothing open. */
import { describe, expect, it } from 'vitest';
import { warmHttp } from '../../../src/cli/http-warm-up.ts';

/** Handles that keep the event loop open (sockets, servers), by kind. */
const handles = () =>
  (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles().map((h) => h.constructor.name).filter((name) => name === 'Server' || name === 'Socket');

describe('warmHttp', () => {
  it('has every request answered by its own server, then closes it and its connections', async () => {
    const before = handles().length;
    expect(await warmHttp(40, () => false)).toBe(40);
    // Sockets close on the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handles().length).toBeLessThanOrEqual(before);
  });

  it('sends nothing more once the server is busy', async () => {
    expect(await warmHttp(1000, () => true)).toBe(0);
    let calls = 0;
    // Busy after a few looks: the requests already sent are answered, no new one goes out.
    const answered = await warmHttp(1000, () => ++calls > 10);
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThan(20);
  });
});
