/**
 * What a source of scenarios offers, whatever holds them: files on disk (catalog.ts, the Node
 * server) or scenarios handed over as data (memory-catalog.ts, the browser build). Also the
 * error a bad scenario gives and how a scenario merges with the one it extends. Nothing here
 * imports Node.
 */
import { ApiError } from '../http/errors.ts';
import type { ScenarioFile } from './types.ts';

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

const LISTS = [
  'users',
  'organizations',
  'teams',
  'spaces',
  'changeRequests',
  'comments',
  'sites',
  'samlProviders',
  'openapiSpecs',
  'translations',
  // Resource-engine families (src/resources/families/).
  'collections',
  'siteRedirects',
  'siteMcpServers',
  // The generic tier's families (src/resources/generic/).
  'officialRecords',
  'integrations',
  'installations',
] as const;

/** The child's entities come after the parent's; its seed, now and generator win. */
export function mergeScenarios(parent: ScenarioFile, child: ScenarioFile): ScenarioFile {
  const out: ScenarioFile = { ...parent, ...child, extends: undefined };
  for (const list of LISTS) {
    const merged = [...(parent[list] ?? []), ...(child[list] ?? [])];
    if (merged.length > 0) (out as unknown as Record<string, unknown>)[list] = merged;
  }
  return out;
}

export function scenarioErrorToApi(error: unknown): unknown {
  if (error instanceof ScenarioError) {
    return new ApiError(error.status, error.message);
  }
  return error;
}
