/**
 * Built-in generators: a scenario may name one (`generator: { name, options }`) to add
 * records made from its seed after its own entities are built, for states too large to
 * write by hand. Generated records have no keys, so the manifest stays small.
 */
import type { Builder } from './builder.ts';
import type { ScenarioFile } from './types.ts';
import { generateLarge } from './generate-large.ts';

export type Generator = (b: Builder, options: Record<string, unknown>) => void;

const GENERATORS: Record<string, Generator> = {
  large: generateLarge,
};

export function runGenerator(generator: NonNullable<ScenarioFile['generator']>, b: Builder): void {
  const { name, options = {} } = generator;
  const generate = GENERATORS[name];
  if (!generate) b.fail('/generator/name', `unknown generator "${name}"; known: ${Object.keys(GENERATORS).join(', ')}`);
  generate(b, options);
}
