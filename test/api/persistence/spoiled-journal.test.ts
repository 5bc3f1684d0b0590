/**
 * Fidelity rule 4 for the `--data` journal: a line written by hand (no seal) that lays a
 * spoiled record over the state. Each file either does not open (one DataFileError naming the
 * state or journal problem, as the CLI prints it), or opens, and then every read operation
 * answers without a 5xx. The spoils are the ones PUT /__admin/state is fuzzed with.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMock, type Mock } from '../../../src/app.ts';
import { DataFileError } from '../../../src/persistence/data-file.ts';
import { fill, random, reads, spoil, type State } from '../../helpers/spoil.ts';

const SEED = 0x10a7;
const SPOILS = 30;
const wallClock = () => Date.parse('2026-01-01T00:00:00Z');

const dir = mkdtempSync(join(tmpdir(), 'gitbook-mock-spoiled-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('spoiled --data journal lines', () => {
  it(`each file is refused when it opens, or serves every read without a 5xx (${SPOILS} spoils, seed ${SEED})`, async () => {
    const original = join(dir, 'state.json');
    const first = createMock({ scenario: 'starter', dataFile: original, wallClock });
    const base = first.runtime.exportState() as unknown as State;
    const token = first.runtime.manifest.tokens.admin;
    const rnd = random(SEED);
    const failures: string[] = [];
    let refused = 0;
    for (let n = 0; n < SPOILS; n++) {
      const spoiled = spoil(base, rnd);
      const row = (spoiled.state[spoiled.collection] as unknown[] | null | undefined)?.[spoiled.index] ?? null;
      const id = row && typeof row === 'object' && 'id' in row ? (row as { id: unknown }).id : 'x';
      const file = join(dir, `spoil-${n}.json`);
      copyFileSync(original, file);
      writeFileSync(`${file}.journal`, `${JSON.stringify({ seq: 1, ids: 0, changes: [[spoiled.collection, id, row]] })}\n`);
      let mock: Mock;
      try {
        mock = createMock({ dataFile: file, wallClock });
      } catch (error) {
        refused++;
        const message = (error as Error).message;
        if (!(error instanceof DataFileError) || !/does not hold a valid state: Invalid (state: state[.[]|journal)/.test(message)) {
          failures.push(`${spoiled.what}: refused with ${(error as Error).name}: ${message.slice(0, 200)}`);
        }
        continue;
      }
      const loaded = mock.runtime.exportState() as unknown as State;
      for (const op of reads) {
        const read = await mock.fetch(`http://localhost${fill(op.path, loaded, spoiled)}`, { headers: { authorization: `Bearer ${token}` } });
        await read.arrayBuffer();
        if (read.status >= 500) failures.push(`${spoiled.what}: GET ${op.path} answered ${read.status}`);
      }
    }
    expect([...new Set(failures)]).toEqual([]);
    // Most spoils break the state; a few (a duplicated id) are edits that stay valid.
    expect(refused).toBeGreaterThan(SPOILS / 2);
  });
});
