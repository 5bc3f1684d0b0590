/**
 * An organization's storage: `generateStorageUploadURL` gives a signed URL of the mock
 * (`/__files/storage/...`) to upload one file to while it holds; the upload keeps the file's
 * bytes (`storageFiles`) under the storage key the call answered, which a custom font names
 * (families/custom-fonts.ts); a GET of the same path, unsigned, serves the bytes back, as the
 * service's CDN serves its files.
 */
import { errors } from '../../contract/errors.ts';
import { rawReply } from '../../contract/operation.ts';
import { sign } from '../../contract/signed-url.ts';
import { firstValue, keep, type FileRow } from '../shared/file-rows.ts';
import { requireOrgAdmin } from '../shared/org-lookup.ts';
import { STORAGE_PATH, storageFilePath } from '../shared/storage-files.ts';
import { storageKeyOf } from '../../store/collections/storage-files.ts';
import { officialOp } from '../engine/operations.ts';
import type { StorageFileRecord } from '../../store/records.ts';
import { base64Of, bytesOfBase64 } from '../../text/binary.ts';

/** How long an upload URL holds, on the virtual clock. */
const UPLOAD_LIFETIME_MS = 60 * 60 * 1000;
const KINDS: readonly StorageFileRecord['kind'][] = ['customization_font', 'import_file', 'organization_file'];

const FILE_PATH = `${STORAGE_PATH}/{organizationId}/{uploadId}/{name}`;

/**
 * The upload itself: while its signed URL holds, the bytes sent are kept as the file of the
 * URL's storage key, with the type the URL was asked for (a second upload to the URL replaces them).
 */
export const STORAGE_ROW: FileRow = {
  operationId: 'fileStorageUpload', method: 'PUT', path: FILE_PATH, status: 200, access: 'signed URL', reading: 'bytes',
  summary: 'An upload to the signed URL generateStorageUploadURL gives', responseType: 'application/json',
  // The signature was checked by the pipeline before this runs: the row's access is `signed URL`.
  handle: async ({ params, query, path, body, session }) => {
    const org = session.db.organizations.get(params.organizationId);
    if (!org) throw errors.notFound('Upload', path);
    const expires = Date.parse(firstValue(query.expires) ?? '');
    if (!(session.clock.nowMs() <= expires)) throw errors.gone('This upload URL has expired; ask for a new one');
    const given = firstValue(query.kind);
    // A URL given before uploads kept their kind names none.
    const kind = KINDS.find((k) => k === given) ?? 'organization_file';
    const fields = {
      storageKey: storageKeyOf(kind, org.id, params.uploadId, params.name),
      kind,
      name: params.name,
      contentType: firstValue(query.type) ?? 'application/octet-stream',
      content: base64Of(body ?? ''),
    };
    keep(session, () => {
      const now = session.clock.iso();
      const files = session.db.storageFiles;
      if (files.get(params.uploadId)) files.update(params.uploadId, { ...fields, updatedAt: now });
      else files.insert({ id: params.uploadId, parent: org.id, createdAt: now, ...fields });
    });
    return rawReply(null, undefined, 200);
  },
};

/** A kept file, to anyone with its URL (a custom font's source): its bytes as uploaded, with their type. */
export const STORAGE_FILE_ROW: FileRow = {
  operationId: 'fileStorageDownload', method: 'GET', path: FILE_PATH, status: 200, access: 'public',
  summary: "A file of an organization's storage: its bytes as uploaded", responseType: 'application/octet-stream',
  handle: async ({ params, path, session }) => {
    const file = session.db.storageFiles.get(params.uploadId);
    if (!file || file.parent !== params.organizationId || file.name !== params.name) throw errors.notFound('File', path);
    return rawReply(bytesOfBase64(file.content), file.contentType);
  },
};

export const storageOperations = [
  officialOp('generateStorageUploadURL', {
    handle: (ctx) => {
      const org = requireOrgAdmin(ctx, ctx.params.organizationId, 'upload files to this organization');
      const { file, kind } = ctx.body;
      const id = ctx.ids.next('upload');
      const url = new URL(ctx.origin + storageFilePath(org.id, id, file.name));
      url.searchParams.set('type', file.type);
      url.searchParams.set('size', String(file.size));
      url.searchParams.set('kind', kind);
      url.searchParams.set('expires', new Date(Date.parse(ctx.now) + UPLOAD_LIFETIME_MS).toISOString());
      return { object: 'storage-signed-url' as const, url: sign(url).toString(), key: storageKeyOf(kind, org.id, id, file.name) };
    },
  }),
];
