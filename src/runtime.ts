/**
 * Everything one app holds: store, clock, ids, schemas, the loaded scenario and its
 * snapshot, and the request log. Built by createApp; nothing here is shared between apps
 * except the compiled schemas, which never change.
 */
import { readFileSync } from 'node:fs';
import { JSONFile } from 'lowdb/node';
import { Low } from 'lowdb';
import { ApiError } from './http/errors.ts';
import { VirtualClock } from './clock.ts';
import { IdSource } from './ids.ts';
import { COLLECTION_NAMES, Store, type StateJson, type StoreSnapshot, type Tables } from './store/store.ts';
import { RequestLog } from './admin/request-log.ts';
import { sharedSchemas, type Schemas } from './http/schemas.ts';
import { ScenarioCatalog } from './scenarios/catalog.ts';
import { buildScenario, type Manifest } from './scenarios/loader.ts';
import { checkState } from './scenarios/state-check.ts';
import { Coverage } from './coverage/coverage.ts';
import { operations } from './resources/index.ts';

export interface AppOptions {
  /** Scenario loaded at start (default `starter`). */
  scenario?: string;
  /** Folders of user scenarios, searched before the built-in ones. */
  scenariosDirs?: string[];
  /** Changes the generated filler data (names, texts) without changing ids. */
  seed?: number;
  /** Delay added to every API response, in milliseconds. */
  latency?: number;
  /** Keep the state in this JSON file and load it on restart. */
  dataFile?: string;
  /** Wall time source of the virtual clock (tests inject one). */
  wallClock?: () => number;
  /** How many requests GET /__admin/requests keeps. */
  requestLogLimit?: number;
}

interface Loaded {
  name: string;
  manifest: Manifest;
  snapshot: StoreSnapshot;
}

export class Runtime {
  readonly store = new Store();
  readonly clock: VirtualClock;
  readonly ids: IdSource;
  readonly log: RequestLog;
  readonly catalog: ScenarioCatalog;
  /** Which operations and state-machine transitions this runtime's requests exercised. */
  readonly coverage = new Coverage(operations);
  private loaded!: Loaded;
  private file?: Low<StateFile>;

  constructor(readonly options: AppOptions = {}) {
    this.clock = new VirtualClock(0, options.wallClock);
    const tables = COLLECTION_NAMES.map((name) => this.store.tables[name] as { has(id: string): boolean });
    this.ids = new IdSource(String(options.seed ?? 0), (id) => tables.some((table) => table.has(id)));
    this.log = new RequestLog(options.requestLogLimit);
    this.catalog = new ScenarioCatalog(options.scenariosDirs ?? []);
    const restored = options.dataFile ? this.openDataFile(options.dataFile) : false;
    if (!restored) this.loadScenario(options.scenario ?? 'starter');
  }

  /** The compiled schemas, shared by the process; built on first use (see http/schemas.ts). */
  get schemas(): Schemas {
    return sharedSchemas();
  }

  get db(): Tables {
    return this.store.tables;
  }

  get scenarioName(): string {
    return this.loaded.name;
  }

  get manifest(): Manifest {
    return this.loaded.manifest;
  }

  /** Replaces the whole state with scenario `name`; throws (changing nothing) if it is bad. */
  loadScenario(name: string): Manifest {
    const scenario = this.catalog.read(name);
    const built = buildScenario(scenario, { fillerSeed: this.options.seed ?? 0 });
    this.store.import(built.state, true);
    this.ids.position = 0;
    this.clock.set(built.manifest.now);
    this.loaded = { name, manifest: built.manifest, snapshot: this.store.snapshot() };
    return built.manifest;
  }

  /** State and clock back to just after the last scenario load. */
  reset(): Manifest {
    this.store.restore(this.loaded.snapshot);
    this.ids.position = 0;
    this.clock.set(this.loaded.manifest.now);
    return this.loaded.manifest;
  }

  exportState(): StateJson {
    return this.store.export();
  }

  /** Replaces the state with an exported one; throws a 400 naming the bad path. */
  importState(state: unknown): void {
    const valid = checkState(state, this.schemas);
    this.store.import(valid);
  }

  /** Writes the state to the data file, if there is one (atomically). */
  async persist(): Promise<void> {
    if (!this.file) return;
    this.file.data = {
      scenario: this.loaded.name,
      manifest: this.loaded.manifest,
      clock: this.clock.state(),
      idPosition: this.ids.position,
      state: this.store.export(),
    };
    await this.file.write();
  }

  /**
   * Saves a change made by `undo`'s caller; if the data file cannot be written, `undo` takes
   * the change back and the client gets a 503, so what it sees matches what is on disk.
   */
  async save(undo: () => void): Promise<void> {
    try {
      await this.persist();
    } catch (error) {
      undo();
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(503, `The state could not be saved to the data file, so the change was undone: ${reason}`);
    }
  }

  /** Runs an admin change (scenario, reset, state, clock) and saves it, or undoes all of it. */
  async change<T>(apply: () => T): Promise<T> {
    if (!this.file) return apply();
    const store = this.store.snapshot();
    const { loaded, ids } = this;
    const clock = this.clock.state();
    const idPosition = ids.position;
    const result = apply();
    await this.save(() => {
      this.store.restore(store);
      this.loaded = loaded;
      this.ids.position = idPosition;
      this.clock.set(clock.now);
      this.clock.freeze(clock.frozen);
    });
    return result;
  }

  private openDataFile(path: string): boolean {
    this.file = new Low<StateFile>(new JSONFile<StateFile>(path), null as unknown as StateFile);
    const saved = readDataFile(path);
    if (!saved) return false;
    // Reset goes back to the scenario the file was made from: load it, then lay the saved
    // state, clock and id counter over it.
    this.loadScenario(saved.scenario);
    try {
      this.importState(saved.state);
    } catch (error) {
      if (error instanceof ApiError) throw new DataFileError(`${path} does not hold a valid state: ${error.message}`);
      throw error;
    }
    this.ids.position = saved.idPosition ?? 0;
    this.clock.set(saved.clock.now);
    this.clock.freeze(saved.clock.frozen);
    return true;
  }
}

interface StateFile {
  scenario: string;
  manifest: Manifest;
  /** Where the run-time id counter stood, so ids made after a restart never repeat. */
  idPosition?: number;
  clock: { now: string; frozen: boolean };
  state: StateJson;
}

/** A `--data` file that exists but is not a saved state; the CLI exits 2 with its message. */
export class DataFileError extends Error {}

/** The saved state in `path`, or undefined when there is no file yet (a fresh start). */
function readDataFile(path: string): StateFile | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFileError(`cannot read data file ${path}: ${(error as Error).message}`);
  }
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(`data file ${path} is not JSON: ${(error as Error).message}`);
  }
  const problem = shapeProblem(saved);
  if (problem) throw new DataFileError(`data file ${path} is not a gitbook-mock state: ${problem}`);
  return saved as StateFile;
}

function shapeProblem(saved: unknown): string | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(saved)) return `expected an object, found ${saved === null ? 'null' : Array.isArray(saved) ? 'an array' : typeof saved}`;
  if (typeof saved.scenario !== 'string') return '"scenario" must be a string';
  if (!isObject(saved.clock) || typeof saved.clock.now !== 'string' || typeof saved.clock.frozen !== 'boolean')
    return '"clock" must be an object with "now" (string) and "frozen" (boolean)';
  if (!isObject(saved.state)) return '"state" must be an object';
  if (saved.idPosition !== undefined && !Number.isInteger(saved.idPosition)) return '"idPosition" must be an integer';
  return undefined;
}
