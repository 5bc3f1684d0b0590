/**
 * Built-in generators: a scenario may name one (`generator: { name, options }`) to add
 * entities made from its seed, for states too large to write by hand.
 */
import type { Builder } from './builder.ts';
import type { ScenarioFile } from './types.ts';

export type Generator = (scenario: ScenarioFile, b: Builder, options: Record<string, unknown>) => ScenarioFile;

const GENERATORS: Record<string, Generator> = {};

export function runGenerator(scenario: ScenarioFile, b: Builder): ScenarioFile {
  const { name, options = {} } = scenario.generator!;
  const generate = GENERATORS[name];
  if (!generate) b.fail('/generator/name', `unknown generator "${name}"; known: ${Object.keys(GENERATORS).join(', ') || 'none'}`);
  return generate(scenario, b, options);
}
