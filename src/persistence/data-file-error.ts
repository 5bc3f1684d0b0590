/** A data file (`--data`) that cannot be opened or written; the CLI prints its message and exits 2. */
export class DataFileError extends Error {}
