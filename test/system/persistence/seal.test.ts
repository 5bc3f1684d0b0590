/**
 * Seals on the `--data` file: a file the mock wrote loads without the state check; any edit,
 * in the snapshot or in a journal line, brings the check back, so a hand-edited file can still
 * never make a later read fail.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestMock } from '../../helpers/mock.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';
import { formatKey, hasSeal, sealed, sealLine } from '../../../src/persistence/seal.ts';
import { schemaSources } from '../../../src/contract/schemas.ts';

const tempDir = tempDirs('gitbook-mock-seal-');

/** A data file with one comment in the journal, and the test mock that wrote it. */
async function written() {
  const file = join(tempDir(), 'state.json');
  const t = createTestMock({ dataFile: file });
  const list = t.path('/v1/spaces/{spaces.handbook}/comments');
  const comment = (await t.call('commenter', 'POST', list, { body: { markdown: 'First' } })).body;
  return { file, journal: `${file}.journal`, t, list, comment };
}

/** Replaces `from` by `to` in a file; `reseal`: and seals it again, as the mock would have. */
function edit(path: string, from: RegExp, to: string, reseal = false): void {
  const text = readFileSync(path, 'utf8');
  expect(text).toMatch(from);
  const edited = text.replace(from, to);
  writeFileSync(path, reseal ? [...sealed([edited.slice(0, edited.lastIndexOf(',"seal":"'))])].join('') : edited);
}

describe('seals on the --data file', () => {
  it('a restart from the mock’s own snapshot and journal serves the same state', async () => {
    const { file, t, list, comment } = await written();
    const before = (await t.admin('GET', '/__admin/state')).body;
    const again = createTestMock({ dataFile: file });
    expect((await again.admin('GET', '/__admin/state')).body).toEqual(before);
    expect((await again.call('commenter', 'GET', `${list}/${comment.id}`)).body.body.markdown).toBe('First');
  });

  it('the seal decides whether the check runs: an edited snapshot is refused naming its path, the same text sealed loads as written', async () => {
    const edited = await written();
    edit(edited.file, /"createdAt":"[^"]+"/, '"createdAt":"last Tuesday"');
    expect(() => createTestMock({ dataFile: edited.file })).toThrow(/does not hold a valid state: Invalid state: state\.\w+\[\d+\]\.createdAt/);

    const resealed = await written();
    edit(resealed.file, /"createdAt":"[^"]+"/, '"createdAt":"last Tuesday"', true);
    expect(() => createTestMock({ dataFile: resealed.file })).not.toThrow();
  });

  it('a good hand edit of the snapshot is checked and loads', async () => {
    const { file } = await written();
    edit(file, /"title":"[^"]+"/, '"title":"Renamed by hand"');
    const again = createTestMock({ dataFile: file });
    expect(JSON.stringify((await again.admin('GET', '/__admin/state')).body)).toContain('"title":"Renamed by hand"');
  });

  it('a journal line edited by hand is checked with the state it makes: a dangling reference is refused, a good edit loads', async () => {
    const bad = await written();
    edit(bad.journal, /"postedBy":"/, '"postedBy":"nobody');
    expect(() => createTestMock({ dataFile: bad.file })).toThrow(/does not hold a valid state: Invalid state: state\.comments\[\d+\]\.postedBy "nobody\w+" is not an id of users/);

    const good = await written();
    edit(good.journal, /"markdown":"First"/, '"markdown":"Edited"');
    const again = createTestMock({ dataFile: good.file });
    expect((await again.call('commenter', 'GET', `${good.list}/${good.comment.id}`)).body.body.markdown).toBe('Edited');
  });

  it('seals text in any script: the journal line and the snapshot written with it keep their seals', async () => {
    const { file, journal, t, list } = await written();
    await t.call('commenter', 'POST', list, { body: { markdown: 'Привет, 世界 😀 — ça marche' } });
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    expect(lines.at(-1)).toContain('Привет, 世界 😀');
    expect(lines.map((line) => hasSeal(line))).toEqual(lines.map(() => true));
    await t.admin('POST', '/__admin/clock', { advance: 'P1D' });
    const snapshot = readFileSync(file);
    expect(snapshot.toString('utf8')).toContain('Привет, 世界 😀');
    expect(hasSeal(snapshot)).toBe(true);
  });

  it('a journal line that cannot be laid over the state is refused, not a crash', async () => {
    const { file, journal } = await written();
    writeFileSync(journal, `${readFileSync(journal, 'utf8')}{"seq":99,"ids":99,"changes":[7]}\n`);
    expect(() => createTestMock({ dataFile: file })).toThrow(/does not hold a valid state: Invalid journal/);
  });

  it('a file without seals (an older version’s) loads, and is checked', async () => {
    const unseal = (path: string, edit: (text: string) => string = (text) => text) => {
      const lines = readFileSync(path, 'utf8').trim().split('\n').map((line) => {
        const { seal: _seal, ...rest } = JSON.parse(line);
        return edit(JSON.stringify(rest));
      });
      writeFileSync(path, `${lines.join('\n')}\n`);
    };
    const good = await written();
    const before = (await good.t.admin('GET', '/__admin/state')).body;
    unseal(good.file);
    unseal(good.journal);
    expect((await createTestMock({ dataFile: good.file }).admin('GET', '/__admin/state')).body).toEqual(before);

    const bad = await written();
    unseal(bad.file);
    unseal(bad.journal, (line) => line.replace('"postedBy":"', '"postedBy":"nobody'));
    expect(() => createTestMock({ dataFile: bad.file })).toThrow(/is not an id of users/);
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
