/** The schema files by `$id` (contract/schemas.ts `SchemaFiles`): each file read when first asked for, its `$id` its path. */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SchemaFiles, readSchemaFiles, schemaSources } from '../../../../src/contract/schemas.ts';

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'schema-files-'));
  for (const [path, schema] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), JSON.stringify(schema));
  }
  return dir;
}

describe('SchemaFiles', () => {
  it('lists every file by its path, and reads one only when it is asked for', () => {
    const dir = folder({ 'a/one.json': { $id: 'a/one', type: 'string' }, 'b/two.json': { $id: 'b/two', type: 'number' } });
    const files = new SchemaFiles(dir);
    expect([...files.keys()]).toEqual(['a/one', 'b/two']);
    // Gone before anyone asked for it: nothing read it.
    rmSync(join(dir, 'b/two.json'));
    expect(files.get('a/one')).toEqual({ $id: 'a/one', type: 'string' });
    expect(files.get('a/none')).toBeUndefined();
    expect(files.has('a/one')).toBe(true);
    expect(() => [...files.values()]).toThrow();
  });

  it('refuses a file whose $id is not its path', () => {
    const files = new SchemaFiles(folder({ 'a/one.json': { $id: 'elsewhere/one' } }));
    expect(() => files.get('a/one')).toThrow(/a\/one\.json: its \$id must be its path/);
  });

  it('holds every file of schemas/ under the $id it declares', () => {
    const all = readSchemaFiles();
    expect(all.size).toBeGreaterThan(300);
    for (const [id, schema] of all) expect(schema.$id).toBe(id);
    expect([...schemaSources().keys()]).toEqual([...all.keys()]);
  });
});
