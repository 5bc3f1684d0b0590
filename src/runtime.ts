/**
 * Everything one session holds: store, clock, ids, the loaded scenario and its snapshot,
 * the request log, fault rules and coverage. createApp builds the default session's
 * runtime; every other session is a `fork()` of it (src/sessions/). The sessions of one app
 * share its options and scenario catalog; all apps share the compiled schemas.
 */
import { Caches } from './cache/caches.ts';
import { ApiError, errors } from './contract/errors.ts';
import type { DataFile, JournalEntry, SavedState } from './persistence/data-file.ts';
import { DataFileError } from './persistence/data-file-error.ts';
import { VirtualClock } from './clock.ts';
import { IdSource } from './ids.ts';
import { Store, type RowChange, type StateJson, type StoreSnapshot, type Tables } from './store/store.ts';
import { RequestLog } from './journal/request-log.ts';
import { problemOf, type Validators } from './contract/validators.ts';
import type { Catalog } from './scenarios/scenario-source.ts';
import type { Platform } from './platform.ts';
import { buildScenario, type Manifest } from './scenarios/loader.ts';
import { BuiltScenarios, type BuiltScenario } from './scenarios/built-scenarios.ts';
import { checkState, STATE_FORMAT, type StateExport, type StateHead } from './scenarios/state-check.ts';
import { Coverage } from './coverage/coverage.ts';
import { FaultRules } from './faults/rules.ts';
import { routedOperations } from './resources/index.ts';
import { EventLog } from './events/event-log.ts';
import { checkAppOptions, SEED_RANGE, type AppOptions } from './app-options.ts';
import { argumentError, checkWhole } from './text/argument-error.ts';

export type { AppOptions } from './app-options.ts';

interface Loaded {
  name: string;
  manifest: Manifest;
  /** The seed of the load: the app's, or the one an imported state brought (filler and run-time ids). */
  seed: number;
  /**
   * The state just after the load; absent after a restart from `--data` or an import until a
   * reset builds it (or, for a scenario this server does not have, the state as imported).
   */
  snapshot?: StoreSnapshot;
  /** The scenario as read when it was built (JSON), for a load of the same one again. */
  source?: string;
}

type LoadedWithSnapshot = Loaded & { snapshot: StoreSnapshot };

export class Runtime {
  readonly store = new Store();
  readonly clock: VirtualClock;
  readonly ids: IdSource;
  readonly log: RequestLog;
  readonly catalog: Catalog;
  /** The scenarios this app built lately, shared by its sessions (scenarios/built-scenarios.ts). */
  readonly built: BuiltScenarios;
  /** Which operations and state-machine transitions this runtime's requests exercised. */
  readonly coverage = new Coverage(routedOperations);
  /** Response-control rules (/__admin/faults); cleared by reset and scenario load. */
  readonly faults = new FaultRules(routedOperations, (rule) => problemOf(this.schemas.strictValidator('admin/fault-rule'), rule, 'rule'));
  /** Values derived from this session's tables, kept while those tables are unchanged (cache/caches.ts). */
  readonly caches = new Caches();
  /** The events this session's writes sent to integrations (/__admin/events); cleared by reset and scenario load. */
  readonly events: EventLog;
  private loaded!: Loaded;
  private file?: DataFile;

  /**
   * `platform`: what the entry point gives (node-platform.ts, or the browser's in msw/).
   * `fork`: the catalog of the app, its built scenarios and the scenario load to start from
   * (a new session); without it, the app's default session (it loads the scenario or the data file).
   */
  constructor(
    readonly platform: Platform,
    readonly options: AppOptions = {},
    fork?: { catalog: Catalog; built: BuiltScenarios; base: LoadedWithSnapshot },
  ) {
    // The options of an app are checked once, by its default session (its forks share them).
    if (!fork) checkAppOptions(options);
    this.clock = new VirtualClock(0, options.wallClock);
    const seed = () => String(this.seed);
    this.ids = new IdSource(seed, (id) => this.store.taken(id));
    this.log = new RequestLog(options.requestLogLimit);
    this.events = new EventLog(this.clock, seed, options.events, (type) => this.coverage.event(type));
    this.catalog = fork?.catalog ?? platform.catalog(options.scenariosDirs ?? []);
    this.built = fork?.built ?? new BuiltScenarios();
    if (fork) {
      this.loaded = fork.base;
      this.reset();
      return;
    }
    const restored = options.dataFile ? this.openDataFile(options.dataFile) : false;
    if (!restored) this.loadScenario(options.scenario ?? 'starter');
  }

  /**
   * A new session's runtime: the state, clock and ids just after this runtime's last
   * scenario load, sharing its rows until it writes (copy-on-write, see store/table.ts);
   * its own journal, fault rules and coverage, and no data file.
   */
  fork(): Runtime {
    return new Runtime(this.platform, this.options, { catalog: this.catalog, built: this.built, base: this.loadedWithSnapshot() });
  }

  /** The last load with its snapshot, built now if a restart from `--data` left it out. */
  private loadedWithSnapshot(): LoadedWithSnapshot {
    if (!this.loaded.snapshot) {
      const { snapshot, source } = this.build(this.loaded.name, this.loaded.seed);
      this.loaded = { ...this.loaded, snapshot, source };
    }
    return this.loaded as LoadedWithSnapshot;
  }

  /**
   * Scenario `name` with `seed` as loaded: kept by the app if one of its sessions built it
   * lately (the same scenario as read now, the same seed), else built ahead of time by the
   * package, else built now; the state is a snapshot, never changed, shared by whoever loads it.
   */
  private build(name: string, seed: number): BuiltScenario & { source: string } {
    const scenario = this.catalog.read(name);
    const source = JSON.stringify(scenario);
    // The scenario loaded now, as it was built: its own snapshot, kept by the app or not.
    const { loaded } = this;
    if (loaded?.snapshot && loaded.source === source && loaded.name === name && loaded.seed === seed) return { manifest: loaded.manifest, snapshot: loaded.snapshot, source };
    const key = BuiltScenarios.key(name, source, seed);
    const kept = this.built.get(key);
    if (kept) return { ...kept, source };
    const built = this.platform.prebuilt?.(this.catalog, scenario, seed) ?? buildScenario(scenario, { fillerSeed: seed, filler: this.platform.filler });
    const store = new Store();
    store.import(built.state, true, built.generated);
    const result = { manifest: built.manifest, snapshot: store.snapshot() };
    this.built.set(key, result);
    return { ...result, source };
  }

  /** The compiled schemas, shared by the process (the platform's: see contract/schemas.ts and msw/). */
  get schemas(): Validators {
    return this.platform.validators();
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

  /** The seed of the filler data and of the ids made from now on (the app's, unless an import brought one). */
  get seed(): number {
    return this.loaded?.seed ?? this.options.seed ?? 0;
  }

  /**
   * Replaces the whole state with scenario `name`; throws (changing nothing) if it is bad.
   * `seed`: the app's, unless a reset rebuilds a load that brought its own.
   */
  loadScenario(name: string, seed = this.options.seed ?? 0): Manifest {
    if (typeof name !== 'string' || name === '') throw argumentError('loadScenario(name): name', 'the name of a scenario', name);
    checkWhole('loadScenario(name, seed): seed', seed, ...SEED_RANGE);
    // A scenario built lately (by this session or another of the app), loaded again as it was
    // built (the same file, the same seed), is restored as a reset restores: the build would
    // make the very rows its snapshot holds. A suite that loads `large` before each test, or
    // in each of its sessions, waits a few milliseconds for it instead of the build's 100, and
    // shares the rows its sessions made when they read them (issue 25). See scenarios/built-scenarios.ts.
    const { manifest, snapshot, source } = this.build(name, seed);
    this.loaded = { name, manifest, seed, snapshot, source };
    return this.reset();
  }

  /** State and clock back to just after the last scenario load. */
  reset(): Manifest {
    if (!this.loaded.snapshot) return this.loadScenario(this.loaded.name, this.loaded.seed);
    this.store.restore(this.loaded.snapshot);
    this.ids.position = 0;
    this.clock.set(this.loaded.manifest.now);
    this.faults.clear();
    this.events.clear();
    return this.loaded.manifest;
  }

  /** The records, every collection in insertion order. */
  exportState(): StateJson {
    return this.store.export();
  }

  /** What GET /__admin/state answers: the records, and beside them what reproduces them elsewhere. */
  exportWhole(): StateExport {
    return { ...this.head(), ...this.store.export() };
  }

  private head(): StateHead {
    const { name, manifest, seed } = this.loaded;
    return { format: STATE_FORMAT, scenario: name, clock: this.clock.state(), manifest, seed, idPosition: this.ids.position };
  }

  /**
   * Replaces the state with an exported one (records only, or an export of format 2, whose
   * scenario, manifest, seed, id counter and clock become this session's); throws a 400
   * naming the bad path. `owned`: the caller hands the rows over (freshly parsed, nobody else
   * holds them), so they are not copied.
   */
  importState(state: unknown, owned = false): void {
    const { records, head } = checkState(state, this.schemas);
    this.store.import(records, owned);
    if (head) this.takeHead(head);
  }

  /**
   * An imported head: reset goes back to its scenario as loaded with its seed (built on the
   * first reset), or to the state as imported when this server has no scenario of that name.
   */
  private takeHead(head: StateHead): void {
    const known = this.catalog.has(head.scenario);
    this.loaded = { name: head.scenario, manifest: head.manifest, seed: head.seed, snapshot: known ? undefined : this.store.snapshot() };
    this.ids.position = head.idPosition;
    this.clock.freeze(head.clock.frozen);
    this.clock.set(head.clock.now);
  }

  /** The whole state as the data file keeps it. */
  private saved(): Omit<SavedState, 'seq'> {
    return {
      scenario: this.loaded.name,
      manifest: this.loaded.manifest,
      seed: this.loaded.seed,
      clock: this.clock.state(),
      idPosition: this.ids.position,
      state: this.store.export(),
    };
  }

  /** Writes the whole state to the data file now (on exit; admin changes do it themselves). */
  flush(): void {
    this.file?.snapshotNow();
  }

  /**
   * Saves an API write (the rows it changed) to the data file's journal; if the disk refuses,
   * `undo` takes the write back and the client gets a 503, so what it sees matches the disk.
   */
  save(changes: RowChange[], undo: () => void): void {
    const { file } = this;
    if (!file || changes.length === 0) return;
    this.failSafely(() => file.append(changes, this.ids.position), undo);
  }

  private failSafely(write: () => void, undo: () => void): void {
    try {
      write();
    } catch (error) {
      undo();
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(503, `The state could not be saved to the data file, so the change was undone: ${reason}`);
    }
  }

  /** Runs an admin change (scenario, reset, state, clock) and saves it, or undoes all of it. */
  change<T>(apply: () => T): T {
    const { file } = this;
    if (!file) return apply();
    const store = this.store.snapshot();
    const { loaded, ids } = this;
    const clock = this.clock.state();
    const idPosition = ids.position;
    const result = apply();
    this.failSafely(() => file.snapshotNow(), () => {
      this.store.restore(store);
      this.loaded = loaded;
      this.ids.position = idPosition;
      this.clock.set(clock.now);
      this.clock.freeze(clock.frozen);
    });
    return result;
  }

  private openDataFile(path: string): boolean {
    if (!this.platform.dataFile) throw new DataFileError(`a data file (${path}) needs the Node server; this build keeps the state in memory only`);
    this.file = this.platform.dataFile(path, () => this.saved());
    const found = this.file.load();
    if (!found) {
      // A fresh start: write the snapshot the journal will grow from.
      this.loadScenario(this.options.scenario ?? 'starter');
      try {
        this.file.snapshotNow();
      } catch (error) {
        throw new DataFileError(`cannot write data file ${path}: ${(error as Error).message}`);
      }
      return true;
    }
    const { saved, entries, sealed } = found;
    // Reset goes back to the scenario the file was made from; it is built on the first reset
    // (building `large` takes longer than reading the file), but must load now. A file whose
    // scenario this server does not have (a state imported from another server) resets to
    // the state as the file holds it.
    const known = this.catalog.has(saved.scenario);
    if (known) this.catalog.read(saved.scenario);
    this.loaded = { name: saved.scenario, manifest: saved.manifest, seed: saved.seed ?? this.options.seed ?? 0 };
    // The mock's own writing loads as written; anything else gets the state check first
    // (the snapshot) or after the replay (the journal's lines). See persistence/seal.ts.
    try {
      if (sealed.snapshot) this.store.import(saved.state, true);
      else this.importState(saved.state, true);
      this.replay(entries, sealed.journal);
    } catch (error) {
      if (error instanceof ApiError) throw new DataFileError(`${path} does not hold a valid state: ${error.message}`);
      throw error;
    }
    this.ids.position = entries.at(-1)?.ids ?? saved.idPosition ?? 0;
    this.clock.set(saved.clock.now);
    this.clock.freeze(saved.clock.frozen);
    if (!known) this.loaded.snapshot = this.store.snapshot();
    return true;
  }

  /** Lays the journal's writes over the state; lines the mock did not seal are checked with it. */
  private replay(entries: JournalEntry[], sealed: boolean): void {
    try {
      for (const entry of entries) this.store.apply(entry.changes);
    } catch (error) {
      // A change that is not [collection, id, row or null] cannot be laid over the state.
      throw errors.badRequest(`Invalid journal: ${(error as Error).message}`);
    }
    if (!sealed) checkState(this.store.export(), this.schemas);
  }
}
