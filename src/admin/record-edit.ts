/**
 * `PUT /__admin/state/{collection}/{id}`: one record of the session's state replaced by the
 * body, for the console's state browser. Checked as a state import is (scenarios/state-check.ts:
 * the record's schema, unique ids and tokens, references), on the whole state with the record
 * in place, so a record that saves never makes a later read fail; a refusal is a 400 naming
 * the path in the body (`body.visibility`), and nothing changes. The id cannot change (it is
 * what other records point at). Saved like an API write: in a store transaction, and to the
 * `--data` journal when there is one.
 */
import { ApiError, errors } from '../contract/errors.ts';
import { checkState } from '../scenarios/state-check.ts';
import { COLLECTION_NAMES, type CollectionName } from '../store/store.ts';
import type { AnyTable, Row } from '../store/table.ts';
import type { Runtime } from '../runtime.ts';

function isCollection(name: string): name is CollectionName {
  return (COLLECTION_NAMES as string[]).includes(name);
}

/** Replaces record `id` of `collection` with `record`; answers the record as stored. */
export function editRecord(rt: Runtime, collection: string, id: string, record: Record<string, unknown>): Row {
  if (!isCollection(collection)) throw errors.notFound('collection', collection);
  const table: AnyTable = rt.db[collection];
  if (!table.get(id)) throw errors.notFound(`${collection} record`, id);
  // The body is a JSON object (the row's schema, admin/object, checked it).
  if (record.id !== id) throw errors.badRequest(`body.id must stay "${id}" (a record's id cannot change)`);
  const row: Row = { ...record, id };
  const state: Record<string, Row[]> = rt.store.export();
  const at = state[collection].findIndex((row) => row.id === id);
  state[collection] = state[collection].map((kept, i) => (i === at ? row : kept));
  try {
    checkState(state, rt.schemas);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The state check names `state.spaces[3].visibility`; the caller sent the record itself.
    const message = error.message.replace('Invalid state: ', '').replaceAll(`state.${collection}[${at}]`, 'body');
    throw errors.badRequest(`Invalid record: ${message}`);
  }
  const { undo, changes } = rt.store.tentative(() => table.upsert(structuredClone(row)));
  rt.save(changes, undo);
  return table.existing(id);
}
