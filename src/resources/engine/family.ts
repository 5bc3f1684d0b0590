/**
 * A family: a collection of records under a parent, described once. The engine
 * (engine/operations.ts) gives it the standard behaviour; see README, "How to add a family".
 *
 * Methods and paths come from the official route table by operationId; the request and
 * response schemas from the official document (`npm run official-schemas` writes
 * `schemas/official/<operationId>-body|query|response.json` for every operation a family names).
 */
import type { Capability } from '../../auth/roles.ts';
import type { HandlerContext, Operation } from '../../contract/operation.ts';
import type { CollectionName, Tables } from '../../store/store.ts';
import type { EngineRecord } from '../../store/records.ts';
import type { ParentName, Scope } from './parents.ts';

/** The store collections whose records are engine records. */
export type FamilyCollection = { [K in CollectionName]: ReturnType<Tables[K]['list']>[number] extends EngineRecord ? K : never }[CollectionName];

export interface Family<R extends EngineRecord = EngineRecord, C = any, U = any, Q = any> {
  /** The store table (src/store/store.ts) and the manifest collection of its scenario keys. */
  collection: FamilyCollection;
  /** The same store table, as the engine uses it (`(db) => db.siteRedirects`): its type checks that the table holds `R`. */
  table(db: Tables): FamilyTable<R>;
  /** What 404s name: `Site redirect "abc" not found`. */
  label: string;
  /** The kind given to the id source (src/ids.ts) for new ids. */
  idKind: string;
  parent: ParentName;
  /** The least capability (src/auth/roles.ts) under the parent to read, to create, to change or delete. */
  access: { read: Capability; create?: Capability; write: Capability };
  /** Official operationIds; leave out what the official document does not have. */
  operations: { list?: string; get?: string; create?: string; update?: string; delete?: string };
  /** The fields of a new record from a create body (already validated); throw an ApiError to refuse. */
  create(body: C, ctx: HandlerContext, scope: Scope): Omit<R, keyof EngineRecord>;
  /** The fields an update body changes (already validated). */
  update(record: R, body: U, ctx: HandlerContext, scope: Scope): Partial<Omit<R, keyof EngineRecord>>;
  /** The official object of a record. */
  present(record: R, ctx: HandlerContext, scope: Scope): unknown;
  /** List filters from the (validated) query. */
  filter?(record: R, query: Q, ctx: HandlerContext): boolean;
  /** List order: `desc` lists the newest first. Default `asc`. */
  order?: 'asc' | 'desc';
  /**
   * A create body and an update body that succeed under the scenario's parent: the generic test
   * (test/api/engine/families.test.ts) drives every family with them, and the README shows them.
   */
  example: { create: C; update: U };
  /** Status of a delete: 204 (default) or 205 where the seeds' deletes answer it. */
  deleteStatus?: 204 | 205;
  /**
   * Status of a delete of a record its parent does not hold, by a caller who may write there,
   * where the official document answers it without an error (deleteCustomFont: 204, "font not
   * found"); when not said, a 404 as for any other item.
   */
  deleteMissingStatus?: 204;
  /**
   * How a scenario names records of the family (its `collection` list in the scenario file):
   * the entry's field that names the parent by key, and the record's fields from the entry
   * (`ref` turns another entity's key into its id, failing with the entry's path).
   */
  scenario?: {
    parentField: string;
    build(entry: Record<string, unknown>, ref: ScenarioRef, path: string): Omit<R, keyof EngineRecord>;
  };
  /** Hand-written rows that belong with the family (a lookup by another key, an action). */
  extra?: (helpers: FamilyHelpers<R>) => Operation[];
}

/**
 * A key of another scenario entity to its id. `collection` is a collection of the manifest
 * (`siteSpaces`, `pages`: scenarios/builder.ts), checked when the scenario is built.
 */
export type ScenarioRef = (collection: string, key: string, path: string) => string;

/** What the engine lends a family's hand-written rows. */
export interface FamilyHelpers<R extends EngineRecord> {
  /** The parent named by the path, the caller's access checked for reading (or writing). */
  scope(ctx: HandlerContext, write?: boolean): Scope;
  present(record: R, ctx: HandlerContext, scope: Scope): unknown;
  table(ctx: HandlerContext): FamilyTable<R>;
  /** The record the path names by `idParam` (the last parameter by default) and its parent, checked for reading (404 otherwise). */
  item(ctx: HandlerContext, path: string): { record: R; scope: Scope };
}

/** The part of a store table the engine uses. */
export interface FamilyTable<R> {
  get(id: string): R | undefined;
  insert(row: R): R;
  update(id: string, patch: Partial<R>): R;
  delete(id: string): boolean;
  by(index: string, key: string): R[];
  viewBy(index: string, key: string): import('../../store/table.ts').RowView<R>;
}

/** Declares a family with its types checked. */
export function defineFamily<R extends EngineRecord, C = any, U = any, Q = any>(family: Family<R, C, U, Q>): Family<R, C, U, Q> {
  return family;
}

/** Schema ids the official document gives an operation (written by `npm run official-schemas`). */
export const officialSchema = {
  body: <const Id extends string>(operationId: Id) => `official/${operationId}-body` as const,
  query: <const Id extends string>(operationId: Id) => `official/${operationId}-query` as const,
  response: <const Id extends string>(operationId: Id) => `official/${operationId}-response` as const,
};

/** The schema id of a definition of the generic file (schemas/official/generic.json). */
export const genericSchema = (name: string) => `official/generic#/$defs/${name}`;
