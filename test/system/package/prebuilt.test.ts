/**
 * The built-in scenarios built by `npm run build` (dist/prebuilt/, src/scenarios/prebuilt.ts)
 * are what building them now gives, byte for byte; and a package load that takes its scenario
 * from there has the state, manifest and seed of one that builds it (a user's folder holding a
 * copy of `starter.json` hides the built-in one, so that load builds).
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioCatalog } from '../../../src/scenarios/catalog.ts';
import { buildScenario } from '../../../src/scenarios/loader.ts';
import { nodeFiller } from '../../../src/scenarios/node-filler.ts';
import { prebuiltText } from '../../../src/scenarios/prebuilt.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PREBUILT = join(ROOT, 'dist', 'prebuilt');

describe('scenarios built ahead of time', () => {
  it('holds every built-in scenario without a generator, each the bytes a build gives now', () => {
    const catalog = new ScenarioCatalog([]);
    const expected = catalog.names().filter((name) => !catalog.read(name).generator);
    expect(expected).toContain('starter');
    expect(readdirSync(PREBUILT).sort()).toEqual(expected.map((name) => `${name}.json`).sort());
    for (const name of expected) {
      const scenario = catalog.read(name);
      const fresh = prebuiltText(scenario, 0, buildScenario(scenario, { fillerSeed: 0, filler: nodeFiller }));
      expect(readFileSync(join(PREBUILT, `${name}.json`), 'utf8'), name).toBe(fresh);
    }
  });

  it('loads the same state, manifest and seed as a build of the same scenario', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-prebuilt-'));
    try {
      copyFileSync(join(ROOT, 'scenarios', 'starter.json'), join(dir, 'starter.json'));
      const probe = `const { createMock } = await import('./dist/index.js');
const load = (options) => { const { runtime } = createMock(options); return { state: runtime.exportState(), manifest: runtime.manifest, seed: runtime.seed, name: runtime.scenarioName }; };
process.stdout.write(JSON.stringify({ prebuilt: load({}), built: load({ scenariosDirs: [${JSON.stringify(dir)}] }) }));`;
      const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }));
      expect(out.prebuilt.name).toBe('starter');
      expect(out.prebuilt.state.spaces.length).toBeGreaterThan(0);
      expect(JSON.stringify(out.prebuilt)).toBe(JSON.stringify(out.built));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is used only for the scenario and filler seed it was built from', async () => {
    // The compiled module finds dist/prebuilt/ (from the sources there is no such folder).
    const { readPrebuilt } = (await import(join(ROOT, 'dist', 'scenarios', 'prebuilt.js'))) as typeof import('../../../src/scenarios/prebuilt.ts');
    const scenario = new ScenarioCatalog([]).read('starter');
    expect(readPrebuilt(scenario, 0)?.manifest.scenario).toBe('starter');
    expect(readPrebuilt(scenario, 7)).toBeUndefined();
    expect(readPrebuilt({ ...scenario, now: '2027-01-01T00:00:00.000Z' }, 0)).toBeUndefined();
  });
});
