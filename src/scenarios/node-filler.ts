/**
 * Filler data in Node: faker's English locale (loaded on the first scenario that needs it;
 * most name everything) and json-schema-faker over `schemas/`.
 */
import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import type { FillerKit } from './builder.ts';
import { SchemaFiller } from './filler.ts';

const require = createRequire(import.meta.url);

/**
 * A Faker with the English locale, loaded on first use: importing `@faker-js/faker` (every
 * locale) took 140 ms of each start, `/locale/en` 25 ms, and most scenarios never need filler.
 * Same definitions as `new Faker({ locale: [en] })`, so the same seed gives the same values.
 */
function englishFaker(): Faker {
  const { faker } = require('@faker-js/faker/locale/en') as { faker: Faker };
  return new (faker.constructor as typeof Faker)({ locale: [faker.rawDefinitions] });
}

export const nodeFiller: FillerKit = {
  faker: englishFaker,
  filler: (seed, faker) => new SchemaFiller(seed, faker),
};
