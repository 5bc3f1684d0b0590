/**
 * The README's "How to add a family" stays true: every file it names exists, every name it
 * places in a file (`FAMILIES` (`src/resources/families/index.ts`)) is in that file, and every
 * `npm run` script it names is one of package.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const start = readme.indexOf('### How to add a family');
const recipe = readme.slice(start, readme.indexOf('\n### ', start + 1));

describe('the README recipe "How to add a family"', () => {
  it('is there', () => {
    expect(start).toBeGreaterThan(0);
    expect(recipe).toContain('src/store/collections/');
  });

  it('names files that exist', () => {
    const files = [...recipe.matchAll(/`((?:src|test|scenarios|schemas)\/[\w./-]+\.(?:ts|json))`/g)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((file) => !existsSync(new URL(file, root)))).toEqual([]);
  });

  it('places each name in a file that has it', () => {
    const placed = [...recipe.matchAll(/`(\w+)` \(`((?:src|test)\/[\w./-]+\.ts)`/g)].map((m) => [m[1], m[2]] as const);
    expect(placed.map(([name]) => name)).toEqual(expect.arrayContaining(['COLLECTIONS', 'FAMILIES', 'ScenarioFile']));
    expect(placed.filter(([name, file]) => !readFileSync(new URL(file, root), 'utf8').includes(name))).toEqual([]);
  });

  it('runs scripts package.json has', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: object }).scripts);
    const named = [...recipe.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});
