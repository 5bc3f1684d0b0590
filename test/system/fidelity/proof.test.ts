/**
 * The proof of issue 30 without the internet, all with the real CLI on 127.0.0.1:
 * - the upstream is a second mock (starter scenario, --seed 7);
 * - `gitbook-mock record` sits in front of it while a client reads; the scenario it writes is
 *   loaded by a first mock (that scenario, --seed 3), which must answer the same reads with
 *   the same bytes once the origin in URLs is swapped (the one normalization, docs/fidelity.md);
 * - `gitbook-mock verify` replays those reads against a modified copy of the upstream (a
 *   renamed field, another status, a value outside the enum) and against the recorded
 *   scenario, and must find exactly the planted differences.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { BIN, runCli } from '../../helpers/cli.ts';

type Manifest = { tokens: Record<string, string>; ids: Record<string, Record<string, string>> };

const children: ChildProcess[] = [];

/** Starts the CLI with `args`; resolves with the child and the address it printed. */
function start(args: string[]): Promise<{ child: ChildProcess; origin: string; stderr: () => string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (c) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, origin: m[1], stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`${args[0]} exited ${code}: ${err}`)));
  });
}

async function manifestOf(origin: string): Promise<Manifest> {
  return (await fetch(`${origin}/__admin/reset`, { method: 'POST' })).json() as Promise<Manifest>;
}

let dir: string;
let upstream: string;
let ids: Manifest['ids'];
let adminToken: string;
/** The reads compared byte for byte, and what the upstream answered through record. */
let compared: string[];
const upstreamText: Record<string, string> = {};
let recordStderr = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fidelity-'));
  const up = await start(['--port', '0', '--scenario', 'starter', '--seed', '7']);
  upstream = up.origin;
  const manifest = await manifestOf(upstream);
  ({ ids } = manifest);
  adminToken = manifest.tokens.admin;
  const org = ids.organizations.acme;
  const space = ids.spaces.handbook;
  const cr = ids.changeRequests['handbook-draft'];
  compared = [
    `/v1/orgs/${org}`, `/v1/orgs/${org}/spaces`, `/v1/spaces/${space}`, `/v1/spaces/${space}/content`,
    `/v1/spaces/${space}/content/page/${ids.pages['remote-work']}`, `/v1/spaces/${space}/change-requests`,
    `/v1/spaces/${space}/comments`, `/v1/orgs/${org}/sites`, `/v1/orgs/${org}/members`,
  ];
  // Reads that hold the related records (teams for members' counts, a change request's
  // content and comments, the site's sections); replies are left unread on purpose.
  const related = [
    `/v1/orgs/${org}/teams`, `/v1/orgs/${org}/teams/${ids.teams.writers}/members`, `/v1/spaces/${space}/change-requests/${cr}/content`,
    `/v1/spaces/${space}/change-requests/${cr}/comments`, `/v1/orgs/${org}/sites/${ids.sites['docs-site']}/sections`,
  ];
  const rec = await start(['record', '--upstream', upstream, '--token', adminToken, '--out', join(dir, 'seen.json'), '--port', '0']);
  for (const path of [...related, ...compared]) {
    // No Authorization header: record adds --token.
    const res = await fetch(rec.origin + path);
    const text = await res.text();
    expect(res.status, path).toBe(200);
    upstreamText[path] = text;
  }
  const exited = new Promise((resolve) => rec.child.on('exit', resolve));
  rec.child.kill('SIGTERM');
  expect(await exited).toBe(0);
  recordStderr = rec.stderr();
}, 60_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('gitbook-mock record', () => {
  it('answers with the upstream answers, byte for byte, and finds no drift in a mock', async () => {
    for (const path of compared) {
      const direct = await (await fetch(upstream + path, { headers: { authorization: `Bearer ${adminToken}` } })).text();
      expect(upstreamText[path], path).toBe(direct);
    }
    expect(recordStderr).toBe('');
  });

  it('writes a scenario and a manifest naming pages, change requests, comments, members... with the upstream ids, never a token', () => {
    const scenario = readFileSync(join(dir, 'seen.json'), 'utf8');
    expect(scenario).not.toContain(adminToken);
    expect(scenario).not.toContain('gb_api_');
    const manifest = JSON.parse(readFileSync(join(dir, 'seen.manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ scenario: 'seen', upstream, caller: 'ada-lovelace' });
    expect(manifest.ids.users['ada-lovelace']).toBe(ids.users.admin);
    expect(manifest.ids.spaces['employee-handbook']).toBe(ids.spaces.handbook);
    expect(manifest.ids.pages['remote-work']).toBe(ids.pages['remote-work']);
    expect(manifest.ids.changeRequests['update-the-remote-work-policy']).toBe(ids.changeRequests['handbook-draft']);
    expect(Object.values(manifest.ids.comments).sort()).toEqual(
      ['welcome-question', 'expenses-limit', 'onboarding-typo', 'draft-review'].map((k) => ids.comments[k]).sort(),
    );
    expect(manifest.ids.sites['acme-docs']).toBe(ids.sites['docs-site']);
    expect(manifest.ids.teams.writers).toBe(ids.teams.writers);
    const parsed = JSON.parse(scenario);
    expect(parsed.organizations[0].members).toHaveLength(6);
    expect(parsed.changeRequests[0].changes).toEqual([{ page: 'remote-work', markdown: expect.stringContaining('Fridays are meeting-free') }]);
  });

  it('a mock loaded from that scenario (another seed) answers the same reads with the same bytes, the origin in URLs swapped', async () => {
    const first = await start(['--port', '0', '--scenarios-dir', dir, '--scenario', 'seen', '--seed', '3']);
    const { tokens } = await manifestOf(first.origin);
    const caller = JSON.parse(readFileSync(join(dir, 'seen.manifest.json'), 'utf8')).caller;
    for (const path of compared) {
      const res = await fetch(first.origin + path, { headers: { authorization: `Bearer ${tokens[caller]}` } });
      const text = (await res.text()).replaceAll(first.origin, upstream);
      expect(res.status, path).toBe(200);
      expect(text, path).toBe(upstreamText[path]);
    }
    first.child.kill('SIGKILL');
  }, 30_000);
});

describe('gitbook-mock verify', () => {
  let planted: Server;
  let modified: string;
  let journey: string;

  beforeAll(async () => {
    const space = `/v1/spaces/${ids.spaces.handbook}`;
    // The modified copy: a renamed field, another status, a value outside the official enum.
    planted = await new Promise<Server>((resolve) => {
      const s = serve({ port: 0, hostname: '127.0.0.1', fetch: async (req) => {
        const url = new URL(req.url);
        const res = await fetch(upstream + url.pathname + url.search, { method: req.method, headers: req.headers });
        const body = await res.json();
        if (url.pathname === space) { body.name = body.title; delete body.title; }
        if (url.pathname === `${space}/change-requests`) body.items[0].status = 'scheduled';
        return Response.json(body, { status: url.pathname === `/v1/orgs/${ids.organizations.acme}` ? 203 : res.status });
      } }, () => resolve(s as Server)) as Server;
    });
    modified = `http://127.0.0.1:${(planted.address() as AddressInfo).port}`;
    journey = join(dir, 'journey.json');
    writeFileSync(journey, JSON.stringify(compared.map((path) => ({ path }))));
  });

  afterAll(() => planted?.close());

  const plantedLines = () => [
    `GET /v1/orgs/${ids.organizations.acme}: status 203 upstream, 200 mock`,
    `GET /v1/spaces/${ids.spaces.handbook}: field .name only upstream`,
    `GET /v1/spaces/${ids.spaces.handbook}: field .title only mock`,
    `GET /v1/spaces/${ids.spaces.handbook}/change-requests: value of .items[].status: "scheduled" upstream, "open" mock`,
  ];

  it('against the recorded scenario finds exactly the planted differences, exits 1, and writes the report', async () => {
    const report = join(dir, 'report.md');
    const { code, stderr, stdout } = await runCli(['verify', '--upstream', modified, '--token', adminToken, '--scenario', join(dir, 'seen.json'), journey, '--report', report]);
    expect(stderr.trim().split('\n').sort()).toEqual(plantedLines().sort());
    expect(stdout).toContain('9 request(s), 4 difference(s) not in the allow-list');
    expect(code).toBe(1);
    const md = readFileSync(report, 'utf8');
    const sections = md.split('\n## ').slice(1);
    expect(sections.map((s) => s.split('\n')[0])).toEqual(compared.map((p) => `GET ${p}`));
    const differing = sections.filter((s) => !s.includes('- no difference'));
    expect(differing.map((s) => s.split('\n')[0])).toEqual([
      `GET /v1/orgs/${ids.organizations.acme}`, `GET /v1/spaces/${ids.spaces.handbook}`, `GET /v1/spaces/${ids.spaces.handbook}/change-requests`,
    ]);
    expect(md).toContain(`## GET /v1/orgs/${ids.organizations.acme}\n\nStatus: 203 upstream, 200 mock\n\n- status 203 upstream, 200 mock\n`);
    expect(md).toContain('4 difference(s) not in the allow-list.');
  }, 30_000);

  it('exits 0 when the allow-list names every difference, and marks them allowed in the report', async () => {
    const allow = join(dir, 'allow.json');
    const [status, renamedUp, renamedMock, value] = plantedLines();
    writeFileSync(allow, JSON.stringify([status, `*: ${renamedUp.split(': ').slice(1).join(': ')}`, renamedMock, value]));
    const report = join(dir, 'allowed.md');
    const { code, stdout } = await runCli(['verify', '--upstream', modified, '--token', adminToken, '--scenario', join(dir, 'seen.json'), journey, '--allow', allow, '--report', report]);
    expect(stdout).toContain('0 difference(s) not in the allow-list');
    expect(code).toBe(0);
    expect(readFileSync(report, 'utf8')).toContain('- (allowed) field .name only upstream');
  }, 30_000);

  it('runs a vitest journey (gitbook-mock/vitest) against both, pairs its requests in order and finds the planted differences', async () => {
    const file = fileURLToPath(new URL('./fixtures/handbook-journey.ts', import.meta.url));
    const report = join(dir, 'vitest-report.md');
    const { code, stderr, stdout } = await runCli(['verify', '--upstream', modified, '--token', adminToken, '--scenario', join(dir, 'seen.json'), file, '--report', report]);
    const space = `/v1/spaces/${ids.spaces.handbook}`;
    // The renamed title fails the journey's own assertion upstream only.
    expect(stderr.trim().split('\n').sort()).toEqual([
      'journey: vitest exit 1 upstream, 0 mock',
      `GET ${space}: field .name only upstream`,
      `GET ${space}: field .title only mock`,
      `GET ${space}/change-requests: value of .items[].status: "scheduled" upstream, "open" mock`,
    ].sort());
    expect(stdout).toContain('3 request(s), 4 difference(s) not in the allow-list');
    expect(code).toBe(1);
    const md = readFileSync(report, 'utf8');
    expect(md).toContain(`## 1. GET ${space}\n\nStatus: 200 upstream, 200 mock\n\n- field .name only upstream\n- field .title only mock\n`);
    expect(md).toContain(`## 3. GET ${space}/comments\n\nStatus: 200 upstream, 200 mock\n\n- no difference\n`);
  }, 90_000);

  it('record in front of the modified copy prints a drift line per answer off the official schema', async () => {
    const rec = await start(['record', '--upstream', modified, '--token', adminToken, '--out', join(dir, 'drifted.json'), '--port', '0']);
    const space = `/v1/spaces/${ids.spaces.handbook}`;
    for (const path of [space, `${space}/change-requests`, `${space}/comments`]) expect((await fetch(rec.origin + path)).status).toBe(200);
    const exited = new Promise((resolve) => rec.child.on('exit', resolve));
    rec.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(rec.stderr().trim().split('\n')).toEqual([
      `drift: GET ${space} (getSpaceById) 200: / must have required property 'title'`,
      `drift: GET ${space}/change-requests (listChangeRequestsForSpace) 200: /items/0/status must be equal to one of the allowed values`,
    ]);
  }, 30_000);

  it('refuses a write to the upstream without --allow-writes --org, sending nothing', async () => {
    const writes = join(dir, 'writes.json');
    writeFileSync(writes, JSON.stringify([{ method: 'DELETE', path: `/v1/spaces/${ids.spaces.handbook}` }]));
    const { code, stderr } = await runCli(['verify', '--upstream', upstream, '--token', adminToken, writes]);
    expect(code).toBe(2);
    expect(stderr).toContain('--allow-writes');
    const res = await fetch(`${upstream}/v1/spaces/${ids.spaces.handbook}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
  });
});
