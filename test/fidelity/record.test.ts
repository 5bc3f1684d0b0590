/** `gitbook-mock record`: the real CLI, over real sockets, in front of a second mock as the upstream. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveMock, type ServedMock } from '../helpers/browser.ts';
import { createMock } from '../../src/app.ts';

const BIN = fileURLToPath(new URL('../../bin/gitbook-mock.js', import.meta.url));

describe('gitbook-mock record', () => {
  let upstream: ServedMock;
  let dir: string;
  let recorded: string;
  const answers: Record<string, { status: number; body: any }> = {};
  let stderr = '';

  beforeAll(async () => {
    upstream = await serveMock({ scenario: 'starter', seed: 7 });
    const { tokens, ids } = upstream.mock.runtime.manifest;
    dir = mkdtempSync(join(tmpdir(), 'record-'));
    const child = spawn(process.execPath, [BIN, 'record', '--upstream', upstream.origin, '--token', tokens.admin, '--out', join(dir, 'seen.json'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.on('data', (c) => (stderr += c));
    const origin = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (c) => { const m = /listening on (http:\/\/\S+)/.exec(String(c)); if (m) resolve(m[1]); });
      child.on('exit', (code) => reject(new Error(`record exited ${code}`)));
    });
    // The client sends no Authorization: the proxy adds --token.
    for (const path of ['/v1/orgs', `/v1/orgs/${ids.organizations.acme}/members`, `/v1/orgs/${ids.organizations.acme}/spaces`, `/v1/spaces/${ids.spaces.handbook}`, `/v1/orgs/${ids.organizations.acme}/sites`]) {
      const res = await fetch(origin + path);
      answers[path] = { status: res.status, body: await res.json() };
    }
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    recorded = readFileSync(join(dir, 'seen.json'), 'utf8');
  }, 30_000);

  afterAll(() => upstream?.close());

  it('answers with the upstream answers', () => {
    const { ids } = upstream.mock.runtime.manifest;
    expect(answers[`/v1/spaces/${ids.spaces.handbook}`]).toMatchObject({ status: 200, body: { id: ids.spaces.handbook, title: 'Employee Handbook' } });
  });

  it('prints no drift line for answers that follow the official schemas (the upstream is a mock)', () => {
    expect(stderr).toBe('');
  });

  it('writes a scenario with the upstream ids and never the token', () => {
    const { tokens, ids } = upstream.mock.runtime.manifest;
    expect(recorded).not.toContain(tokens.admin);
    const scenario = JSON.parse(recorded);
    expect(scenario.organizations.map((o: { id: string }) => o.id)).toEqual(expect.arrayContaining([ids.organizations.acme]));
    expect(scenario.spaces.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining([ids.spaces.handbook, ids.spaces['api-docs']]));
  });

  it('loads with --scenarios-dir DIR --scenario NAME, and the mock answers the recorded reads with the same records', async () => {
    const { ids } = upstream.mock.runtime.manifest;
    const mock = createMock({ scenariosDirs: [dir], scenario: 'seen' });
    const scenario = JSON.parse(recorded);
    const admin = scenario.organizations.find((o: { id: string }) => o.id === ids.organizations.acme).members.find((m: { role: string }) => m.role === 'admin').user;
    const token = mock.runtime.manifest.tokens[admin];
    const res = await mock.fetch(new Request(`http://mock.local/v1/spaces/${ids.spaces.handbook}`, { headers: { authorization: `Bearer ${token}` } }));
    expect(res.status).toBe(200);
    const body = await res.json();
    const upstreamBody = answers[`/v1/spaces/${ids.spaces.handbook}`].body;
    expect({ id: body.id, title: body.title, organization: body.organization }).toEqual({ id: upstreamBody.id, title: upstreamBody.title, organization: upstreamBody.organization });
  });
});
