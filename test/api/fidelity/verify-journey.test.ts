/**
 * verify's JSON journeys name ids by manifest key, `--strict` compares bytes too, and `--mock URL`
 * verifies a running mock (issue 44).
 * The upstream is a fetch that answers what the mock answers, written another way.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../../src/app.ts';
import { parseVerifyArgs } from '../../../src/fidelity/args.ts';
import { runVerify } from '../../../src/fidelity/verify.ts';

/** A journey file of `steps`. */
function journey(steps: unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'verify-journey-')), 'journey.json');
  writeFileSync(file, JSON.stringify(steps));
  return file;
}

/** An upstream that answers as a starter mock does, its JSON indented: the same values, other bytes. */
function indentingUpstream(): { fetch: typeof fetch; paths: string[] } {
  const twin = createMock({});
  const token = twin.runtime.manifest.tokens.admin;
  const paths: string[] = [];
  const upstream = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    paths.push(path);
    const res = await twin.fetch(`http://up.local${path}`, { headers: { authorization: `Bearer ${token}` } });
    return new Response(JSON.stringify(await res.json(), null, 2), { status: res.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: upstream, paths };
}

const collect = () => {
  const text: string[] = [];
  return { text, out: { write: (chunk: string) => Boolean(text.push(chunk)) } };
};

describe('verify, JSON journeys', () => {
  it('names ids by manifest key, and finds no difference in the same values written another way', async () => {
    const upstream = indentingUpstream();
    const out = collect();
    const err = collect();
    const command = parseVerifyArgs(['--upstream', 'http://up.local', '--token', 't', journey([{ path: '/v1/spaces/{spaces.handbook}' }])]);
    expect(await runVerify(command, out.out, err.out, upstream.fetch)).toBe(0);
    expect(upstream.paths).toEqual([`/v1/spaces/${createMock({}).runtime.manifest.ids.spaces.handbook}`]);
    expect(out.text.join('')).toContain('1 request(s), 0 difference(s)');
  });

  it('--strict: the bytes differ, and that is a difference', async () => {
    const upstream = indentingUpstream();
    const out = collect();
    const err = collect();
    const command = parseVerifyArgs(['--upstream', 'http://up.local', '--token', 't', '--strict', journey([{ path: '/v1/spaces/{spaces.handbook}' }])]);
    expect(await runVerify(command, out.out, err.out, upstream.fetch)).toBe(1);
    expect(err.text.join('')).toMatch(/^GET \/v1\/spaces\/[^:]+: body differs byte for byte\n$/);
  });

  it('an unknown manifest key stops the journey (exit 2), naming the nearest', async () => {
    const err = collect();
    const command = parseVerifyArgs(['--upstream', 'http://up.local', '--token', 't', journey([{ path: '/v1/spaces/{spaces.handbok}' }])]);
    expect(await runVerify(command, collect().out, err.out, indentingUpstream().fetch)).toBe(2);
    expect(err.text.join('')).toContain('{spaces.handbok} names no spaces key of the manifest; did you mean handbook?');
  });
});

describe('verify --mock URL', () => {
  it('plays the journey against a running mock, its ids and token read from its manifest', async () => {
    const running = createMock({});
    // Renamed in the running mock only: verify must see it there, not in a mock of its own.
    running.runtime.db.spaces.update(running.runtime.manifest.ids.spaces.handbook, { title: 'Renamed on the server' });
    const server = await new Promise<ReturnType<typeof serve>>((done) => {
      const s = serve({ fetch: running.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s));
    });
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const err = collect();
      const command = parseVerifyArgs(['--upstream', 'http://up.local', '--token', 't', '--mock', url, journey([{ path: '/v1/spaces/{spaces.handbook}' }])]);
      expect(await runVerify(command, collect().out, err.out, indentingUpstream().fetch)).toBe(1);
      expect(err.text.join('')).toMatch(/value of \.title: "Employee Handbook" upstream, "Renamed on the server" mock/);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
