// The request journal of the chosen session as it grows, from GET /__admin/requests/stream
// (Server-Sent Events). Read with fetch, not EventSource, which cannot send the session header
// or the admin token. One stream for the page, shared by the screens that listen (Requests,
// Fault rules); it runs while one of them is shown and reconnects after a drop.

import { adminHeaders, AdminError } from './lib.js';

const listeners = new Set();
let running;

/** Parses SSE blocks out of the text read so far; answers what is left over. */
function dispatch(buffer) {
  let end;
  while ((end = buffer.indexOf('\n\n')) >= 0) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    if (block.startsWith(':')) continue;
    const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
    const data = block.split('\n').filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
    for (const listener of listeners) listener.onEvent(event, JSON.parse(data));
  }
  return buffer;
}

async function run(state) {
  while (!state.stopped) {
    try {
      const response = await fetch('/__admin/requests/stream', { headers: adminHeaders(), signal: state.abort.signal });
      if (!response.ok) {
        const body = await response.json().catch(() => null);
        throw new AdminError(response.status, body?.error?.message ?? `${response.status}`);
      }
      for (const listener of listeners) listener.onStatus('live');
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer = dispatch(buffer + decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (state.stopped) return;
      for (const listener of listeners) listener.onStatus('failed', error);
      // A refused call (no admin token yet) waits for the next start; a drop retries.
      if (error instanceof AdminError) return;
    }
    if (state.stopped) return;
    for (const listener of listeners) listener.onStatus('reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function stop() {
  if (!running) return;
  running.stopped = true;
  running.abort.abort();
  running = undefined;
}

/** Starts listening: `onEvent(name, data)` for `entries` and `cleared`, `onStatus(text, error?)`. */
export function listen(listener) {
  listeners.add(listener);
  restart();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** Starts the stream over (another session or token): every listener gets the whole journal again. */
export function restart() {
  stop();
  if (listeners.size === 0) return;
  running = { stopped: false, abort: new AbortController() };
  run(running);
}
