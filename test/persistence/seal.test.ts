/**
 * Seals on the `--data` file: a file the mock wrote loads without the state check; any edit,
 * in the snapshot or in a journal line, brings the check back, so a hand-edited file can still
 * never make a later read fail.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestMock } from '../helpers/mock.ts';
import { checkState } from '../../src/scenarios/state-check.ts';
import { formatKey, hasSeal, sealLine } from '../../src/persistence/seal.ts';
import { schemaSources } from '../../src/http/schemas.ts';

vi.mock('../../src/scenarios/state-check.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/scenarios/state-check.ts')>();
  return { ...original, checkState: vi.fn(original.checkState) };
});

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.mocked(checkState).mockClear();
});

/** A data file with one comment in the journal, and the test mock that wrote it. */
async function written() {
  const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-seal-'));
  dirs.push(dir);
  const file = join(dir, 'state.json');
  const t = createTestMock({ dataFile: file });
  const list = t.path('/v1/spaces/{spaces.handbook}/comments');
  const comment = (await t.call('commenter', 'POST', list, { body: { markdown: 'First' } })).body;
  return { file, journal: `${file}.journal`, t, list, comment };
}

function edit(path: string, from: string, to: string): void {
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}

describe('seals on the --data file', () => {
  it('a restart from the mock’s own snapshot and journal runs no state check and serves the same state', async () => {
    const { file, t, list, comment } = await written();
    const before = (await t.admin('GET', '/__admin/state')).body;
    vi.mocked(checkState).mockClear();
    const again = createTestMock({ dataFile: file });
    expect(checkState).not.toHaveBeenCalled();
    expect((await again.admin('GET', '/__admin/state')).body).toEqual(before);
    expect((await again.call('commenter', 'GET', `${list}/${comment.id}`)).body.body.markdown).toBe('First');
  });

  it('a snapshot edited by hand is checked: a bad edit is refused naming its path, a good one loads', async () => {
    const bad = await written();
    const firstCreatedAt = /"createdAt":"[^"]+"/.exec(readFileSync(bad.file, 'utf8'))![0];
    edit(bad.file, firstCreatedAt, '"createdAt":"last Tuesday"');
    expect(() => createTestMock({ dataFile: bad.file })).toThrow(/does not hold a valid state: Invalid state: state\.\w+\[\d+\]\.createdAt/);

    const good = await written();
    const title = /"title":"[^"]+"/.exec(readFileSync(good.file, 'utf8'))![0];
    edit(good.file, title, '"title":"Renamed by hand"');
    vi.mocked(checkState).mockClear();
    const again = createTestMock({ dataFile: good.file });
    expect(checkState).toHaveBeenCalledTimes(1);
    expect(JSON.stringify((await again.admin('GET', '/__admin/state')).body)).toContain('"title":"Renamed by hand"');
  });

  it('a journal line edited by hand is checked with the state it makes: a dangling reference is refused', async () => {
    const bad = await written();
    edit(bad.journal, '"postedBy":"', '"postedBy":"nobody');
    expect(() => createTestMock({ dataFile: bad.file })).toThrow(/does not hold a valid state: Invalid state: state\.comments\[\d+\]\.postedBy "nobody\w+" is not an id of users/);

    const good = await written();
    edit(good.journal, '"markdown":"First"', '"markdown":"Edited"');
    vi.mocked(checkState).mockClear();
    const again = createTestMock({ dataFile: good.file });
    expect(checkState).toHaveBeenCalledTimes(1);
    expect((await again.call('commenter', 'GET', `${good.list}/${good.comment.id}`)).body.body.markdown).toBe('Edited');
  });

  it('a journal line that cannot be laid over the state is refused, not a crash', async () => {
    const { file, journal } = await written();
    writeFileSync(journal, `${readFileSync(journal, 'utf8')}{"seq":99,"ids":99,"changes":[7]}\n`);
    expect(() => createTestMock({ dataFile: file })).toThrow(/does not hold a valid state: Invalid journal/);
  });

  it('a file without seals (an older version’s) is checked and loads', async () => {
    const { file, journal, t } = await written();
    const before = (await t.admin('GET', '/__admin/state')).body;
    const { seal: _snapshotSeal, ...snapshot } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(snapshot));
    const lines = readFileSync(journal, 'utf8').trim().split('\n').map((line) => {
      const { seal: _lineSeal, ...entry } = JSON.parse(line);
      return JSON.stringify(entry);
    });
    writeFileSync(journal, `${lines.join('\n')}\n`);
    vi.mocked(checkState).mockClear();
    const again = createTestMock({ dataFile: file });
    expect(checkState).toHaveBeenCalledTimes(2);
    expect((await again.admin('GET', '/__admin/state')).body).toEqual(before);
  });
});

describe('the seal', () => {
  it('matches only the text it was made for, under the key it was made with', () => {
    const key = formatKey('1.0.0', schemaSources());
    const line = sealLine('{"seq":1,"changes":[]}', key);
    expect(JSON.parse(line)).toMatchObject({ seq: 1, changes: [] });
    expect(hasSeal(line, key)).toBe(true);
    expect(hasSeal(Buffer.from(line), key)).toBe(true);
    expect(hasSeal(line.replace('"seq":1', '"seq":2'), key)).toBe(false);
    expect(hasSeal(line, formatKey('1.0.1', schemaSources()))).toBe(false);
    expect(hasSeal('{"seq":1,"changes":[]}', key)).toBe(false);
  });

  it('has a key that changes with any schema, so a file written under other schemas is checked', () => {
    const sources = new Map(schemaSources());
    const before = formatKey('1.0.0', sources);
    const [id, schema] = [...sources][0];
    sources.set(id, { ...schema, description: 'changed' });
    expect(formatKey('1.0.0', sources).equals(before)).toBe(false);
  });
});
