/**
 * What src/ tells the compiler to trust stays under the aims of issue 25: fewer than 30
 * non-null assertions (`x!`; narrow instead: a check that throws a named error, a default, a
 * checked match) and no `as unknown as`. Counted as scripts/count-casts.ts counts them
 * (`npx tsx scripts/count-casts.ts src --files` says where they are).
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { countCasts } from '../../scripts/count-casts.ts';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

describe('casts in src/', () => {
  it('fewer than 30 non-null assertions, and no `as unknown as`', () => {
    const { counts } = countCasts(SRC);
    expect(counts.nonNull, 'non-null assertions in src/').toBeLessThan(30);
    expect(counts.asUnknownAs, '`as unknown as` in src/').toBe(0);
  });
});
