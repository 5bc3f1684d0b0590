/**
 * The published types compile in a consumer that checks libraries too (`skipLibCheck: false`,
 * issue 44): every declaration the package ships and a consumer reaches names only packages an
 * install brings (the dependencies, and the peers a consumer has), never a dev dependency's
 * types (`@types/fontkit` was one). The consumer's folder holds the package's files linked as
 * `gitbook-mock` and the packages an install gives (linked from this repository's node_modules),
 * with symlinks kept as they are; it resolves as a Vite or vitest project does (`bundler`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const app = mkdtempSync(join(tmpdir(), 'gitbook-mock-types-'));
afterAll(() => rmSync(app, { recursive: true, force: true }));

/**
 * What a consumer's node_modules holds beside the package: every package of this repository's
 * but the package's own dev tools and their type packages (`@types/*`: Node's aside, which a
 * consumer of a Node library has). The peers (the official client, vitest, msw) stay.
 */
function installed(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  const devOnly = new Set(Object.keys(pkg.devDependencies).filter((name) => !(name in pkg.peerDependencies)));
  const top = readdirSync(join(ROOT, 'node_modules')).flatMap((name) =>
    name.startsWith('@') ? readdirSync(join(ROOT, 'node_modules', name)).map((inner) => `${name}/${inner}`) : name.startsWith('.') ? [] : [name],
  );
  return top.filter((name) => name === '@types/node' || (!devOnly.has(name) && !name.startsWith('@types/')));
}

describe('the published types', () => {
  it('compile under skipLibCheck: false, the handles with their admin members', async () => {
    for (const name of installed()) {
      mkdirSync(dirname(join(app, 'node_modules', name)), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), join(app, 'node_modules', name), 'dir');
    }
    // The package's own files, not its folder: its node_modules (dev dependencies included) stays out of reach.
    const pkg = join(app, 'node_modules', 'gitbook-mock');
    mkdirSync(pkg);
    for (const file of ['package.json', 'dist', 'schemas']) symlinkSync(join(ROOT, file), join(pkg, file));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(
      join(app, 'consumer.ts'),
      `import { createMock, type Mock } from 'gitbook-mock';
import { useGitBookMock, type GitBookMock, type FaultRule } from 'gitbook-mock/vitest';
import { createMockHandlers, type MockHandlers } from 'gitbook-mock/msw';
import { serveIntegration, type ServedIntegration } from 'gitbook-mock/integration';

export const mock: Mock = createMock({ scenario: 'empty' });
export const use = (): GitBookMock => useGitBookMock({ scope: 'file' });
export async function both(gb: GitBookMock, gitbook: MockHandlers): Promise<number> {
  await gb.loadScenario('review');
  await gb.clock.advance('P1D');
  const rule: FaultRule = await gb.faults.add({ operationId: 'getSpaceById', status: 503 });
  const { items } = await gitbook.requests({ operationId: rule.operationId });
  return items.length + (await gb.requests()).items.length;
}
export const gitbook: MockHandlers = createMockHandlers();
export async function served(secret: string): Promise<string> {
  const integration: ServedIntegration = await serveIntegration({ fetch: () => new Response('ok') }, { port: 0 });
  integration.signingSecret = secret;
  await integration.settled();
  await integration.close();
  return integration.url;
}
`,
    );
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'preserve', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom'], strict: true, noEmit: true, skipLibCheck: false, preserveSymlinks: true, types: ['node'] },
        files: ['consumer.ts'],
      }),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', '.'], { cwd: app, timeout: 120_000 }).catch((error) => error);
    expect(`${result.stdout}${result.stderr ?? ''}`.trim()).toBe('');
  }, 150_000);
});
