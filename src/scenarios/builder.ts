/**
 * What every scenario build step shares: derived ids by key, key lookups that report the
 * path of a bad reference, times relative to the scenario's now, and seeded filler data.
 */
import { didYouMean, nearest } from '../text/nearest.ts';
import type { Faker } from '@faker-js/faker';
import { deriveId } from '../ids.ts';
import { sha256Of } from '../text/digest.ts';
import { resolveTime } from '../clock.ts';
import { locateEntry, placesOf, ScenarioError } from './scenario-source.ts';
import type { ScenarioFile } from './types.ts';
import { fieldPath } from '../contract/validators.ts';
import type { GeneratedState, StateJson } from '../store/store.ts';
import { MANIFEST_GROUPS, type ManifestGroup } from '../store/collections/index.ts';

/** The groups of the manifest (docs/contract.md), as the collections declare them (store/collections/). */
export const MANIFEST_COLLECTIONS = MANIFEST_GROUPS;
export type ManifestCollection = ManifestGroup;

/** Values for one property of a resource schema (json-schema-faker over `schemas/`). */
export interface Filler {
  property<T = unknown>(id: string, property: string): T;
}

/**
 * Where filler data comes from, for what a scenario leaves out: faker and json-schema-faker
 * (node-filler.ts; loaded on first use). The browser build has none: a scenario that needs
 * filler is refused there, naming what to give.
 */
export interface FillerKit {
  /** A new English faker (the builder seeds it). */
  faker(): Faker;
  /** json-schema-faker over the resource schemas, seeded, with `faker` for its hints. */
  filler(seed: number, faker: Faker): Filler;
}

export class Builder {
  private lazyFaker?: Faker;
  private lazyFill?: Filler;
  readonly nowMs: number;
  readonly state: StateJson;
  /** Rows a generator describes, made when first read (store/generated-rows.ts), by collection. */
  readonly generated: GeneratedState = {};
  readonly keys = new Map<ManifestCollection, Map<string, string>>();
  readonly tokens: Record<string, string> = {};
  readonly shareKeys: Record<string, string> = {};
  /** The token of each installation, by installation key. */
  readonly installationTokens: Record<string, string> = {};
  /** The signing secret of each integration, by integration key. */
  readonly signingSecrets: Record<string, string> = {};
  /** The token of each integration, by integration key. */
  readonly integrationTokens: Record<string, string> = {};
  /** The secrets of each integration, by integration key. */
  readonly secrets: Record<string, Record<string, string>> = {};
  /** Where each key was declared, to report duplicates. */
  private readonly declared = new Map<string, string>();
  /** `collection:id` of the ids the scenario pins. */
  private readonly pinned = new Set<string>();
  private counter = 0;
  private times = 0;

  constructor(
    readonly seed: number,
    now: string,
    readonly fillerSeed: number,
    readonly source: string,
    emptyState: StateJson,
    private readonly kit?: FillerKit,
    /** The scenario as merged with what it extends: failures name an entry in the file that wrote it. */
    private readonly file?: ScenarioFile & { name?: string },
  ) {
    this.nowMs = Date.parse(now);
    this.state = emptyState;
    for (const c of MANIFEST_COLLECTIONS) this.keys.set(c, new Map());
  }

  /** Seeded filler data (names, texts); created on first use. */
  get faker(): Faker {
    if (!this.lazyFaker) {
      this.lazyFaker = this.fillerKit().faker();
      this.lazyFaker.seed([this.seed, this.fillerSeed]);
      this.lazyFaker.setDefaultRefDate(new Date(this.nowMs));
    }
    return this.lazyFaker;
  }

  /** json-schema-faker over our resource schemas, for fields the scenario leaves out. */
  get fill(): Filler {
    this.lazyFill ??= (() => {
      const faker = this.faker;
      return this.fillerKit().filler(this.seed * 7919 + this.fillerSeed, faker);
    })();
    return this.lazyFill;
  }

  /** Where filler data comes from; a build without one refuses a scenario that needs it. */
  private fillerKit(): FillerKit {
    if (!this.kit) {
      throw new ScenarioError(
        `${this.source} leaves out fields that are filled with generated data (faker), which this build does not include: give every title, name and text in the scenario`,
      );
    }
    return this.kit;
  }

  /** The keys declared in `collection` (every collection has its map from the start). */
  private keysOf(collection: ManifestCollection): Map<string, string> {
    let byKey = this.keys.get(collection);
    if (!byKey) this.keys.set(collection, (byKey = new Map()));
    return byKey;
  }

  /** Fails naming `path` (a pointer such as `/comments/2/space`) as `scenario.comments[2].space`. */
  fail(path: string, message: string): never {
    throw new ScenarioError(this.problem(path, message));
  }

  /**
   * Notes a problem and lets the build go on, so that a file's problems are said at once
   * (`buildScenario` throws them together at the end). What comes of going on with a wrong
   * reference is not said: only the problems the file has.
   */
  note(path: string, message: string): void {
    const sentence = this.problem(path, message);
    if (!this.problems.includes(sentence)) this.problems.push(sentence);
  }

  /** What the build noted, in the order it met them. */
  readonly problems: string[] = [];

  /** `/tmp/mine.json: scenario.comments[0].space: unknown ... (line 5, column 40)`. */
  private problem(path: string, message: string): string {
    const at = this.placeOf(path);
    const place = at?.line === undefined ? '' : ` (line ${at.line}, column ${at.column})`;
    return `${at ? `${at.file}: ${at.field}` : this.where(path)}: ${message}${place}`;
  }

  /** The file, field and place of `path` when the scenario was read from files. */
  private placeOf(path: string): { file: string; field: string; line?: number; column?: number } | undefined {
    const places = this.file && placesOf(this.file);
    if (!places || !this.file) return undefined;
    const found = locateEntry(this.file, path) ?? (this.file.name === undefined ? undefined : { scenario: this.file.name, pointer: path });
    const place = found && places(found.scenario, found.pointer);
    return place && found ? { ...place, field: fieldPath('scenario', found.pointer) } : undefined;
  }

  /**
   * `scenario "mine": scenario.comments[0].space`: an entry of a scenario that `extends`
   * another is named by its index in the file that wrote it, not in the merged list.
   */
  where(path: string): string {
    const found = this.file && locateEntry(this.file, path);
    return found ? `scenario "${found.scenario}": ${fieldPath('scenario', found.pointer)}` : `${this.source}: ${fieldPath('scenario', path)}`;
  }

  /** Declares entity `key` of `collection` and returns its id (derived from seed and key). */
  declare(collection: ManifestCollection, key: string, path: string, id?: string): string {
    const seen = this.declared.get(`${collection}:${key}`);
    if (seen) this.note(path, `key "${key}" is already used by ${this.where(seen)}`);
    this.declared.set(`${collection}:${key}`, path);
    const value = id ?? deriveId(`${this.seed}:${collection}:${key}`);
    // A pinned id (a recorded scenario keeps the upstream's) must not be taken twice.
    if (id !== undefined) {
      if (this.pinned.has(`${collection}:${id}`)) this.fail(`${path}/id`, `id "${id}" is already used in ${collection}`);
      this.pinned.add(`${collection}:${id}`);
    }
    this.keysOf(collection).set(key, value);
    return value;
  }

  /** The id of entity `key` of `collection`, or a failure naming `path`. */
  ref(collection: ManifestCollection, key: string, path: string): string {
    const id = this.keysOf(collection).get(key);
    if (id !== undefined) return id;
    this.note(path, `unknown ${collection} key "${key}"${didYouMean(nearest(key, this.keysOf(collection).keys()))}`);
    // The build goes on to find the file's other problems; it is refused at its end.
    return deriveId(`${this.seed}:missing:${collection}:${key}`);
  }

  /** A row this build made (its id came from `declare` or `ref`): an error if `rows` lacks it. */
  built<T extends { id: string }>(rows: readonly T[], id: string): T {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Error(`${this.source}: the build has no row ${id}`);
    return row;
  }

  /** An id for an entity the scenario does not name. */
  anonymousId(kind: string): string {
    this.counter += 1;
    return deriveId(`${this.seed}:anonymous:${kind}:${this.counter}`);
  }

  /** A scenario time (ISO or relative duration), or `fallbackAgoMs` before now. */
  time(value: string | undefined, path: string, fallbackAgoMs = 0): string {
    if (value === undefined) return new Date(this.nowMs - fallbackAgoMs).toISOString();
    const iso = (() => {
      try {
        return resolveTime(value, this.nowMs);
      } catch {
        return undefined;
      }
    })();
    if (!iso) this.fail(path, `"${value}" is neither a date-time nor a duration like "-P3D"`);
    return iso;
  }

  /** A random past time between `minDays` and `maxDays` days before now (seeded). */
  pastTime(minDays: number, maxDays: number): string {
    // A hash of seed and call count, not faker: times are the one filler every scenario
    // needs, and this keeps faker from loading for scenarios that name everything else.
    this.times += 1;
    const digest = sha256Of(`${this.seed}:${this.fillerSeed}:time:${this.times}`);
    const days = minDays + (new DataView(digest.buffer, digest.byteOffset).getUint32(0) / 2 ** 32) * (maxDays - minDays);
    return new Date(this.nowMs - Math.round(days * 86_400_000)).toISOString();
  }

  manifestIds(): Record<string, Record<string, string>> {
    const out: Record<string, Record<string, string>> = {};
    for (const [collection, byKey] of this.keys) out[collection] = Object.fromEntries(byKey);
    return out;
  }
}

