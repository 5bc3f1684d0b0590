/**
 * Every record the API removes goes through `removeWithDependents` (src/store/removal.ts), which
 * applies what the reference declaration (src/store/references.ts) says a removal does to what
 * points at the record (issue 40): no operation of src/resources deletes a row of a table itself,
 * so a new family cannot leave a reference behind.
 */
import { expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RESOURCES = fileURLToPath(new URL('../../src/resources', import.meta.url));

it('no operation deletes a row of a table itself', () => {
  const deleting = readdirSync(RESOURCES, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) =>
      readFileSync(join(RESOURCES, file), 'utf8')
        .split('\n')
        .map((line, i) => [`${file.split('\\').join('/')}:${i + 1}`, line] as const)
        .filter(([, line]) => /\.delete\(/.test(line)),
    )
    .map(([where, line]) => `${where}: ${line.trim()}`);
  expect(deleting).toEqual([]);
});
