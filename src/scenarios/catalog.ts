/**
 * Where scenarios come from: the built-in `scenarios/` folder and the user's folders
 * (`--scenarios-dir`, searched first). A scenario is read, validated against
 * `schemas/scenario.json` and merged with the scenario it extends.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedSchemas } from '../contract/schemas.ts';
import { jsonProblem, locator, problemsOf, schemaProblems } from './scenario-problems.ts';
import { didYouMean, nearest } from '../text/nearest.ts';
import type { ScenarioFile } from './types.ts';
import type { FilePlaces } from './scenario-source.ts';
import { mergeScenarios, placesOf, rememberPlaces, SCENARIO_NAME, ScenarioError, type Catalog, type ScenarioListing } from './scenario-source.ts';
import { PACKAGE_ROOT } from '../paths/package-paths.ts';
import { readPrebuilt } from './prebuilt.ts';

// Moved to scenario-source.ts (the browser build has them too); importers keep importing them here.
export { mergeScenarios, scenarioErrorToApi, ScenarioError, type Catalog, type ScenarioListing } from './scenario-source.ts';

export const BUILTIN_DIR = fileURLToPath(new URL('scenarios/', PACKAGE_ROOT));


const NAME = SCENARIO_NAME;

export class ScenarioCatalog implements Catalog {
  private readonly dirs: string[];

  constructor(userDirs: string[]) {
    this.dirs = [...userDirs.map((d) => resolve(d)), BUILTIN_DIR];
    for (const dir of userDirs) {
      if (!existsSync(dir)) throw new ScenarioError(`scenarios folder ${dir} does not exist`);
    }
  }

  private pathOf(name: string): string | undefined {
    if (!NAME.test(name)) return undefined;
    for (const dir of this.dirs) {
      const path = join(dir, `${name}.json`);
      if (existsSync(path)) return path;
    }
    return undefined;
  }

  has(name: string): boolean {
    return this.pathOf(name) !== undefined;
  }

  /** The names of every scenario, without reading them. */
  names(): string[] {
    const names = new Set<string>();
    for (const dir of this.dirs) {
      for (const entry of readdirSync(dir).sort()) {
        const name = basename(entry, '.json');
        if (entry.endsWith('.json') && NAME.test(name)) names.add(name);
      }
    }
    return [...names];
  }

  /**
   * Every scenario by name (a user's scenario hides a built-in one of the same name). A user's
   * scenario that cannot load (bad JSON, fails schemas/scenario.json, extends an unknown or
   * broken one) is listed with `error`, the message loading it would give.
   */
  list(): ScenarioListing[] {
    const seen = new Map<string, ScenarioListing>();
    for (const dir of this.dirs) {
      for (const entry of readdirSync(dir).sort()) {
        if (!entry.endsWith('.json')) continue;
        const name = basename(entry, '.json');
        if (seen.has(name) || !NAME.test(name)) continue;
        const listing: ScenarioListing = { name, description: '' };
        // "not valid JSON" with its line and column, never the parser's excerpt of the text: a
        // symlinked file's target (say a key file) must not show in an answer.
        let text = '';
        try {
          text = readFileSync(join(dir, entry), 'utf8');
          listing.description = String((JSON.parse(text) as ScenarioFile).description ?? '');
          if (dir !== BUILTIN_DIR) this.read(name);
        } catch (error) {
          listing.error = error instanceof SyntaxError ? jsonProblem(error, text) : (error as Error).message;
        }
        seen.set(name, listing);
      }
    }
    return [...seen.values()];
  }

  /** A built-in scenario built by `npm run build` (prebuilt.ts); a user's folder may hide it. */
  prebuilt(scenario: ScenarioFile & { name: string }, fillerSeed: number) {
    return this.pathOf(scenario.name)?.startsWith(BUILTIN_DIR) ? readPrebuilt(scenario, fillerSeed) : undefined;
  }

  /** The scenario, validated and merged with what it extends. */
  read(name: string, chain: string[] = []): ScenarioFile & { name: string } {
    const path = this.pathOf(name);
    if (!path) throw new ScenarioError(this.unknown(name), 404);
    if (chain.includes(name)) throw new ScenarioError(`Scenario "${name}" extends itself (${[...chain, name].join(' → ')})`);
    const text = readFileSync(path, 'utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new ScenarioError(`${path}: ${jsonProblem(error as Error, text)}`);
    }
    // Built-in scenarios are checked by the tests; compiling the scenario schema to check them
    // again took a quarter of every start. A user's scenario is always checked; a refused one
    // again, with every error kept, to say all that is wrong with it at once.
    const validate = path.startsWith(BUILTIN_DIR) ? undefined : sharedSchemas().strictValidator('scenario');
    if (validate && !validate(raw)) {
      const report = sharedSchemas().reportingValidator('scenario');
      report(raw);
      throw new ScenarioError(problemsOf(path, schemaProblems(text, report)));
    }
    const file = raw as ScenarioFile;
    const mine = this.places(name, path, text);
    if (!file.extends) return this.withPlaces({ ...file, name }, mine);
    if (!this.has(file.extends)) {
      const place = locator(text)('/extends');
      throw new ScenarioError(`${path}: scenario.extends: ${this.unknown(file.extends)}${place ? ` (line ${place.line}, column ${place.column})` : ''}`, 400);
    }
    const parent = this.read(file.extends, [...chain, name]);
    const theirs = placesOf(parent);
    return this.withPlaces({ ...mergeScenarios(parent, file, name), name }, (scenario, pointer) => mine(scenario, pointer) ?? theirs?.(scenario, pointer));
  }

  /** Places in scenario `name`'s file (`path`, holding `text`); the text is parsed for places only when a problem asks. */
  private places(name: string, path: string, text: string): FilePlaces {
    let find: ReturnType<typeof locator> | undefined;
    return (scenario, pointer) => {
      if (scenario !== name) return undefined;
      find ??= locator(text);
      const place = find(pointer);
      return { file: path, line: place?.line, column: place?.column };
    };
  }

  private withPlaces<T extends object>(scenario: T, places: FilePlaces): T {
    rememberPlaces(scenario, places);
    return scenario;
  }

  /** `Unknown scenario "startr"; known: ...; did you mean starter?`. */
  private unknown(name: string): string {
    const names = this.names();
    return `Unknown scenario "${name}"; known: ${names.join(', ')}${didYouMean(nearest(name, names))}`;
  }
}

