/**
 * Events (issue 28): GET a space over the real CLI, 10 connections, while the events of the
 * handbook's integration pile up behind a receiver on loopback that never answers. Four
 * contenders, alternating rounds:
 * - quiet: no event pending;
 * - piled: 1,000 exports made first, the silent receiver's events of them pending (one try hanging);
 * - the same exports on a space no integration is installed on (no event: what the writes alone cost);
 * - writing: a writer exports the handbook to Git every 50 ms during the run (two more events
 *   a time for the silent receiver);
 * - writing, no receiver: the same writer on a space no integration is installed on.
 * Piled and its control differ only by the events; so do the two writing runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alternate, fmt, load, startServer } from './harness.ts';

async function silentReceiver(): Promise<{ url: string; held: IncomingMessage[]; close(): Promise<void> }> {
  const held: IncomingMessage[] = [];
  const server: Server = createServer((request) => held.push(request));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    held,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export async function eventsSpeed(duration: number, rounds = 3): Promise<string[]> {
  const receiver = await silentReceiver();
  const dir = mkdtempSync(join(tmpdir(), 'bench-events-'));
  writeFileSync(join(dir, 'events-bench.json'), JSON.stringify({
    description: 'starter, and an integration on the handbook whose receiver never answers',
    extends: 'starter',
    integrations: [{ key: 'silent', owner: 'acme', url: receiver.url }],
    installations: [{ key: 'silent-acme', integration: 'silent', organization: 'acme', spaces: ['handbook'] }],
  }));
  const mock = await startServer(['bin/gitbook-mock.js', '--port', '0', '--scenarios-dir', dir, '--scenario', 'events-bench']);
  try {
    const manifest = await (await fetch(`${mock.base}/__admin/manifest`)).json();
    const token = manifest.tokens.admin;
    const handbook = manifest.ids.spaces.handbook;
    const other = manifest.ids.spaces['api-docs'];
    const url = `${mock.base}/v1/spaces/${handbook}`;
    const auth = { authorization: `Bearer ${manifest.tokens.reader}` };
    const exportTo = (space: string) =>
      fetch(`${mock.base}/v1/spaces/${space}/git/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://github.com/acme/handbook.git', ref: 'refs/heads/main', commitMessage: 'bench' }),
      }).then((r) => r.arrayBuffer());
    const pending = async () => (await (await fetch(`${mock.base}/__admin/events?status=pending&installationId=${manifest.ids.installations['silent-acme']}`)).json()).items.length as number;
    const clear = () => fetch(`${mock.base}/__admin/events`, { method: 'DELETE' });
    /** GET a space under load while `during` runs every 50 ms. */
    const withWriter = async (name: string, write: () => Promise<unknown>) => {
      let running = true;
      const writer = (async () => {
        while (running) {
          await Promise.all([write(), new Promise((resolve) => setTimeout(resolve, 50))]);
        }
      })();
      try {
        return await load(name, url, { headers: auth, duration });
      } finally {
        running = false;
        await writer;
      }
    };
    // A first run warms the server (JIT, validators) so that no contender pays for it.
    await load('warm-up', url, { headers: auth, duration: 2 });
    const piles: number[] = [];
    const result = await alternate(rounds, {
      quiet: async () => {
        await clear();
        return load('quiet', url, { headers: auth, duration });
      },
      piled: async () => {
        await clear();
        for (let i = 0; i < 500; i++) await Promise.all([exportTo(handbook), exportTo(handbook)]);
        piles.push(await pending());
        return load('piled', url, { headers: auth, duration });
      },
      piledNoReceiver: async () => {
        await clear();
        for (let i = 0; i < 500; i++) await Promise.all([exportTo(other), exportTo(other)]);
        return load('piled, no receiver', url, { headers: auth, duration });
      },
      writing: async () => {
        await clear();
        return withWriter('writing', () => exportTo(handbook));
      },
      writingNoReceiver: async () => {
        await clear();
        return withWriter('writing, no receiver', () => exportTo(other));
      },
    });
    await clear();
    const row = (label: string, r: { rps: number; p99: number; failed: number }) => `| ${label} | ${fmt(r.rps, 0)} | ${fmt(r.p99, 1)} |${r.failed ? ` ${r.failed} failed` : ''} |`;
    return [
      '| GET a space, 10 connections | req/s | p99 ms | |',
      '|---|---|---|---|',
      row('quiet: no event pending', result.quiet),
      row(`piled: ${Math.min(...piles)} to ${Math.max(...piles)} events pending for a receiver that never answers (1,000 exports; the log keeps 2,000 events, half of them the sink's)`, result.piled),
      row('the same 1,000 exports first, on a space without integrations (no event)', result.piledNoReceiver),
      row('writing: an export every 50 ms, its events to the silent receiver', result.writing),
      row('writing, no receiver: the same exports on a space without integrations', result.writingNoReceiver),
      `| receiver: tries received (each hangs until the 10 s timeout) | ${receiver.held.length} | | |`,
    ];
  } finally {
    await mock.stop();
    await receiver.close();
  }
}
