/**
 * Whatever the shipped code imports at run time is a runtime dependency: a package only in
 * devDependencies is missing for everyone who installs gitbook-mock (type-only imports and
 * the optional peers, the official client and vitest, are the exceptions).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const allowed = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})]);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Package names a source file loads at run time (import, export from, import(), require()). */
function runtimePackages(text: string): string[] {
  const specifiers = [
    ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]),
    ...[...text.matchAll(/\b(?:import|require|resolve)\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers
    .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtinModules.includes(s))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]));
}

describe('runtime dependencies', () => {
  const used = new Map<string, string>();
  for (const file of files(join(ROOT, 'src'))) {
    for (const name of runtimePackages(readFileSync(file, 'utf8'))) used.set(name, file.slice(ROOT.length));
  }

  it('finds the packages the server is built on', () => {
    expect([...used.keys()]).toEqual(expect.arrayContaining(['hono', '@hono/node-server', 'lowdb']));
  });

  it.each([...used])('%s (imported by %s) is in dependencies', (name) => {
    expect(allowed.has(name)).toBe(true);
  });

  it('installs nothing that runs a script of its own (no telemetry postinstall: issue 44)', () => {
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean; hasInstallScript?: boolean }> };
    const scripted = Object.entries(lock.packages).filter(([path, p]) => path !== '' && !p.dev && p.hasInstallScript).map(([path]) => path);
    expect(scripted).toEqual([]);
  });

  it('keeps tsx and build tools out of dependencies', () => {
    for (const tool of ['tsx', 'typescript', 'vitest', '@types/node']) expect(Object.keys(pkg.dependencies)).not.toContain(tool);
  });
});
