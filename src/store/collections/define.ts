/**
 * How a collection of the store is declared, once (as @mswjs/data declares a model with its
 * relations and what a delete does to them): its name, its record type, its table's indexes,
 * what its records point at, its entry in the state schema, the scenario list and manifest
 * groups it appears under, and the path parameters that name its ids. Everything else is derived
 * from the list of declarations (collections/index.ts): the tables (store.ts), the reference
 * check and removal (references.ts, removal.ts), the scenario lists and manifest groups
 * (scenarios/), and `schemas/state.json` and `schemas/scenario.json` (`npm run schemas:collections`).
 */
import { Table, type IndexKeys, type Row } from '../table.ts';

/**
 * What removing the record pointed at does to a record pointing at it:
 * - `cascade`: the record pointing goes too (and what points at it, in turn);
 * - `clear`: the record stays without the reference (the field removed, an id taken out of a
 *   list, or the object holding a nested reference set to `clearTo`);
 * - `retain`: the record pointed at stays while this one names it (an author outlives the
 *   installation that made it: its access goes with the installation, its name stays on what
 *   it wrote).
 */
export type OnDelete = 'cascade' | 'clear' | 'retain';

type KeysOfUnion<T> = T extends unknown ? keyof T : never;
/** The fields of `T` that hold an id or a list of ids. */
type IdField<T> = { [K in keyof T]-?: NonNullable<T[K]> extends string | readonly string[] ? K : never }[keyof T];
/** The fields of `T` that hold an object (not a list). */
type ObjectField<T> = { [K in keyof T]-?: NonNullable<T[K]> extends readonly unknown[] ? never : NonNullable<T[K]> extends object ? K : never }[keyof T];

/**
 * The collection an id names, or a function of the record when the record says which (`kind`
 * of an invite link's target). A name the list of declarations lacks fails when it is loaded
 * (collections/index.ts).
 */
type Target<T> = string | ((row: T) => string | undefined);

/** A field of the record holding an id (or ids) of `to`. */
interface FieldReference<T> {
  field: IdField<T>;
  to: Target<T>;
  onDelete: OnDelete;
  /** The API takes any id here (the official document names none it checks): the importer checks nothing, a removal still applies `onDelete`. */
  loose?: true;
}

/** A key of an object the record holds (`in`), naming an id of `to`; cleared, the object becomes `clearTo` (absent when not given). */
type NestedReference<T> = {
  [K in ObjectField<T>]: { in: K; key: KeysOfUnion<NonNullable<T[K]>>; to: Target<T>; onDelete: OnDelete; clearTo?: null; loose?: true };
}[ObjectField<T>];

/** The fields of `T` that hold a list of objects. */
type ListField<T> = { [K in keyof T]-?: NonNullable<T[K]> extends readonly (infer E)[] ? (E extends object ? K : never) : never }[keyof T];
type ElementOf<V> = V extends readonly (infer E)[] ? E : never;

/**
 * A key of each object of a list the record holds (`in`: a font's faces), naming an id of `to`.
 * Removing what one names keeps the record (`retain`) or takes it (`cascade`): no object of the
 * list is taken out alone.
 */
type ListReference<T> = {
  [K in ListField<T>]: { in: K; key: KeysOfUnion<ElementOf<NonNullable<T[K]>>>; to: Target<T>; onDelete: 'cascade' | 'retain'; loose?: true };
}[ListField<T>];

/** A reference is a field of the record (an id, or a list of ids), a key of an object the record holds (`in`), or a key of each object of a list it holds. */
export type Reference<T> = FieldReference<T> | NestedReference<T> | ListReference<T>;

/** A reference that goes with the record it is in: the record belongs to what it names. */
export const owner = <T>(field: IdField<T>, to: string): FieldReference<T> => ({ field, to, onDelete: 'cascade' });
/** A reference to the user who wrote, made or asked for something: it keeps the user. */
export const author = <T>(field: IdField<T>): FieldReference<T> => ({ field, to: 'users', onDelete: 'retain' });
/** A reference to a record that is only a preference or a place: removing it clears the field. */
export const optional = <T>(field: IdField<T>, to: string): FieldReference<T> => ({ field, to, onDelete: 'clear' });

/** A JSON Schema, as written into the generated schema files. */
export type JsonSchema = { [keyword: string]: unknown };

/** The declared-only slot that carries a declaration's record type. */
declare const RECORD: unique symbol;

/** A scenario list's entry: the name of its definition in `schemas/scenario.json`, and its schema. */
export interface ScenarioEntry {
  def: string;
  entry: JsonSchema;
}

export interface CollectionDeclaration<N extends string = string, R extends Row = Row, G extends string = string, S extends ScenarioEntry | undefined = ScenarioEntry | undefined> {
  /** The collection's name: its table, its key in an exported state and, when it has one, its scenario list. */
  name: N;
  /** Only a type: the record (src/store/records.ts) the table holds. */
  readonly [RECORD]?: R;
  /** The table's indexes (`table.by(name, key)`): a record's key under each, undefined for none. */
  indexes: IndexKeys<R>;
  /** What its records point at, and what a removal of that does to them. None: it points at nothing. */
  references: readonly Reference<R>[];
  /**
   * Its entry in `schemas/state.json`: each record is its type (`record`, a definition of
   * `schemas/state-records.json`) and `rules` (`#/$defs/...` of the state schema); `required`:
   * every export has the collection (the older exports did).
   */
  state: { record: string; rules: JsonSchema; required?: true };
  /**
   * The scenario file's list of it, when a scenario names its records by key (the list's name is
   * the collection's): `def` names its entry's definition in `schemas/scenario.json`, `entry`.
   */
  scenario?: S;
  /** The manifest groups (`manifest.ids.<group>`) its keys, or the keys of what its records hold, appear under. */
  manifest?: readonly G[];
  /** The path parameters whose values are its ids (`siteId`): what a test fills from a state. */
  params?: readonly string[];
}

/** The record type of a declaration. */
export type RecordOf<D extends { readonly [RECORD]?: unknown }> = NonNullable<D[typeof RECORD]>;

/**
 * Declares a collection of records `R`: `defineCollection<SiteRecord>()({ name: 'sites', ... })`
 * (two calls, so that the record is given and the name, the manifest groups and whether it has a
 * scenario list are inferred, as types the scenario builder checks its keys with).
 */
export function defineCollection<R extends Row>() {
  return <const N extends string, const G extends string = never, S extends ScenarioEntry | undefined = undefined>(
    declaration: CollectionDeclaration<N, R, G, S>,
  ): Declaration<N, R, G, S> => ({
    ...declaration,
    table: () => new Table<R>(declaration.name, declaration.indexes),
  });
}

/** A declaration as `defineCollection` gives it: with its table made empty. */
export interface Declaration<N extends string = string, R extends Row = Row, G extends string = string, S extends ScenarioEntry | undefined = ScenarioEntry | undefined>
  extends CollectionDeclaration<N, R, G, S> {
  table(): Table<R>;
}
