/**
 * Memory under load (issue 18): a mixed load (a page of comments, a space, a comment posted)
 * at 20 connections on the real CLI, then the server's peak RSS (VmHWM) and its RSS at the end.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { fmt, startServer } from './harness.ts';

function statusMb(pid: number, field: string): number {
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

async function soak(scenario: string, seconds: number): Promise<string> {
  const server = await startServer(['bin/gitbook-mock.js', '--port', '0', '--scenario', scenario]);
  try {
    const manifest = await (await fetch(`${server.base}/__admin/manifest`)).json();
    const space = manifest.ids.spaces.busiest ?? manifest.ids.spaces.handbook;
    const headers = { authorization: `Bearer ${manifest.tokens.admin}`, 'content-type': 'application/json' };
    const result = await autocannon({
      url: server.base,
      connections: 20,
      duration: seconds,
      headers,
      requests: [
        { method: 'GET', path: `/v1/spaces/${space}/comments?limit=20` },
        { method: 'GET', path: `/v1/spaces/${space}` },
        { method: 'POST', path: `/v1/spaces/${space}/comments`, body: JSON.stringify({ body: { markdown: 'soak' } }) },
      ],
    });
    const failed = result.errors + result.non2xx;
    const peak = statusMb(server.child.pid!, 'VmHWM');
    const end = statusMb(server.child.pid!, 'VmRSS');
    const aim = scenario === 'large' ? 350 : 200;
    return `| \`${scenario}\`, ${seconds} s, 20 connections | ${result.requests.total}${failed ? ` (${failed} failed)` : ''} | peak ${fmt(peak, 0)} MB, ${fmt(end, 0)} MB at the end | aim ≤ ${aim} MB |`;
  } finally {
    await server.stop();
  }
}

export async function memorySoak(seconds: number): Promise<string[]> {
  return [await soak('starter', seconds), await soak('large', seconds)];
}
