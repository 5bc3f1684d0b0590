/** Reading a row's path template (`/v1/spaces/{spaceId}`): its parameters' names, its shape. */

/** The name of the last `{param}` of `path` (`/v1/spaces/{spaceId}/files/{fileId}` → `fileId`). */
export function lastParam(path: string): string {
  const name = [...path.matchAll(/\{(\w+)\}/g)].at(-1)?.[1];
  if (name === undefined) throw new Error(`${path} has no path parameter`);
  return name;
}

/** A path with its parameters left out, to compare paths by shape (`/v1/orgs/{organizationId}/fonts` → `/v1/orgs/{}/fonts`). */
export const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
