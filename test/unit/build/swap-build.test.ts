/**
 * `npm run build` (and so `prepare`, which `npx gitbook-mock` runs in a clone) never leaves the
 * package without dist/ (issue 44): it builds into a folder of its own and swaps it in once done.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAndSwap, BUILDING } from '../../../scripts/swap-build.ts';

/** A package folder whose dist/ holds `index.js` with `text`. */
function packageWith(text: string): string {
  const root = mkdtempSync(join(tmpdir(), 'gitbook-mock-build-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'dist/index.js'), text);
  return root;
}

const writeIndex = (text: string) => (out: string) => {
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'index.js'), text);
};

describe('the build', () => {
  it('leaves dist/ as it was when a step fails, and removes its own folder', async () => {
    const root = packageWith('old');
    const failing = (out: string) => {
      writeIndex('half')(out);
      throw new Error('tsc failed');
    };
    await expect(buildAndSwap(root, '1', failing)).rejects.toThrow('tsc failed');
    expect(readFileSync(join(root, 'dist/index.js'), 'utf8')).toBe('old');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('keeps dist/ in place while it builds, and swaps the new one in once done', async () => {
    const root = packageWith('old');
    await buildAndSwap(root, '2', (out) => {
      expect(readFileSync(join(root, 'dist/index.js'), 'utf8')).toBe('old');
      writeIndex('new')(out);
    });
    expect(readFileSync(join(root, 'dist/index.js'), 'utf8')).toBe('new');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('clears what a killed build left behind', async () => {
    const root = packageWith('old');
    mkdirSync(join(root, `${BUILDING}99`));
    await buildAndSwap(root, '3', writeIndex('new'));
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('is what npm run build runs: nothing deletes dist/ before the new one is made', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.build).toBe('node --import tsx scripts/build.ts');
    expect(pkg.scripts.prepare).toBe('npm run build');
    expect(existsSync(new URL('../../../scripts/build.ts', import.meta.url))).toBe(true);
  });
});
