/**
 * Scenarios held as data: the browser build's (its built-in scenarios come in the bundle, a
 * page gives its own as objects). It reads like the catalog of files (catalog.ts): the
 * user's scenarios hide built-in ones of the same name and are checked against
 * schemas/scenario.json, and a scenario is merged with the one it extends.
 */
import { didYouMean, nearest } from '../text/nearest.ts';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { firstRefusal } from '../contract/validators.ts';
import { mergeScenarios, SCENARIO_NAME, ScenarioError, type Catalog, type ScenarioListing } from './scenario-source.ts';
import type { ScenarioFile } from './types.ts';

export class MemoryCatalog implements Catalog {
  private readonly own = new Map<string, ScenarioFile>();

  /** `validate`: the strict validator of `scenario` (built on the first user scenario read). */
  constructor(
    private readonly builtIn: Readonly<Record<string, ScenarioFile>>,
    private readonly validate: () => ValidateFunction,
  ) {}

  /** Adds (or replaces) a user scenario; it is checked when it is read. */
  add(name: string, file: ScenarioFile): void {
    if (!SCENARIO_NAME.test(name)) throw new ScenarioError(`"${name}" is not a scenario name (1 to 64 of A-Z a-z 0-9 _ -, starting with a letter or digit)`);
    this.own.set(name, file);
  }

  has(name: string): boolean {
    return this.own.has(name) || Object.hasOwn(this.builtIn, name);
  }

  names(): string[] {
    return [...new Set([...this.own.keys(), ...Object.keys(this.builtIn)])];
  }

  list(): ScenarioListing[] {
    return this.names().map((name) => {
      const file = this.own.get(name) ?? this.builtIn[name];
      const listing: ScenarioListing = { name, description: String(file?.description ?? '') };
      if (this.own.has(name)) {
        try {
          this.read(name);
        } catch (error) {
          listing.error = (error as Error).message;
        }
      }
      return listing;
    });
  }

  read(name: string, chain: string[] = []): ScenarioFile & { name: string } {
    if (!this.has(name)) throw new ScenarioError(`Unknown scenario "${name}"; known: ${this.names().join(', ')}${didYouMean(nearest(name, this.names()))}`, 404);
    if (chain.includes(name)) throw new ScenarioError(`Scenario "${name}" extends itself (${[...chain, name].join(' → ')})`);
    const own = this.own.get(name);
    // Built-in scenarios are checked by the tests, as in catalog.ts; a user's is always checked.
    if (own !== undefined) {
      const validate = this.validate();
      if (!validate(own)) throw new ScenarioError(`scenario "${name}": ${firstRefusal('scenario', validate)}`);
    }
    const file = own ?? this.builtIn[name];
    if (!file.extends) return { ...file, name };
    const parent = this.read(file.extends, [...chain, name]);
    return { ...mergeScenarios(parent, file, name), name };
  }
}
