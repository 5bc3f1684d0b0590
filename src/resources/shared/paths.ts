/** Reading a row's path template (`/v1/spaces/{spaceId}`), where handlers need its parameters' names. */

/** The name of the last `{param}` of `path` (`/v1/spaces/{spaceId}/files/{fileId}` → `fileId`). */
export function lastParam(path: string): string {
  const name = [...path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
  if (name === undefined) throw new Error(`${path} has no path parameter`);
  return name;
}
