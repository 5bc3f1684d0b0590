/**
 * Built-in scenarios built ahead of time: `npm run build` (scripts/build-cli.ts) writes the
 * state and manifest of each built-in scenario that has no generator to `dist/prebuilt/NAME.json`,
 * and a load takes them from there instead of building them. Building `starter` in a fresh
 * process took about a tenth of the server's start (its builders ran for the first time); reading
 * the file takes well under a millisecond. A scenario is the same data either way: a load uses
 * the file only when the scenario as read now (merged with what it extends) is the one it was
 * built from, with the same filler seed (test/system/package/prebuilt.test.ts compares the files
 * with fresh builds, byte for byte). From the sources (`npm run dev`, the tests) there is no such
 * folder, and every load builds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CODE_ROOT } from '../paths/package-paths.ts';
import type { BuiltState } from './loader.ts';
import type { ScenarioFile } from './types.ts';

/** A scenario without a generator: its state is all listed rows. */
type Built = Omit<BuiltState, 'generated'>;

/** Where the build writes them: dist/prebuilt/ (src/prebuilt/ from the sources, which never exists). */
export const PREBUILT_DIR = fileURLToPath(new URL('prebuilt/', CODE_ROOT));

/** The file of a built scenario: what it was built from, then what it built. */
interface PrebuiltFile {
  /** The scenario as read (JSON text), merged with what it extends. */
  scenario: string;
  fillerSeed: number;
  built: Built;
}

/** The text of `PREBUILT_DIR/NAME.json` for a scenario as read and what it built. */
export function prebuiltText(scenario: ScenarioFile & { name: string }, fillerSeed: number, built: Built): string {
  const file: PrebuiltFile = { scenario: JSON.stringify(scenario), fillerSeed, built: { state: built.state, manifest: built.manifest } };
  return `${JSON.stringify(file)}\n`;
}

/** The state and manifest built ahead of time for this scenario and seed (fresh objects, the caller's own), or undefined. */
export function readPrebuilt(scenario: ScenarioFile & { name: string }, fillerSeed: number): Built | undefined {
  const path = `${PREBUILT_DIR}${scenario.name}.json`;
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, 'utf8')) as PrebuiltFile;
  if (file.fillerSeed !== fillerSeed || file.scenario !== JSON.stringify(scenario)) return undefined;
  return file.built;
}
