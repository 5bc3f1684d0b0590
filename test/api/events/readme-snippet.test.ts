/**
 * The README's integration test is test/api/events/readme-integration.test.ts, which runs: the
 * README must print that file as it is (below its two header lines), the import path aside.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

describe('the README integration test', () => {
  it('is the file that runs', () => {
    const file = read('./readme-integration.test.ts').split('\n').slice(2).join('\n').replace("'../../../src/vitest/index.ts'", "'gitbook-mock/vitest'").trim();
    const readme = read('../../../README.md');
    const section = readme.slice(readme.indexOf('## Events to integrations'));
    const block = section.slice(section.indexOf('```ts\n') + 6, section.indexOf('\n```', section.indexOf('```ts\n')));
    expect(block.trim()).toBe(file);
    expect(block.split('\n').filter((line) => line.trim()).length).toBeLessThanOrEqual(16);
  });
});
