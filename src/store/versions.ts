/**
 * Table versions (table.ts), unique across every table of the process: a value derived from a
 * table and kept by its version can never be mistaken for another table's (another session's).
 * A module of their own, so that what only reads the newest (the index of ids, the audit of a
 * write) does not import the tables.
 */
let last = 0;

/** A new version, for a table made or written. */
export function nextVersion(): number {
  return ++last;
}

/**
 * The newest version of any table of the process: it moves with every write. A synchronous
 * handler that sees it move wrote (nothing else runs meanwhile, and handlers make no tables).
 */
export function newestVersion(): number {
  return last;
}
