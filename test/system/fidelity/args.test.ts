/** `gitbook-mock record` / `verify`: flags, --help, and the rule that keeps writes off an upstream. */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseRecordArgs, parseVerifyArgs, refuseUpstreamWrite, refuseUpstreamWriteAsked } from '../../../src/fidelity/args.ts';
import { createMock } from '../../../src/app.ts';

const BIN = fileURLToPath(new URL('../../../bin/gitbook-mock.js', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('record and verify on the command line', () => {
  it.each(['record', 'verify'])('%s --help prints its usage and exits 0', async (name) => {
    const { code, stdout } = await run([name, '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain(`Usage: gitbook-mock ${name} --upstream URL --token TOKEN`);
  });

  it('a missing or bad flag is a one-line error and exit 2', async () => {
    const missing = await run(['record', '--upstream', 'https://api.gitbook.com', '--out', 'x.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('gitbook-mock record: --token is required (see --help)\n');
    const bad = await run(['verify', '--upstream', 'ftp://x', '--token', 't', 'journey.json']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--upstream must be an http(s) URL');
  });
});

describe('flags', () => {
  it('record takes its defaults and trims the upstream', () => {
    expect(parseRecordArgs(['--upstream', 'https://api.gitbook.com/', '--token', 't', '--out', 'a.json'])).toEqual({
      upstream: 'https://api.gitbook.com', token: 't', out: 'a.json', port: 4010, host: '127.0.0.1', anonymize: false, help: false,
    });
    expect(() => parseRecordArgs(['--upstream', 'http://x', '--token', 't', '--out', 'a', '--port', '70000'])).toThrow(/--port/);
  });

  it('verify needs one journey, and --org with --allow-writes', () => {
    const base = ['--upstream', 'http://x', '--token', 't'];
    expect(() => parseVerifyArgs(base)).toThrow(/one JOURNEY/);
    expect(() => parseVerifyArgs([...base, 'j.json', '--allow-writes'])).toThrow(/--org/);
    expect(parseVerifyArgs([...base, 'j.json', '--allow-writes', '--org', 'o1'])).toMatchObject({ journey: 'j.json', allowWrites: true, org: 'o1' });
  });
});

describe('writes to the upstream', () => {
  it('reads always go; writes need --allow-writes and --org, and stay in that organization', () => {
    expect(refuseUpstreamWrite({ allowWrites: false }, 'GET', '/v1/orgs/o2/spaces')).toBeNull();
    expect(refuseUpstreamWrite({ allowWrites: false }, 'POST', '/v1/orgs/o1/spaces')).toMatch(/--allow-writes/);
    expect(refuseUpstreamWrite({ allowWrites: true, org: 'o1' }, 'POST', '/v1/orgs/o1/spaces')).toBeNull();
    expect(refuseUpstreamWrite({ allowWrites: true, org: 'o1' }, 'DELETE', '/v1/orgs/o2/members/u')).toMatch(/not --org o1/);
  });
});

describe('which organization a write touches, asked of the upstream', () => {
  const upstream = createMock({});
  const { tokens, ids } = upstream.runtime.manifest;
  const upstreamFetch = (async (url: string | URL | Request, init?: RequestInit) => upstream.fetch(new Request(url, init))) as typeof fetch;
  const as = (org: string) => ({ allowWrites: true, org, upstream: 'http://upstream.test', token: tokens.admin });

  it('a write to a space goes only when the space belongs to --org; one verify cannot place is refused', async () => {
    const comments = `/v1/spaces/${ids.spaces.handbook}/comments`;
    expect(await refuseUpstreamWriteAsked(as(ids.organizations.acme), 'POST', comments, upstreamFetch)).toBeNull();
    expect(await refuseUpstreamWriteAsked(as(ids.organizations.globex), 'POST', comments, upstreamFetch)).toBe(
      `POST ${comments} touches organization ${ids.organizations.acme}, not --org ${ids.organizations.globex}`,
    );
    expect(await refuseUpstreamWriteAsked(as(ids.organizations.acme), 'POST', '/v1/spaces/nope/comments', upstreamFetch)).toMatch(/did not say which organization space nope/);
    expect(await refuseUpstreamWriteAsked(as(ids.organizations.acme), 'PATCH', '/v1/user', upstreamFetch)).toMatch(/cannot tell which organization/);
    expect(await refuseUpstreamWriteAsked({ ...as(ids.organizations.acme), allowWrites: false }, 'POST', comments, upstreamFetch)).toMatch(/--allow-writes/);
  });
});
