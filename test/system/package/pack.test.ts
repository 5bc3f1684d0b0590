/**
 * Issue 13, done when: the packed package installs into an empty folder (its dependencies from
 * the npm cache) and works there as a user would use it: `npx gitbook-mock`, a plain `.mjs`
 * under node, a TypeScript consumer type-checked against the shipped types, and a vitest file
 * using `gitbook-mock/vitest`, and `gitbook-mock/msw` under MSW's setupServer and bundled for a
 * browser. The consumer's own tools (typescript, vitest, the official client, msw, esbuild) are
 * linked from this repository's node_modules rather than installed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { killTree, launch, stopsListening } from './process-tree.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'gitbook-mock-pack-'));
const app = join(work, 'app');
const started: ChildProcess[] = [];
/**
 * The environment of a user's shell: none of this test run's npm or vitest variables, except
 * where npm keeps its cache and which registry it uses (a CI may set either).
 */
const env = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => /^npm_config_(cache|registry)$/i.test(k) || !/^(npm_|VITEST|NODE_OPTIONS$|GITBOOK_MOCK_)/i.test(k)),
);

function exec(command: string, args: string[], timeout = 60_000) {
  return run(command, args, { cwd: app, env, timeout, killSignal: 'SIGKILL' });
}

beforeAll(async () => {
  // dist/ is current (test/setup/build-dist.ts), so pack without running prepare again.
  await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', work], { cwd: ROOT, env, timeout: 60_000 });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', join(work, tarball)], 120_000);
  for (const tool of ['typescript', 'vitest', '@gitbook/api', 'msw', 'esbuild']) {
    mkdirSync(join(app, 'node_modules', tool, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', tool), join(app, 'node_modules', tool), 'dir');
  }
}, 180_000);

afterAll(() => {
  for (const child of started.splice(0)) killTree(child);
  rmSync(work, { recursive: true, force: true });
});

describe('the packed package, installed in an empty folder', () => {
  it('ships what it needs and nothing of the repository', () => {
    const pkg = join(app, 'node_modules', 'gitbook-mock');
    for (const shipped of ['dist/index.js', 'dist/index.d.ts', 'dist/vitest/index.js', 'dist/msw/index.js', 'dist/msw/index.d.ts', 'dist/msw/generated/validators.js', 'dist/msw/generated/data.js', 'dist/msw/generated/bodies.js', 'dist/msw/generated/data.d.ts', 'schemas/scenario.json', 'scenarios/starter.json', 'fixtures', 'LICENSE', 'CHANGELOG.md', 'README.md']) {
      expect(existsSync(join(pkg, shipped)), shipped).toBe(true);
    }
    for (const left of ['src', 'test', 'bench', '.ci', 'docs', 'tsconfig.json']) expect(existsSync(join(pkg, left)), left).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'tsx'))).toBe(false);
  });

  it('runs `npx gitbook-mock --port 0` with a scenario of the user (its $schema as the README shows), and stopping npx stops it', async () => {
    // The README's example scenario, in a scenarios/ folder next to node_modules/.
    const scenario = {
      $schema: '../node_modules/gitbook-mock/schemas/scenario.json',
      description: 'A space deleted six days ago, next to the starter content.',
      extends: 'starter',
      spaces: [{ key: 'old-notes', organization: 'acme', title: 'Old notes', deletedAt: '-P6D' }],
    };
    mkdirSync(join(app, 'scenarios'));
    writeFileSync(join(app, 'scenarios', 'mine.json'), JSON.stringify(scenario));
    expect(existsSync(join(app, 'scenarios', scenario.$schema))).toBe(true);
    const { child, base } = await launch('npx', ['gitbook-mock', '--port', '0', '--scenarios-dir', 'scenarios', '--scenario', 'mine'], app);
    started.push(child);
    expect(await (await fetch(`${base}/__admin/health`)).json()).toMatchObject({ status: 'ok', scenario: 'mine' });
    process.kill(child.pid!, 'SIGTERM');
    expect(await stopsListening(base)).toBe(true);
  });

  it('stops `npx gitbook-mock` on a SIGINT to npx alone, which npx passes to its shell (issue 27)', async () => {
    const { child, base } = await launch('npx', ['gitbook-mock', '--port', '0', '--scenario', 'empty'], app);
    started.push(child);
    expect((await fetch(`${base}/__admin/health`)).status).toBe(200);
    process.kill(child.pid!, 'SIGINT');
    expect(await stopsListening(base)).toBe(true);
  });

  it('imports from a plain .mjs under node', async () => {
    writeFileSync(
      join(app, 'plain.mjs'),
      `import { createMock } from 'gitbook-mock';
const mock = createMock();
const { tokens, ids } = mock.runtime.manifest;
const res = await mock.fetch('http://mock.local/v1/spaces/' + ids.spaces.handbook, { headers: { authorization: 'Bearer ' + tokens.reader } });
console.log(JSON.stringify({ status: res.status, title: (await res.json()).title }));
`,
    );
    const { stdout } = await exec(process.execPath, ['plain.mjs']);
    expect(JSON.parse(stdout)).toEqual({ status: 200, title: 'Employee Handbook' });
  });

  it('is required from CommonJS too (require of ESM, Node 20.19 and later)', async () => {
    writeFileSync(join(app, 'plain.cjs'), `const { createMock } = require('gitbook-mock');\nprocess.stdout.write(createMock({ scenario: 'empty' }).runtime.manifest.scenario);\n`);
    expect((await exec(process.execPath, ['plain.cjs'])).stdout).toBe('empty');
  });

  it('type-checks a TypeScript consumer against the shipped types', async () => {
    writeFileSync(
      join(app, 'consumer.ts'),
      `import { createMock, type Mock, type Manifest } from 'gitbook-mock';
import { useGitBookMock, type GitBookMock } from 'gitbook-mock/vitest';
import { createMockHandlers, type MockHandlers, type ScenarioFile } from 'gitbook-mock/msw';

const mock: Mock = createMock({ scenario: 'empty' });
const manifest: Manifest = mock.runtime.manifest;
export const response: Promise<Response> = mock.fetch('http://mock.local/v1/user', { headers: { authorization: manifest.tokens.admin } });
// @ts-expect-error a scenario is named by a string
createMock({ scenario: 5 });
export const use = (): GitBookMock => useGitBookMock({ scope: 'file' });
// @ts-expect-error scope is 'test' or 'file'
useGitBookMock({ scope: 'suite' });
const mine: ScenarioFile = { description: 'mine', extends: 'empty' };
export const gitbook: MockHandlers = createMockHandlers({ scenario: mine, baseUrl: 'https://api.gitbook.com' });
export const advanced: Promise<{ now: string; frozen: boolean }> = gitbook.clock.advance('P8D');
// @ts-expect-error seed is a number
createMockHandlers({ seed: 'x' });
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, skipLibCheck: true, types: [] },
        files: ['consumer.ts'],
      }),
    );
    const result = await exec(process.execPath, [join(app, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']).catch((error) => error);
    expect(`${result.stdout}${result.stderr ?? ''}`.trim()).toBe('');
  });

  it('serves the official client from gitbook-mock/msw under setupServer, in a plain .mjs', async () => {
    writeFileSync(
      join(app, 'msw.mjs'),
      `import { setupServer } from 'msw/node';
import { GitBookAPI } from '@gitbook/api';
import { createMockHandlers } from 'gitbook-mock/msw';
const gitbook = createMockHandlers();
const server = setupServer(...gitbook.handlers);
server.listen({ onUnhandledRequest: 'error' });
const { data } = await new GitBookAPI({ authToken: gitbook.token('reader') }).spaces.getSpaceById(gitbook.id('spaces', 'handbook'));
server.close();
console.log(JSON.stringify({ title: data.title, calls: (await gitbook.requests()).items.length }));
`,
    );
    const { stdout } = await exec(process.execPath, ['msw.mjs']);
    expect(JSON.parse(stdout)).toEqual({ title: 'Employee Handbook', calls: 1 });
  });

  it('bundles gitbook-mock/msw from the installed package for a browser, without a Node built-in', async () => {
    writeFileSync(
      join(app, 'bundle.mjs'),
      `import { build } from 'esbuild';
const result = await build({
  stdin: { contents: "import { setupWorker } from 'msw/browser'; import { createMockHandlers } from 'gitbook-mock/msw'; export const w = setupWorker(...createMockHandlers().handlers);", resolveDir: process.cwd() },
  bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent',
});
const inputs = Object.keys(result.metafile.inputs);
console.log(JSON.stringify({ mock: inputs.filter((f) => f.includes('node_modules/gitbook-mock/')).length, validators: inputs.some((f) => f.endsWith('gitbook-mock/dist/msw/generated/validators.js')) }));
`,
    );
    const { stdout } = await exec(process.execPath, ['bundle.mjs']);
    const { mock, validators } = JSON.parse(stdout) as { mock: number; validators: boolean };
    expect(mock).toBeGreaterThan(50);
    expect(validators).toBe(true);
  });

  it('runs a vitest file that uses gitbook-mock/vitest', async () => {
    writeFileSync(
      join(app, 'handbook.test.mjs'),
      `import { expect, it } from 'vitest';
import { useGitBookMock } from 'gitbook-mock/vitest';

const gb = useGitBookMock();

it('reads the handbook through the official client', async () => {
  const { data } = await gb.client('reader').spaces.getSpaceById(gb.id('spaces', 'handbook'));
  expect(data.title).toBe('Employee Handbook');
});
`,
    );
    const result = await exec(process.execPath, [join(app, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=dot', '--no-color']).catch((error) => error);
    expect(result.code ?? 0, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(/1 passed/);
  });
});
