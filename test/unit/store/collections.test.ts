/**
 * The collections' declarations (src/store/collections/) are the one place a collection is
 * declared: the files generated from them are what the generator writes, and the list refuses
 * what would make a derived list wrong.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OUTPUTS } from '../../../scripts/collection-schemas.ts';
import { checkDeclarations, COLLECTIONS } from '../../../src/store/collections/index.ts';

const root = new URL('../../../', import.meta.url);

describe('the files generated from the declarations', () => {
  it.each(Object.entries(OUTPUTS))('%s is what `npm run schemas:collections` writes', (file, make) => {
    expect(readFileSync(new URL(file, root), 'utf8'), `${file} is out of date: run npm run schemas:collections`).toBe(make());
  });

  it('every record a declaration names has its definition in schemas/state-records.json (npm run schemas:state)', () => {
    const records = JSON.parse(readFileSync(new URL('schemas/state-records.json', root), 'utf8')) as { $defs: Record<string, unknown> };
    expect(COLLECTIONS.map((c) => c.state.record).filter((name) => !(name in records.$defs))).toEqual([]);
  });
});

describe('the list of declarations', () => {
  const plain = (name: string, extra: object = {}) => ({ name, references: [], ...extra });

  it('refuses a reference to a collection nobody declares', () => {
    expect(() => checkDeclarations([plain('widgets', { references: [{ to: 'gadgets' }] })])).toThrow('widgets refers to gadgets, which no collection declares');
  });

  it('refuses a collection declared twice, and a manifest group, path parameter or scenario entry claimed twice', () => {
    expect(() => checkDeclarations([plain('widgets'), plain('widgets')])).toThrow('collection widgets is declared twice');
    expect(() => checkDeclarations([plain('a', { manifest: ['pages'] }), plain('b', { manifest: ['pages'] })])).toThrow('manifest group pages is declared by both a and b');
    expect(() => checkDeclarations([plain('a', { params: ['siteId'] }), plain('b', { params: ['siteId'] })])).toThrow('path parameter siteId');
    expect(() => checkDeclarations([plain('a', { scenario: { def: 'x' } }), plain('b', { scenario: { def: 'x' } })])).toThrow('scenario entry x');
  });

  it('holds the built-in collections as they are', () => {
    expect(() => checkDeclarations(COLLECTIONS)).not.toThrow();
  });
});
