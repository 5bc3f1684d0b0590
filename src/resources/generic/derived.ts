/**
 * Fields of a generic family's object that the mock computes from other records instead of
 * keeping them, so they never fall behind the records they count: a context connection's
 * `records` is how many records it holds (shared/context.ts).
 */
import type { RuntimeContext } from '../../contract/operation.ts';
import type { OfficialRecord } from '../../store/records.ts';
import { CONTEXT_CONNECTIONS, recordsIn } from '../shared/context.ts';

type Derive = (ctx: RuntimeContext, r: OfficialRecord) => Record<string, unknown>;

const DERIVED: Record<string, Derive> = {
  [CONTEXT_CONNECTIONS]: (ctx, r) => ({ records: recordsIn(ctx, r).length }),
};

/** What the mock computes for record `r` of its family, laid over its kept fields. */
export function derivedFields(ctx: RuntimeContext, r: OfficialRecord): Record<string, unknown> {
  return DERIVED[r.family]?.(ctx, r) ?? {};
}
