/**
 * `npm run build` (and `prepare`): tsc, the console's files, the CLI bundle (build-cli.ts) and
 * the browser build's data (build-msw.ts), written into a folder of their own and swapped in for
 * dist/ once all are done (swap-build.ts); then the CLI's code cache is warmed (warm-code-cache.ts).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { ROOT } from './build-out.ts';
import { buildAndSwap } from './swap-build.ts';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const node = (args: string[], out: string) =>
  execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, GITBOOK_MOCK_BUILD_OUT: relative(ROOT, out) } });

let building: string | undefined;
// Stopped (Ctrl-C): the unfinished folder goes, dist/ stays as it was.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (building) rmSync(building, { recursive: true, force: true });
    process.exit(130);
  });
}

await buildAndSwap(ROOT, String(process.pid), (out) => {
  building = out;
  node([tsc, '-p', 'tsconfig.build.json', '--outDir', out], out);
  cpSync(join(ROOT, 'src/admin/ui/assets'), join(out, 'admin/ui/assets'), { recursive: true });
  node(['--import', 'tsx', 'scripts/build-cli.ts'], out);
  node(['--import', 'tsx', 'scripts/build-msw.ts'], out);
});
building = undefined;
node(['--import', 'tsx', 'scripts/warm-code-cache.ts'], join(ROOT, 'dist'));
