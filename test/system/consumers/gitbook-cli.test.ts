/**
 * The real `@gitbook/cli` (a devDependency, installed without its postinstall, which only
 * fetches a tunnel binary for `gitbook dev`) against the mock over a real socket:
 * `gitbook auth`, `whoami`, `openapi publish`, and an integration's `publish`, `tail` and
 * `unpublish`, as a user would point them at the mock with `--endpoint`/`--token` or
 * `GITBOOK_ENDPOINT`/`GITBOOK_TOKEN`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServerType } from '@hono/node-server';
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { useGitBookMock } from '../../../src/vitest/index.ts';
import { callsOn } from '../../helpers/calls.ts';

const GITBOOK = join(dirname(createRequire(import.meta.url).resolve('@gitbook/cli/package.json')), 'cli.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a CLI run with its own home (the CLI keeps its login under ~/.config, its builds under the temporary folder). */
function envOf(home: string, env: Record<string, string>): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GITBOOK_')));
  return { ...clean, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), TMPDIR: home, NO_COLOR: '1', ...env };
}

/** Runs `gitbook ...args` with its own home, in `cwd` (the home unless given), with `input` on its standard input. */
function gitbook(home: string, args: string[], env: Record<string, string> = {}, options: { cwd?: string; input?: string } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [GITBOOK, ...args],
      { env: envOf(home, env), cwd: options.cwd ?? home, timeout: 30_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** Runs `gitbook tail` in `cwd` until its output contains `until`, then stops it; what it printed. */
function tailUntil(home: string, cwd: string, env: Record<string, string>, until: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GITBOOK, 'tail'], { env: envOf(home, env), cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`gitbook tail printed no ${until} in 30 s:\n${out}`));
    }, 30_000);
    const read = (chunk: Buffer) => {
      out += chunk;
      if (!out.includes(until)) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(out);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}

// One server for the file: each CLI run is a Node process of its own (about half a second of CPU).
describe('@gitbook/cli against the mock', { timeout: 90_000 }, () => {
  // The runs of the file share the state (scope 'file'), as they did one mock.
  const gb = useGitBookMock({ wallClock: () => 0, scope: 'file' });
  const t = callsOn(gb);
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    base = await new Promise<string>((resolve) => {
      server = serve({ fetch: gb.mock!.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A fresh home, and the requests the mock receives from now on. */
  async function start() {
    await fetch(`${base}/__admin/requests`, { method: 'DELETE' });
    const requests = async () =>
      ((await (await fetch(`${base}/__admin/requests`)).json()).items as { method: string; path: string; status: number }[]).map(
        (r) => `${r.method} ${r.path} ${r.status}`,
      );
    return { home: mkdtempSync(join(tmpdir(), 'gitbook-cli-home-')), requests, tokens: gb.manifest.tokens, ids: gb.manifest.ids };
  }

  it('gitbook auth stores the login, and whoami reads it back (GET /v1/user)', async () => {
    const m = await start();
    const auth = await gitbook(m.home, ['auth', '--endpoint', base, '--token', m.tokens.admin]);
    expect(auth.stderr).toBe('');
    expect(auth.code).toBe(0);
    expect(auth.stdout).toContain('You are now authenticated as Ada Lovelace');
    const whoami = await gitbook(m.home, ['whoami']);
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toContain('Authenticated as Ada Lovelace');
    expect(whoami.stdout).toContain(`ID: ${m.ids.users.admin}`);
    expect(whoami.stdout).toContain('Email: ada@acme.test');
    expect(whoami.stdout).toContain(`API: ${base}`);
    expect(await m.requests()).toEqual(['GET /v1/user 200', 'GET /v1/user 200']);
  });

  it('whoami with GITBOOK_ENDPOINT and GITBOOK_TOKEN, and fails on a token the mock does not know', async () => {
    const m = await start();
    const ok = await gitbook(m.home, ['whoami'], { GITBOOK_ENDPOINT: base, GITBOOK_TOKEN: m.tokens.reader });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`ID: ${m.ids.users.reader}`);
    const bad = await gitbook(m.home, ['whoami'], { GITBOOK_ENDPOINT: base, GITBOOK_TOKEN: 'gb_api_unknown' });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('[401]');
  });

  it('gitbook openapi publish creates the spec from a file, then adds a version; a reader is refused (403)', async () => {
    const m = await start();
    const org = m.ids.organizations.acme;
    const file = join(m.home, 'pets.yaml');
    writeFileSync(file, 'openapi: 3.0.0\ninfo: { title: Pets, version: 1.0.0 }\npaths:\n  /pets:\n    get:\n      responses: { "200": { description: ok } }\n');
    const env = { GITBOOK_ENDPOINT: base, GITBOOK_TOKEN: m.tokens.admin };
    const first = await gitbook(m.home, ['openapi', 'publish', '--spec', 'Pets', '--organization', org, file], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`OpenAPI specification "Pets" published to https://app.gitbook.com/o/${org}/openapi/Pets`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('1.0.0', '1.1.0'));
    expect((await gitbook(m.home, ['openapi', 'publish', '-s', 'Pets', '-o', org, file], env)).code).toBe(0);

    const versions = await t.call('reader', 'GET', `/v1/orgs/${org}/openapi/Pets/versions`);
    expect(versions.body.items).toHaveLength(2);
    const latest = await t.call('reader', 'GET', `/v1/orgs/${org}/openapi/Pets/versions/latest/content`);
    expect(JSON.stringify(latest.body)).toContain('1.1.0');

    const refused = await gitbook(m.home, ['openapi', 'publish', '-s', 'Pets', '-o', org, file], { ...env, GITBOOK_TOKEN: m.tokens.reader });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('[403]');
    expect(await m.requests()).toEqual([
      `PUT /v1/orgs/${org}/openapi/Pets 201`,
      `PUT /v1/orgs/${org}/openapi/Pets 200`,
      `GET /v1/orgs/${org}/openapi/Pets/versions 200`,
      `GET /v1/orgs/${org}/openapi/Pets/versions/latest/content 200`,
      `PUT /v1/orgs/${org}/openapi/Pets 403`,
    ]);
  });

  it('gitbook publish creates the integration from its manifest, tail prints its queued task, unpublish removes it', async () => {
    const m = await start();
    const org = m.ids.organizations.acme;
    const project = join(m.home, 'status-page');
    mkdirSync(join(project, 'src'), { recursive: true });
    writeFileSync(join(project, 'src', 'index.ts'), 'export default { fetch: async () => new Response("ok") };\n');
    writeFileSync(
      join(project, 'gitbook-manifest.yaml'),
      [
        'name: status-page',
        'title: Status page',
        'description: Shows the status of our services',
        'script: src/index.ts',
        'scopes: [space:content:read]',
        'blocks:',
        '  - id: status-card',
        '    title: Status card',
        `organization: ${org}`,
        '',
      ].join('\n'),
    );
    const env = { GITBOOK_ENDPOINT: base, GITBOOK_TOKEN: m.tokens.admin };

    const published = await gitbook(m.home, ['publish'], env, { cwd: project });
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    expect(published.stdout).toContain('Integration "status-page" published');
    expect(published.stdout).toContain('https://app.gitbook.com/integrations/status-page');
    const entry = await t.call('reader', 'GET', '/v1/integrations/status-page');
    expect(entry.body).toMatchObject({ title: 'Status page', version: 1, scopes: ['space:content:read'], blocks: [{ id: 'status-card', title: 'Status card' }] });
    writeFileSync(join(project, 'gitbook-manifest.yaml'), readFileSync(join(project, 'gitbook-manifest.yaml'), 'utf8').replace('title: Status page', 'title: Status board'));
    expect((await gitbook(m.home, ['publish'], env, { cwd: project })).code).toBe(0);
    expect((await t.call('reader', 'GET', '/v1/integrations/status-page')).body).toMatchObject({ title: 'Status board', version: 2 });

    expect((await t.call('admin', 'POST', '/v1/integrations/status-page/tasks', { task: { check: 'api' } })).status).toBe(204);
    const tailed = await tailUntil(m.home, project, env, 'No logs');
    expect(tailed).toContain('[success]');
    expect(tailed).toContain('"type":"task","task":{"check":"api"}');

    const unpublished = await gitbook(m.home, ['unpublish', 'status-page'], env, { input: 'y\n' });
    expect(unpublished.code).toBe(0);
    expect(unpublished.stdout).toContain('Integration "status-page" has been deleted');
    expect((await t.call('admin', 'GET', '/v1/integrations/status-page')).status).toBe(404);

    const requests = await m.requests();
    expect(requests.filter((r) => !r.startsWith('GET /v1/integrations/status-page ') && !r.startsWith('POST /v1/integrations/status-page/tasks'))).toEqual([
      'POST /v1/integrations/status-page 200',
      'POST /v1/integrations/status-page 200',
      'GET /v1/integrations/status-page/events 200',
      expect.stringMatching(/^GET \/v1\/integrations\/status-page\/events\/\S+ 200$/),
      'DELETE /v1/integrations/status-page 205',
    ]);
  });

  it('gitbook openapi publish of a new slug creates it (201); its raw content is the file as sent', async () => {
    const m = await start();
    const org = m.ids.organizations.acme;
    const file = join(m.home, 'orders.json');
    writeFileSync(file, JSON.stringify({ openapi: '3.0.0', info: { title: 'Orders', version: '1.0.0' }, paths: {} }));
    const env = { GITBOOK_ENDPOINT: base, GITBOOK_TOKEN: m.tokens.admin };
    const run = await gitbook(m.home, ['openapi', 'publish', '-s', 'orders', '-o', org, file], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`OpenAPI specification "orders" published to https://app.gitbook.com/o/${org}/openapi/orders`);
    const raw = await t.call('reader', 'GET', `/v1/orgs/${org}/openapi/orders/versions/latest/content/raw`);
    expect(raw.body).toEqual({ text: readFileSync(file, 'utf8'), format: 'json' });
    expect(await m.requests()).toEqual([`PUT /v1/orgs/${org}/openapi/orders 201`, `GET /v1/orgs/${org}/openapi/orders/versions/latest/content/raw 200`]);
  });
});
