/**
 * A row that serves a few fixed files by name, at a path ending in `{file}`: the console's
 * script and style sheet (`GET /__admin/ui/{file}`).
 * Each file has its content type and is read on first use; a name the row does not hold
 * answers as a path no route serves would.
 */
import { errors } from './errors.ts';
import { rawReply, type Reply, type RouteRow } from './operation.ts';

/** One file of a row: its content type, and its text or bytes. */
export interface ServedFile {
  type: string;
  read(): string | Uint8Array;
}

export interface FilesRow extends RouteRow {
  /** The files by the name the path's `{file}` takes. */
  files: ReadonlyMap<string, ServedFile>;
  /** Headers of every file's answer (its Cache-Control). */
  headers: Readonly<Record<string, string>>;
}

/** A GET row of `files` at `path` (which ends in `{file}`); its document lists each media type it answers. */
export function filesRow(row: Omit<FilesRow, 'method' | 'status' | 'responseType'>): FilesRow {
  const types = new Set([...row.files.values()].map((file) => file.type.split(';')[0]));
  return { ...row, method: 'GET', status: 200, responseType: [...types] };
}

/** The file `name` of the row, or the 404 the app answers for a path under /__admin that no route serves. */
export function fileReply(row: FilesRow, name: string, request: { method: string; path: string }): Reply {
  const file = row.files.get(name);
  if (!file) throw errors.routeNotFound(request.method, request.path);
  return rawReply(file.read(), file.type, 200, { ...row.headers });
}
