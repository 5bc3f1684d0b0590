/**
 * What a source of scenarios offers, whatever holds them: files on disk (catalog.ts, the Node
 * server) or scenarios handed over as data (memory-catalog.ts, the browser build). Also the
 * error a bad scenario gives and how a scenario merges with the one it extends. Nothing here
 * imports Node.
 */
import { ApiError } from '../contract/errors.ts';
import type { ScenarioFile } from './types.ts';
import { SCENARIO_LISTS } from '../store/collections/index.ts';

/** A scenario that cannot be loaded; `status` is 404 for an unknown name, 400 otherwise. */
export class ScenarioError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 = 400,
  ) {
    super(message);
  }
}

export interface ScenarioListing {
  name: string;
  description: string;
  /** Why the scenario cannot load; absent when it can. */
  error?: string;
}

/** Where a runtime finds the scenarios it loads by name. */
export interface Catalog {
  has(name: string): boolean;
  /** The names of every scenario, without reading them. */
  names(): string[];
  /** Every scenario by name, with a one-line description (and `error` for one that cannot load). */
  list(): ScenarioListing[];
  /** The scenario, validated and merged with what it extends; throws a ScenarioError. */
  read(name: string): ScenarioFile & { name: string };
}

/** What a scenario's name may be (it is also a file name). */
export const SCENARIO_NAME = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,63}$/;

/** The lists a scenario file may have: those of the collections that declare one (store/collections/). */
const LISTS = SCENARIO_LISTS;

/** Where an entry of a merged list was written: the scenario file and its index there. */
interface Origin {
  scenario: string;
  index: number;
}

/** The origin of each entry of each list `mergeScenarios` made (keyed by the list, which outlives spreads of the scenario). */
const ORIGINS = new WeakMap<readonly unknown[], Origin[]>();

function originsOf(list: readonly unknown[], scenario: string | undefined): Origin[] | undefined {
  return ORIGINS.get(list) ?? (scenario === undefined ? undefined : list.map((_, index) => ({ scenario, index })));
}

/**
 * The child's entities come after the parent's; its seed, now and generator win. With the
 * names of both, each merged entry remembers the file and index it came from (`locateEntry`).
 */
export function mergeScenarios(parent: ScenarioFile & { name?: string }, child: ScenarioFile, childName?: string): ScenarioFile {
  const out: ScenarioFile = { ...parent, ...child, extends: undefined };
  for (const list of LISTS) {
    const [mine, theirs] = [parent[list] ?? [], child[list] ?? []];
    const merged = [...mine, ...theirs];
    if (merged.length === 0) continue;
    Object.assign(out, { [list]: merged });
    const before = originsOf(mine, parent.name);
    const after = originsOf(theirs, childName);
    if (before && after) ORIGINS.set(merged, [...before, ...after]);
  }
  return out;
}

/**
 * A pointer into a merged scenario (`/comments/4/space`) as the file that wrote the entry
 * spells it (`/comments/0/space` of "mine"); undefined for a pointer outside the merged lists.
 */
export function locateEntry(file: ScenarioFile, pointer: string): { scenario: string; pointer: string } | undefined {
  const [, list, index, ...rest] = pointer.split('/');
  const name = LISTS.find((known) => known === list);
  const entries = name === undefined ? undefined : file[name];
  if (!Array.isArray(entries) || !/^\d+$/.test(index ?? '')) return undefined;
  const origin = ORIGINS.get(entries)?.[Number(index)];
  if (!origin) return undefined;
  return { scenario: origin.scenario, pointer: ['', list, String(origin.index), ...rest].join('/') };
}

/**
 * Where a scenario read from files says an entry is: the file that wrote it and, when known, the
 * line and column of a pointer in it. The file catalog (Node) registers one for each scenario it
 * reads; a scenario handed over as data has none, and its problems are named by scenario.
 */
export type FilePlaces = (scenario: string, pointer: string) => { file: string; line?: number; column?: number } | undefined;

const PLACES = new WeakMap<object, FilePlaces>();

/** Remembers how to find places in the files `scenario` (a merged scenario object) was read from. */
export function rememberPlaces(scenario: object, places: FilePlaces): void {
  PLACES.set(scenario, places);
}

/** The places of the files `scenario` was read from, if a file catalog read it. */
export function placesOf(scenario: object): FilePlaces | undefined {
  return PLACES.get(scenario);
}

export function scenarioErrorToApi(error: unknown): unknown {
  if (error instanceof ScenarioError) {
    return new ApiError(error.status, error.message);
  }
  return error;
}
