/**
 * The `--data` file: a snapshot (FILE, the whole state as JSON) and beside it a journal
 * (FILE.journal), one JSON line per committed API write. A write costs one appended line,
 * not a rewrite of the state; it is in the file (the kernel's page cache) before the client
 * gets its answer, so it survives `kill -9`.
 *
 * Every line carries a sequence number and the snapshot names the last one it includes, so
 * any crash leaves a readable pair: on load, lines at or below the snapshot's number are
 * skipped, and a torn last line (the process died mid-append) is ignored. Compaction writes
 * a new snapshot in the background, then swaps in a journal holding only the lines after it.
 *
 * Both end with a seal (persistence/seal.ts): a file whose seals all match is the mock's own
 * writing and loads without the state check.
 *
 * Not a lowdb adapter: lowdb's adapter reads and writes the whole document (`read()` /
 * `write(data)`), which is exactly the cost this file exists to avoid.
 */
import { appendFileSync, closeSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { RowChange, StateJson } from '../store/store.ts';
import type { Manifest } from '../scenarios/loader.ts';
import { hasSeal, sealed, sealLine } from './seal.ts';
import { DataFileError } from './data-file-error.ts';

export interface SavedState {
  scenario: string;
  manifest: Manifest;
  /** Where the run-time id counter stood, so ids made after a restart never repeat. */
  idPosition?: number;
  /** The seed of the load (absent in files written before exports carried it: the app's). */
  seed?: number;
  clock: { now: string; frozen: boolean };
  state: StateJson;
  /** The last journal line this snapshot includes. */
  seq?: number;
}

/** One journal line: the rows a write changed, and where the id counter stood after it. */
export interface JournalEntry {
  seq: number;
  ids: number;
  changes: RowChange[];
}

/** What `load` found. `sealed`: whether the snapshot, and every journal line it replays, is the mock's own. */
export interface Loaded {
  saved: SavedState;
  entries: JournalEntry[];
  sealed: { snapshot: boolean; journal: boolean };
}

// A `--data` file that exists but is not a saved state (data-file-error.ts: runtime.ts throws it too).
export { DataFileError } from './data-file-error.ts';

/**
 * A background compaction starts when the journal since the last snapshot reaches this share
 * of the snapshot's size, and at least COMPACT_MIN_CHARS. A compaction costs about the
 * snapshot's size, so each write pays a fixed share of it whatever the state, and a restart
 * replays at most this much more. A fixed 5,000 lines made `large` (35 MB) compact every
 * 1.2 MB of journal: 0.5 s of stringify each time, a third of the CPU of POST a comment
 * under `--data` (docs/benchmarks.md, issue 18).
 */
const COMPACT_SHARE = 1 / 8;
const COMPACT_MIN_CHARS = 1 << 20;

/** Rows per piece of a snapshot: a background compaction gives way to requests between pieces. */
const ROWS_PER_PIECE = 250;

export class DataFile {
  private seq = 0;
  /** Lines not yet in a snapshot on disk, newest last (what a compaction keeps). */
  private pending: { seq: number; line: string }[] = [];
  /** The characters of `pending`, and of the snapshot on disk. */
  private pendingChars = 0;
  private snapshotChars = 0;
  private compacting = false;
  /** Bumped by every snapshot write, so a slow background one never replaces a newer one. */
  private generation = 0;

  constructor(
    readonly path: string,
    private readonly current: () => Omit<SavedState, 'seq'>,
    /** Journal characters that start a compaction; by default a share of the snapshot. */
    private readonly compactAfter?: number,
  ) {}

  private get compactThreshold(): number {
    return this.compactAfter ?? Math.max(COMPACT_MIN_CHARS, this.snapshotChars * COMPACT_SHARE);
  }

  get journalPath(): string {
    return `${this.path}.journal`;
  }

  /** The saved snapshot and the journal entries after it; undefined when there is no file. */
  load(): Loaded | undefined {
    const snapshot = readSnapshot(this.path);
    if (!snapshot) return undefined;
    const { saved } = snapshot;
    const lines = readJournal(this.journalPath).filter(({ entry }) => entry.seq > (saved.seq ?? 0));
    const entries = lines.map(({ entry }) => entry);
    this.seq = Math.max(saved.seq ?? 0, ...entries.map((entry) => entry.seq));
    this.pending = lines.map(({ entry, line }) => ({ seq: entry.seq, line: `${line}\n` }));
    this.pendingChars = this.pending.reduce((sum, entry) => sum + entry.line.length, 0);
    this.snapshotChars = snapshot.chars;
    return { saved, entries, sealed: { snapshot: snapshot.sealed, journal: lines.every(({ line }) => hasSeal(line)) } };
  }

  /** Appends one committed write; throws (having written nothing whole) when the disk refuses. */
  append(changes: RowChange[], ids: number): void {
    const seq = this.seq + 1;
    const line = `${sealLine(JSON.stringify({ seq, ids, changes } satisfies JournalEntry))}\n`;
    appendFileSync(this.journalPath, line);
    this.seq = seq;
    this.pending.push({ seq, line });
    this.pendingChars += line.length;
    if (this.pendingChars >= this.compactThreshold && !this.compacting) void this.compactInBackground();
  }

  /** Writes the whole state now and empties the journal (admin changes, and on exit). */
  snapshotNow(): void {
    this.generation++;
    const seq = this.seq;
    const tmp = `${this.path}.tmp`;
    const fd = openSync(tmp, 'w');
    let chars = 0;
    try {
      for (const chunk of snapshotChunks({ ...this.current(), seq })) {
        writeSync(fd, chunk);
        chars += chunk.length;
      }
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
    this.snapshotChars = chars;
    this.dropThrough(seq);
  }

  private async compactInBackground(): Promise<void> {
    this.compacting = true;
    const generation = ++this.generation;
    const seq = this.seq;
    // Rows never change in place, so the lists taken now stay this instant's state while
    // the chunks are written between requests.
    const chunks = snapshotChunks({ ...this.current(), seq });
    const tmp = `${this.path}.compact.tmp`;
    try {
      const file = await open(tmp, 'w');
      let chars = 0;
      try {
        for (const chunk of chunks) {
          await file.write(chunk);
          chars += chunk.length;
        }
      } finally {
        await file.close();
      }
      // An admin change wrote a newer snapshot meanwhile: this one is stale.
      if (generation !== this.generation) return;
      renameSync(tmp, this.path);
      this.snapshotChars = chars;
      this.dropThrough(seq);
    } catch {
      // The journal still holds every line; the next compaction tries again.
    } finally {
      this.compacting = false;
    }
  }

  /** Rewrites the journal with only the lines after `seq` (synchronously, so no append interleaves). */
  private dropThrough(seq: number): void {
    this.pending = this.pending.filter((entry) => entry.seq > seq);
    this.pendingChars = this.pending.reduce((sum, entry) => sum + entry.line.length, 0);
    const tmp = `${this.journalPath}.tmp`;
    writeFileSync(tmp, this.pending.map((entry) => entry.line).join(''));
    renameSync(tmp, this.journalPath);
  }
}

/**
 * The snapshot's JSON in pieces of ROWS_PER_PIECE rows, so that no one string holds the whole
 * state (a 35 MB state made a 35 MB string, twice over while it was written), sealed.
 */
function snapshotChunks(saved: SavedState): Generator<string> {
  return sealed(openSnapshot(saved));
}

/** The snapshot's JSON without its closing brace (the seal closes it). */
function* openSnapshot(saved: SavedState): Generator<string> {
  const { state, ...head } = saved;
  yield `${JSON.stringify(head).slice(0, -1)},"state":{`;
  let first = true;
  for (const [name, rows] of Object.entries(state) as [string, unknown[]][]) {
    yield `${first ? '' : ','}${JSON.stringify(name)}:[`;
    first = false;
    for (let i = 0; i < rows.length; i += ROWS_PER_PIECE) {
      yield `${i === 0 ? '' : ','}${rows.slice(i, i + ROWS_PER_PIECE).map((row) => JSON.stringify(row)).join(',')}`;
    }
    yield ']';
  }
  yield '}';
}

function readSnapshot(path: string): { saved: SavedState; sealed: boolean; chars: number } | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFileError(`cannot read data file ${path}: ${(error as Error).message}`);
  }
  let saved: unknown;
  try {
    saved = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new DataFileError(`data file ${path} is not JSON: ${(error as Error).message}`);
  }
  const problem = shapeProblem(saved);
  if (problem) throw new DataFileError(`data file ${path} is not a gitbook-mock state: ${problem}`);
  return { saved: saved as SavedState, sealed: hasSeal(bytes), chars: bytes.length };
}

/** The journal's entries; a torn last line is the mark of a crash mid-append and is dropped. */
function readJournal(path: string): { entry: JournalEntry; line: string }[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new DataFileError(`cannot read journal ${path}: ${(error as Error).message}`);
  }
  const lines = text.split('\n');
  const entries: { entry: JournalEntry; line: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] === '') continue;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(lines[i]);
    } catch {
      if (i >= lines.length - 2 && !text.endsWith('\n')) break;
      throw new DataFileError(`journal ${path} line ${i + 1} is not JSON`);
    }
    if (!Number.isInteger(entry?.seq) || !Number.isInteger(entry.ids) || !Array.isArray(entry.changes))
      throw new DataFileError(`journal ${path} line ${i + 1} is not a journal entry`);
    entries.push({ entry, line: lines[i] });
  }
  return entries;
}

function shapeProblem(saved: unknown): string | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(saved)) return `expected an object, found ${saved === null ? 'null' : Array.isArray(saved) ? 'an array' : typeof saved}`;
  if (typeof saved.scenario !== 'string') return '"scenario" must be a string';
  if (!isObject(saved.clock) || typeof saved.clock.now !== 'string' || typeof saved.clock.frozen !== 'boolean')
    return '"clock" must be an object with "now" (string) and "frozen" (boolean)';
  if (!isObject(saved.state)) return '"state" must be an object';
  if (!isObject(saved.manifest)) return '"manifest" must be an object';
  if (saved.idPosition !== undefined && !Number.isInteger(saved.idPosition)) return '"idPosition" must be an integer';
  if (saved.seed !== undefined && !Number.isInteger(saved.seed)) return '"seed" must be an integer';
  if (saved.seq !== undefined && !Number.isInteger(saved.seq)) return '"seq" must be an integer';
  return undefined;
}
