/**
 * The files of an organization's storage (`storageFiles`), as the API shows them: where the mock
 * serves one (`/__files/storage/...`, anyone with the URL, as a CDN serves GitBook's files),
 * the font format its name or type says, and the file a storage key names.
 */
import type { HandlerContext } from '../../contract/operation.ts';
import type { StorageFileRecord } from '../../store/records.ts';
import type { Tables } from '../../store/store.ts';

/** Where the upload URLs point, and where the files are served. */
export const STORAGE_PATH = '/__files/storage';

/** The path a file of `organization` is uploaded to and served at (generateStorageUploadURL signs it). */
export function storageFilePath(organization: string, file: string, name: string): string {
  return `${STORAGE_PATH}/${encodeURIComponent(organization)}/${encodeURIComponent(file)}/${encodeURIComponent(name)}`;
}

/** The URL the mock serves a storage file at. */
export function storageFileUrl(ctx: Pick<HandlerContext, 'origin'>, file: StorageFileRecord): string {
  return ctx.origin + storageFilePath(file.parent, file.id, file.name);
}

/** The file of `organization` that `storageKey` names, if the mock holds it. */
export function storageFileByKey(db: Tables, organization: string, storageKey: string): StorageFileRecord | undefined {
  return db.storageFiles.by('storageKey', storageKey).find((f) => f.parent === organization);
}

/**
 * The official FontSource `format` of a file, from its name's extension, else its type: `woff2`
 * or `woff`, the two the official enum has. A TrueType or OpenType file has none (the field is
 * optional), as does a file that is no font.
 */
export function fontFormat(file: Pick<StorageFileRecord, 'name' | 'contentType'>): 'woff2' | 'woff' | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (extension === 'woff2' || extension === 'woff') return extension;
  const type = file.contentType.toLowerCase().split(';')[0]!.trim();
  if (type === 'font/woff2' || type === 'application/font-woff2') return 'woff2';
  if (type === 'font/woff' || type === 'application/font-woff') return 'woff';
  return undefined;
}
