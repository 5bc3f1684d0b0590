/** The `--data` journal: writes replay in order after a restart, and compaction keeps every line. */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestMock } from '../../helpers/mock.ts';
import { tempDirs } from '../../helpers/temp-dirs.ts';
import { DataFile, type SavedState } from '../../../src/persistence/data-file.ts';

const tempDir = tempDirs('gitbook-mock-journal-');
const tempFile = (): string => join(tempDir(), 'state.json');

describe('the --data journal', () => {
  it('replays inserts, edits and deletions, so a restart sees the same state and no repeated ids', async () => {
    const file = tempFile();
    const t = createTestMock({ dataFile: file });
    const LIST = t.path('/v1/spaces/{spaces.handbook}/comments');
    const made = await t.call('commenter', 'POST', LIST, { body: { markdown: 'First' } });
    const other = await t.call('commenter', 'POST', LIST, { body: { markdown: 'Second' } });
    await t.call('commenter', 'PUT', `${LIST}/${made.body.id}`, { body: { markdown: 'First, edited' } });
    expect((await t.call('commenter', 'DELETE', `${LIST}/${other.body.id}`)).status).toBeLessThan(300);
    // Only the journal has these writes: the snapshot is the one written at start.
    expect(readFileSync(`${file}.journal`, 'utf8').trim().split('\n')).toHaveLength(4);
    const before = (await t.admin('GET', '/__admin/state')).body;

    const again = createTestMock({ dataFile: file });
    expect((await again.admin('GET', '/__admin/state')).body).toEqual(before);
    const next = await again.call('commenter', 'POST', LIST, { body: { markdown: 'Third' } });
    expect([made.body.id, other.body.id]).not.toContain(next.body.id);
  });

  it('keeps an upload to a storage URL: after a restart the file is served with the bytes sent (issue 42)', async () => {
    const file = tempFile();
    const t = createTestMock({ dataFile: file });
    const bytes = new Uint8Array(Array.from({ length: 300 }, (_, i) => (i * 91) % 256));
    const signed = await t.call('admin', 'POST', t.path('/v1/orgs/{organizations.acme}/storage/upload'), { file: { name: 'brand.woff2', type: 'font/woff2', size: bytes.length }, kind: 'customization_font' });
    const url = new URL(signed.body.url);
    expect((await t.mock.fetch(`http://localhost${url.pathname}${url.search}`, { method: 'PUT', body: bytes })).status).toBe(200);
    const again = createTestMock({ dataFile: file });
    const served = await again.mock.fetch(`http://localhost${url.pathname}`);
    expect(served.headers.get('content-type')).toBe('font/woff2');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('an admin change writes a snapshot and empties the journal', async () => {
    const file = tempFile();
    const t = createTestMock({ dataFile: file });
    await t.call('commenter', 'POST', t.path('/v1/spaces/{spaces.handbook}/comments'), { body: { markdown: 'x' } });
    await t.admin('POST', '/__admin/clock', { advance: 'P1D' });
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe('');
    const clock = (await t.admin('GET', '/__admin/clock')).body;
    const again = createTestMock({ dataFile: file });
    expect((await again.admin('GET', '/__admin/clock')).body.now).toBe(clock.now);
  });

  it('compacts in the background, keeping the lines written while the snapshot was saved', async () => {
    const file = tempFile();
    let counter = 0;
    const current = () => ({ scenario: 'empty', clock: { now: '2024-01-01T00:00:00.000Z', frozen: true }, manifest: {}, state: {}, counter } as unknown as SavedState);
    const append = (i: number) => {
      counter = i;
      data.append([['comments', `c${i}`, null]], i);
    };
    // Measure one line, then start compactions once the journal holds more than two.
    const probe = new DataFile(tempFile(), current);
    probe.snapshotNow();
    probe.append([['comments', 'c1', null]], 1);
    const line = readFileSync(probe.journalPath, 'utf8').length;
    const data = new DataFile(file, current, 2.5 * line);
    data.snapshotNow();
    for (let i = 1; i <= 5; i++) append(i);
    // The compaction runs in the background: wait for its snapshot (polling, not a fixed
    // delay, which a loaded machine outran), then for the journal it rewrites.
    await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8')).seq).toBe(3), { timeout: 10_000, interval: 10 });
    await vi.waitFor(
      () => expect(readFileSync(`${file}.journal`, 'utf8').trim().split('\n').map((l) => JSON.parse(l).seq)).toEqual([4, 5]),
      { timeout: 10_000, interval: 10 },
    );
    // The snapshot was taken at the third line; the fourth and fifth stay in the journal.
    expect(JSON.parse(readFileSync(file, 'utf8')).counter).toBe(3);
    const loaded = new DataFile(file, current).load()!;
    expect(loaded.entries.map((e) => e.seq)).toEqual([4, 5]);
  });

  it('compacts when the journal reaches an eighth of the snapshot, so a big state is not rewritten every few thousand writes', async () => {
    const file = tempFile();
    // A 16 MB snapshot (an eighth: 2 MB of journal, past the 1 MiB floor) and lines of about 10 kB.
    const current = () => ({ scenario: 'empty', clock: { now: '2024-01-01T00:00:00.000Z', frozen: true }, manifest: {}, state: {}, filler: 'x'.repeat(16_000_000) } as unknown as SavedState);
    const data = new DataFile(file, current);
    data.snapshotNow();
    const row = { id: 'c', text: 'y'.repeat(10_000) };
    for (let i = 1; i <= 190; i++) data.append([['comments', `c${i}`, { ...row, id: `c${i}` } as never]], i);
    expect(readFileSync(`${file}.journal`, 'utf8').trim().split('\n')).toHaveLength(190);
    for (let i = 191; i <= 220; i++) data.append([['comments', `c${i}`, { ...row, id: `c${i}` } as never]], i);
    await vi.waitFor(() => expect(JSON.parse(readFileSync(file, 'utf8')).seq).toBeGreaterThan(190), { timeout: 10_000, interval: 10 });
  });
});
