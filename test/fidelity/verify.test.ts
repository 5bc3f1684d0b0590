/**
 * `gitbook-mock verify`: the real CLI against an upstream that is a second mock (seed 7) behind a
 * tiny proxy planting three differences; verify must find exactly those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { serveMock, type ServedMock } from '../helpers/browser.ts';

const BIN = fileURLToPath(new URL('../../bin/gitbook-mock.js', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, 'verify', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('gitbook-mock verify', () => {
  let upstream: ServedMock;
  let proxy: Server;
  let origin: string;
  let dir: string;
  let journey: string;
  let ids: Record<string, Record<string, string>>;

  beforeAll(async () => {
    upstream = await serveMock({ scenario: 'starter', seed: 7 });
    ids = upstream.mock.runtime.manifest.ids;
    const handbook = `/v1/spaces/${ids.spaces.handbook}`;
    const apiDocs = `/v1/spaces/${ids.spaces['api-docs']}`;
    // The planted differences: a renamed field, a different status, an extra enum value.
    proxy = await new Promise<Server>((resolve) => {
      const s = serve({ port: 0, hostname: '127.0.0.1', fetch: async (req) => {
        const url = new URL(req.url);
        const res = await fetch(upstream.origin + url.pathname, { headers: req.headers });
        const body = await res.json();
        if (url.pathname === handbook) { body.name = body.title; delete body.title; }
        if (url.pathname === apiDocs) body.visibility = 'galaxy';
        return Response.json(body, { status: url.pathname === `/v1/orgs/${ids.organizations.acme}` ? 203 : res.status });
      } }, () => resolve(s as Server)) as Server;
    });
    origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'verify-'));
    journey = join(dir, 'journey.json');
    writeFileSync(journey, JSON.stringify([{ path: handbook }, { path: apiDocs }, { path: `/v1/orgs/${ids.organizations.acme}` }, { path: `/v1/orgs/${ids.organizations.acme}/spaces` }]));
  });

  afterAll(async () => {
    proxy?.close();
    await upstream?.close();
  });

  it('finds exactly the planted differences, exits 1, and writes the report', async () => {
    const report = join(dir, 'report.md');
    const { code, stderr } = await run(['--upstream', origin, '--token', upstream.mock.runtime.manifest.tokens.admin, journey, '--report', report]);
    expect(stderr.trim().split('\n').sort()).toEqual([
      `GET /v1/orgs/${ids.organizations.acme}: status 203 upstream, 200 mock`,
      `GET /v1/spaces/${ids.spaces['api-docs']}: value of .visibility: "galaxy" upstream, "public" mock`,
      `GET /v1/spaces/${ids.spaces.handbook}: field .name only upstream`,
      `GET /v1/spaces/${ids.spaces.handbook}: field .title only mock`,
    ].sort());
    expect(code).toBe(1);
    const md = readFileSync(report, 'utf8');
    expect(md).toContain(`## GET /v1/orgs/${ids.organizations.acme}/spaces\n\nStatus: 200 upstream, 200 mock\n\n- no difference`);
    expect(md).toContain('4 difference(s) not in the allow-list.');
  });

  it('exits 0 when the allow-list names every difference', async () => {
    const allow = join(dir, 'allow.json');
    writeFileSync(allow, JSON.stringify(['*: field .name only upstream', '*: field .title only mock', '*: status 203 upstream, 200 mock', `GET /v1/spaces/${ids.spaces['api-docs']}: value of .visibility: "galaxy" upstream, "public" mock`]));
    const { code, stdout } = await run(['--upstream', origin, '--token', upstream.mock.runtime.manifest.tokens.admin, journey, '--allow', allow]);
    expect(stdout).toContain('0 difference(s) not in the allow-list');
    expect(code).toBe(0);
  });

  it('refuses a write to the upstream without --allow-writes --org, sending nothing', async () => {
    const writes = join(dir, 'writes.json');
    writeFileSync(writes, JSON.stringify([{ method: 'DELETE', path: `/v1/spaces/${ids.spaces.handbook}` }]));
    const { code, stderr } = await run(['--upstream', origin, '--token', 't', writes]);
    expect(code).toBe(2);
    expect(stderr).toContain('--allow-writes');
    const res = await fetch(`${upstream.origin}/v1/spaces/${ids.spaces.handbook}`, { headers: { authorization: `Bearer ${upstream.mock.runtime.manifest.tokens.admin}` } });
    expect(res.status).toBe(200);
  });
});
