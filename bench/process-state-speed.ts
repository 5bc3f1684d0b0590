/**
 * One build, two speeds (docs/benchmarks.md, "Issue 25: one build, two speeds"): two CLIs of the
 * same build, A left idle for a while after its first request (its warm-up runs meanwhile), B
 * loaded at once, then measured in alternating rounds of GET a space, each against its own CPU
 * time. Not in the default run: it explains why the http section's ratios move between runs.
 */
import { fmt, load, median, startServer } from './harness.ts';

export async function processStateSpeed(duration: number, rounds: number, idleMs: number): Promise<string[]> {
  const idled = await startServer(['bin/gitbook-mock.js', '--port', '0']);
  try {
    const manifest = await (await fetch(`${idled.base}/__admin/reset`, { method: 'POST' })).json();
    const auth = { authorization: `Bearer ${manifest.tokens.commenter}` };
    const path = `/v1/spaces/${manifest.ids.spaces.handbook}`;
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const busy = await startServer(['bin/gitbook-mock.js', '--port', '0']);
    try {
      await (await fetch(`${busy.base}/__admin/reset`, { method: 'POST' })).arrayBuffer();
      // B's first load comes right after its reset; A's after its idle time.
      await load('busy, first load', busy.base + path, { headers: auth, duration: 3 });
      await load('idled, first load', idled.base + path, { headers: auth, duration: 3 });
      const cpu: Record<'busy' | 'idled', number[]> = { busy: [], idled: [] };
      for (let round = 0; round < rounds; round++) {
        cpu.busy.push((await load('busy', busy.base + path, { headers: auth, duration, pid: busy.child.pid })).cpuUs!);
        cpu.idled.push((await load('idled', idled.base + path, { headers: auth, duration, pid: idled.child.pid })).cpuUs!);
      }
      const row = (label: string, values: number[]) => `| ${label} | ${values.map((v) => fmt(v, 0)).join(', ')} | ${fmt(median(values), 0)} |`;
      return [
        row('loaded right after its first request', cpu.busy),
        row(`idle for ${fmt(idleMs / 1000, 0)} s after its first request, then loaded`, cpu.idled),
      ];
    } finally {
      await busy.stop();
    }
  } finally {
    await idled.stop();
  }
}
